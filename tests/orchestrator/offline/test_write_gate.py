"""The write gate on tools the router has never seen (blind set B's wrong writes, in general
form): nothing is written with a value nobody gave (a clock time for a day alone, an enum member
the words do not name), a follow-up changes the record just made, a partial title that names
several records or none asks or says so, the words that address the list never fold into a
title, and a change to an existing thing is never made as a new one."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, tool

TOMORROW = datetime.now(ZONE).date() + timedelta(days=1)
TEXT: dict[str, Any] = {"type": "string"}
MOMENT = {"type": "string", "format": "date-time"}
PRIORITY = {"type": "string", "enum": ["low", "medium", "high", "urgent"]}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}], "default": None}


CREATE_TODO = tool(
    "create_todo",
    "Create a new todo/reminder",
    {"title": TEXT, "due_date": MOMENT, "priority": PRIORITY, "tags": {"type": "array"}},
    "title",
)
CREATE_EVENT = tool(
    "create_calendar_event",
    "Create a calendar event",
    {"title": TEXT, "start_time": MOMENT, "end_time": MOMENT, "location": TEXT},
    "title",
    "start_time",
    "end_time",
)


async def turn(tools: list[ToolDefinition], *history: Item | str) -> ModelResponse:
    items = [UserMessage(h) if isinstance(h, str) else h for h in history]
    return await OfflineRouter().respond(ModelRequest("", items, tools))


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


def question_text(response: ModelResponse) -> str:
    item = response.items[0]
    assert isinstance(item, AssistantMessage)
    return item.text


async def test_a_day_alone_for_a_date_time_asks_for_the_time_not_a_made_up_one() -> None:
    step = await turn([CREATE_TODO], "remind me to water the plants tomorrow")
    assert asks(step), calls(step)
    assert TOMORROW.isoformat() in str(getattr(step.items[0], "question", ""))
    step = await turn([CREATE_EVENT], "create an event called board review on thursday")
    assert asks(step), calls(step)
    step = await turn([CREATE_TODO], "remind me to water the plants tomorrow at 5pm")
    assert [name for name, _ in calls(step)] == ["create_todo"]
    assert "T17:00:00" in calls(step)[0][1]["due_date"]


async def test_a_day_alone_goes_as_the_day_where_the_description_says_it_may() -> None:
    due = {**MOMENT, "description": "Due date in ISO 8601 (a date alone: that day, 00:00)"}
    create = tool("create_todo", "Create a new todo", {"title": TEXT, "due_date": due}, "title")
    step = await turn([create], "remind me to water the plants tomorrow")
    assert calls(step) == [
        ("create_todo", {"title": "water the plants", "due_date": TOMORROW.isoformat()})
    ]


ADD_TODO = tool(
    "add_todo",
    "Add a new todo item.\n\n    Args:\n        text: The todo description text\n"
    "        priority: Priority level (A-Z), optional\n",
    {"text": TEXT, "priority": nullable(TEXT)},
    "text",
)


async def test_an_enum_in_the_description_takes_only_its_members() -> None:
    step = await turn([ADD_TODO], "add a top priority todo to fix the bike brakes")
    assert asks(step), calls(step)
    assert "A, B, C" in question_text(step)
    assert calls(await turn([ADD_TODO], "add a todo to fix the bike brakes, priority B")) == [
        ("add_todo", {"text": "fix the bike brakes", "priority": "B"})
    ]
    assert calls(await turn([ADD_TODO], "add a todo to fix the bike")) == [
        ("add_todo", {"text": "fix the bike"})
    ]


async def test_the_words_that_address_the_list_never_fold_into_the_text() -> None:
    todotxt = ToolDefinition(
        ADD_TODO.name, ADD_TODO.description, ADD_TODO.input_schema, server="todotxt"
    )
    step = await turn([todotxt], "add 'buy stamps' to my todo.txt with priority B")
    assert calls(step) == [("add_todo", {"text": "buy stamps", "priority": "B"})]
    step = await turn([todotxt], "add buy stamps to my todo.txt")
    assert calls(step) in ([], [("add_todo", {"text": "buy stamps"})])


Server = dict[str, Callable[[dict[str, Any]], Any]]


async def run(
    tools: list[ToolDefinition], server: Server, *said: str
) -> tuple[list[tuple[str, dict[str, Any]]], ModelResponse]:
    """Each request in turn, the router's calls run on `server` (a function per tool) until it
    answers: every call made, and the last answer."""
    history: list[Item] = []
    made: list[tuple[str, dict[str, Any]]] = []
    router = OfflineRouter()
    response = None
    for text in said:
        history.append(UserMessage(text))
        for _ in range(6):
            response = await router.respond(ModelRequest("", list(history), tools))
            if not response.tool_calls:
                history.extend(i for i in response.items if isinstance(i, AssistantMessage))
                break
            for call in response.tool_calls:
                made.append((call.name, dict(call.arguments)))
                out = server[call.name](dict(call.arguments))
                history.append(ToolCallItem(call.call_id, call.name, dict(call.arguments)))
                history.append(ToolResultItem(call.call_id, call.name, json.dumps(out)))
    assert response is not None
    return made, response


def writes(made: list[tuple[str, dict[str, Any]]], *reads: str) -> list[tuple[str, dict[str, Any]]]:
    return [(name, args) for name, args in made if name not in reads]


TODO_ID = {"todo_id": TEXT}
TODOS = [
    {"id": "t1", "text": "book a dentist appointment", "completed": False},
    {"id": "t2", "text": "call the plumber", "completed": False},
    {"id": "t3", "text": "buy a birthday card", "completed": False},
    {"id": "t4", "text": "buy a birthday present", "completed": False},
]
LIST_TODOS = tool("list_todos", "List all todos.", {})
COMPLETE_TODO = tool("complete_todo", "Mark a todo as completed.", TODO_ID, "todo_id")
UPDATE_TODO = tool(
    "update_todo",
    "Update a todo item.",
    {**TODO_ID, "text": nullable(TEXT), "completed": nullable({"type": "boolean"})},
    "todo_id",
)
DELETE_TODO = tool("delete_todo", "Delete a todo.", TODO_ID, "todo_id")
TODO_SERVER: Server = {
    "list_todos": lambda args: {"todos": TODOS},
    "complete_todo": lambda args: {"success": True},
    "update_todo": lambda args: {"success": True},
    "delete_todo": lambda args: {"success": True},
}
TODO_TOOLS = [LIST_TODOS, COMPLETE_TODO, UPDATE_TODO, DELETE_TODO]


async def test_the_tools_own_verb_is_not_part_of_the_partial_title() -> None:
    made, _ = await run(TODO_TOOLS, TODO_SERVER, "mark the dentist one as complete")
    assert writes(made, "list_todos") == [("complete_todo", {"todo_id": "t1"})]


async def test_a_partial_title_that_names_several_records_or_none_never_writes() -> None:
    made, answer = await run(TODO_TOOLS, TODO_SERVER, "delete the birthday todo")
    assert writes(made, "list_todos") == []
    assert "birthday card" in question_text(answer)
    made, answer = await run(TODO_TOOLS, TODO_SERVER, "tick off the passport todo")
    assert writes(made, "list_todos") == []


def task_tools() -> tuple[list[ToolDefinition], Server, list[dict[str, Any]]]:
    tasks: list[dict[str, Any]] = []
    fields = {
        "tags": nullable({"type": "array", "items": TEXT}),
        "priority": nullable({"type": "string", "enum": ["low", "medium", "high", "none"]}),
        "due_date": nullable(TEXT),
    }
    create = tool("task_create", "Create a new task", {"name": TEXT, **fields}, "name")
    update = tool(
        "task_update",
        "Update an existing task",
        {"id": {"type": "integer"}, "name": nullable(TEXT), **fields},
        "id",
    )
    listing = tool("task_list", "List tasks", {})

    def made(args: dict[str, Any]) -> dict[str, Any]:
        tasks.append({"id": len(tasks) + 1, **args})
        return tasks[-1]

    def changed(args: dict[str, Any]) -> dict[str, Any]:
        task = next(t for t in tasks if t["id"] == args["id"])
        task.update(args)
        return task

    server: Server = {"task_create": made, "task_update": changed, "task_list": lambda a: tasks}
    return [create, update, listing], server, tasks


async def test_a_list_of_tags_ends_where_another_value_or_clause_begins() -> None:
    tools, server, _ = task_tools()
    said = "new task in my task list, tagged garden - mow the lawn, low priority"
    made, _ = await run(tools, server, said)
    assert made == [
        ("task_create", {"name": "mow the lawn", "tags": ["garden"], "priority": "low"})
    ]
    made, _ = await run(
        tools, server, "add a task to paint it, tag it garden and make it low priority"
    )
    assert made[-1][1]["tags"] == ["garden"]


async def test_a_follow_up_changes_the_record_just_made_with_all_it_says() -> None:
    tools, server, tasks = task_tools()
    said = ("add a task to repaint the fence", "tag it garden and make it low priority")
    made, _ = await run(tools, server, *said)
    assert made == [
        ("task_create", {"name": "repaint the fence"}),
        ("task_update", {"id": 1, "tags": ["garden"], "priority": "low"}),
    ]
    assert tasks[0]["tags"] == ["garden"]


async def test_an_answer_that_names_its_field_gives_the_value_alone() -> None:
    untyped: dict[str, Any] = {}
    add = tool(
        "add_expense",
        "Add a new expense entry to the database.",
        {"date": untyped, "amount": untyped, "category": untyped, "note": TEXT},
        "date",
        "amount",
        "category",
    )
    server: Server = {"add_expense": lambda args: {"id": 1, **args}}
    made, _ = await run([add], server, "log 18 for a haircut today", "category is personal care")
    assert [(name, args.get("category")) for name, args in made] == [
        ("add_expense", "personal care")
    ]


STATUS = {"type": "string", "enum": ["not_started", "in_progress", "on_hold", "completed"]}
CREATE_PROJECT = tool(
    "create_project", "Create a new project", {"name": TEXT, "status": STATUS}, "name"
)
UPDATE_PROJECT = tool(
    "update_project",
    "Update a project's information",
    {"project_id": TEXT, "name": TEXT, "status": STATUS},
    "project_id",
)
LIST_PROJECTS = tool("list_projects", "List all projects or filter by status", {"status": STATUS})


def project_server(*names: str) -> Server:
    projects = [{"id": f"p{n}", "name": name} for n, name in enumerate(names)]
    return {
        "list_projects": lambda args: {"projects": projects},
        "create_project": lambda args: {"id": "new", **args},
        "update_project": lambda args: {"success": True},
    }


async def test_a_change_to_an_existing_thing_is_never_made_as_a_new_one() -> None:
    tools = [CREATE_PROJECT, UPDATE_PROJECT, LIST_PROJECTS]
    server = project_server("Kitchen renovation", "Photo book")
    made, _ = await run(tools, server, "put the kitchen project on hold")
    assert writes(made, "list_projects") == [
        ("update_project", {"project_id": "p0", "status": "on_hold"})
    ]
    made, _ = await run(tools, project_server("Photo book"), "put the kitchen project on hold")
    assert writes(made, "list_projects") == []
    made, _ = await run(tools, server, "create a project called Garden, not started")
    assert writes(made, "list_projects") == [
        ("create_project", {"name": "Garden", "status": "not_started"})
    ]


async def test_a_place_named_only_by_there_is_asked_for_before_a_write() -> None:
    move = tool(
        "move_file",
        "Move or rename files and directories.",
        {"source": TEXT, "destination": TEXT},
        "source",
        "destination",
    )
    step = await turn([move], "rename plan.md in there to roadmap.md")
    assert asks(step), calls(step)
    assert calls(await turn([move], "rename plan.md to roadmap.md")) == [
        ("move_file", {"source": "plan.md", "destination": "roadmap.md"})
    ]


async def test_a_follow_up_finds_the_new_records_id_in_a_result_in_words() -> None:
    tools, server, tasks = task_tools()
    made_one = server["task_create"]
    server["task_create"] = lambda args: (
        f"Task created successfully with ID: {made_one(args)['id']}"
    )
    said = ("add a task to repaint the fence", "tag it garden and make it low priority")
    made, _ = await run(tools, server, *said)
    assert made[1:] == [("task_update", {"id": 1, "tags": ["garden"], "priority": "low"})]
    assert tasks[0]["priority"] == "low"


async def test_a_list_labelled_by_its_own_word_takes_the_one_name_said() -> None:
    names = nullable({"type": "array", "items": TEXT})
    add = tool("add_todo", "Add a new todo item.", {"text": TEXT, "contexts": names}, "text")
    step = await turn([add], "new todo - pick up the dry cleaning, context errands")
    assert calls(step) == [
        ("add_todo", {"text": "pick up the dry cleaning", "contexts": ["errands"]})
    ]


async def test_of_two_ways_to_change_the_same_item_the_one_well_ahead_is_taken() -> None:
    complete = ToolDefinition(
        "todotxt__complete_todo", COMPLETE_TODO.description, COMPLETE_TODO.input_schema
    )
    tools = [LIST_TODOS, complete, UPDATE_TODO, DELETE_TODO]
    server = {**TODO_SERVER, complete.name: TODO_SERVER["complete_todo"]}
    made, _ = await run(tools, server, "mark the dentist one as complete")
    assert writes(made, "list_todos") == [("todotxt__complete_todo", {"todo_id": "t1"})]


async def test_a_field_named_without_a_value_is_asked_for_not_read_as_the_item() -> None:
    priority = {"type": "string", "enum": ["low", "medium", "high"]}
    update = tool(
        "update_project",
        "Update a project's information",
        {"project_id": TEXT, "status": STATUS, "priority": priority},
        "project_id",
    )
    tools = [CREATE_PROJECT, update, LIST_PROJECTS]
    server = project_server("Kitchen renovation", "Photo book")
    made, answer = await run(tools, server, "set the kitchen project's priority")
    assert writes(made, "list_projects") == []
    assert asks(answer)
    assert "priority" in question_text(answer)
    made, _ = await run(tools, server, "set the kitchen project's priority to high")
    assert writes(made, "list_projects") == [
        ("update_project", {"project_id": "p0", "priority": "high"})
    ]


ADD_FILED_TODO = tool(
    "add_todo",
    "Add a new todo item.\n\n    Args:\n        text: The todo description text\n"
    "        priority: Priority level (A-Z), optional\n"
    "        projects: List of project names (without + prefix), optional\n",
    {
        "text": TEXT,
        "priority": nullable(TEXT),
        "projects": nullable({"type": "array", "items": TEXT}),
    },
    "text",
)


async def test_a_name_said_with_the_mark_the_server_adds_goes_without_it() -> None:
    step = await turn(
        [ADD_FILED_TODO], "add renew car insurance as an A priority for the +car project"
    )
    assert calls(step) == [
        ("add_todo", {"text": "renew car insurance", "priority": "A", "projects": ["car"]})
    ]


CREATE_TASK = tool(
    "create_task",
    "Create a root task or subtask (when parent is given).",
    {"title": TEXT, "parent": nullable(TEXT), "description": nullable(TEXT)},
    "title",
)


def tasks() -> Server:
    made: list[str] = []

    def create(args: dict[str, Any]) -> dict[str, Any]:
        made.append(args["title"])
        return {"id": f"s{len(made):02d}", "status": "pending"}

    return {"create_task": create}


async def test_the_user_as_the_one_a_task_is_for_is_not_part_of_its_title() -> None:
    step = await turn([CREATE_TASK], "add a task for myself to write the Q4 board deck")
    assert calls(step) == [("create_task", {"title": "write the Q4 board deck"})]
    step = await turn([CREATE_TASK], "create a task for me: book the venue")
    assert calls(step) == [("create_task", {"title": "book the venue"})]


async def test_a_title_that_only_names_the_kind_of_thing_is_asked_for() -> None:
    note = tool("create_note", "Create a note", {"title": TEXT, "body": nullable(TEXT)}, "title")
    for tools, said in (
        ([CREATE_TASK], "create a subtask"),
        ([CREATE_TASK], "add a task"),
        ([note], "create a subtask"),
        ([note], "add a new entry"),
    ):
        step = await turn(tools, said)
        assert asks(step), (said, calls(step))


async def test_a_subtask_with_no_parent_asks_for_the_parent() -> None:
    step = await turn([CREATE_TASK], "add a subtask: update the pricing page")
    assert asks(step), calls(step)
    assert "parent" in question_text(step)


async def test_a_subtask_of_it_goes_under_the_record_just_made() -> None:
    made, _ = await run(
        [CREATE_TASK],
        tasks(),
        "add a task to prepare the Q1 budget",
        "and give it a subtask: collect numbers from each team",
    )
    assert made == [
        ("create_task", {"title": "prepare the Q1 budget"}),
        ("create_task", {"title": "collect numbers from each team", "parent": "s01"}),
    ]


async def test_a_thing_said_to_be_done_is_completed_on_the_item_its_words_name() -> None:
    made, _ = await run(TODO_TOOLS, TODO_SERVER, "the plumber call is done")
    assert writes(made, "list_todos") == [("complete_todo", {"todo_id": "t2"})]
    made, _ = await run(TODO_TOOLS, TODO_SERVER, "the dentist appointment is fixed")
    assert writes(made, "list_todos") == [("complete_todo", {"todo_id": "t1"})]
    made, _ = await run(TODO_TOOLS, TODO_SERVER, "the birthday stuff is done")
    assert writes(made, "list_todos") == []  # a card and a present: which?


async def test_an_item_is_found_in_a_listing_of_compact_lines() -> None:
    listing = ". s01  Renew the SSL certificate\n~ s02  Update onboarding docs (...)"
    tools = [
        tool("list_tasks", "List root tasks as compact lines: <sign> <id>  <title>.", {}),
        tool("finish_task", "Mark a task as done.", {"task_ref": TEXT}, "task_ref"),
    ]
    server: Server = {"list_tasks": lambda a: {"result": listing}, "finish_task": lambda a: {}}
    made, _ = await run(tools, server, "the onboarding docs are finished")
    assert writes(made, "list_tasks") == [("finish_task", {"task_ref": "s02"})]
    made, _ = await run(tools, server, "the passport renewal is done")
    assert writes(made, "list_tasks") == []


async def test_the_word_that_says_done_never_names_the_item() -> None:
    made, answer = await run(TODO_TOOLS, TODO_SERVER, "mark it done")
    assert writes(made, "list_todos") == []
    assert asks(answer) and "No todo matches" not in question_text(answer)


async def test_a_list_the_tools_own_description_says_is_replaced_keeps_the_entries_it_had() -> None:
    edit = tool(
        "edit_plant",
        "Edit a plant.\n\n    Args:\n        id: The plant id.\n"
        "        labels: New full label list (replaces existing).\n",
        {"id": {"type": "integer"}, "labels": nullable({"type": "array", "items": TEXT})},
        "id",
    )
    plants = [tool("list_plants", "List the plants.", {}), edit]
    server: Server = {
        "list_plants": lambda a: {"plants": [{"id": 2, "title": "fern", "labels": ["shade"]}]},
        "edit_plant": lambda a: {"ok": True},
    }
    made, _ = await run(plants, server, "label the fern plant with indoor")
    assert writes(made, "list_plants") == [("edit_plant", {"id": 2, "labels": ["shade", "indoor"]})]
