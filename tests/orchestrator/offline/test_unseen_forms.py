"""Forms of listings and requests the router met first on servers it was never tuned on (blind
set D and its like), each read by a general rule: a listing in markdown task lines, and so on.
Every test here fails on the router before its rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

from orchestrator.offline._answer import describe_result
from orchestrator.offline._items import items_of, text_items
from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline.test_write_gate import (
    TEXT,
    Server,
    asks,
    calls,
    question_text,
    run,
    tool,
    turn,
    writes,
)

TASK_ID = {"task_id": TEXT}
MARKDOWN_TASKS = (
    "- [ ] **#2** Write API docs `#docs`\n"
    "  - [ ] **#2.1** Document the auth endpoints\n"
    "- [x] **#1** Set up CI pipeline `#devops`\n"
    "- [ ] **#3** Fix flaky login test"
)
PROJECT_TOOLS = [
    tool("list_tasks", "List the tasks of TODO.md.", {}),
    tool("start_task", "Mark a task as in progress.", TASK_ID, "task_id"),
    tool("archive_task", "Archive a task.", TASK_ID, "task_id"),
]
PROJECT: Server = {
    "list_tasks": lambda a: {"result": MARKDOWN_TASKS},
    "start_task": lambda a: {"result": "Started"},
    "archive_task": lambda a: {"result": "Archived"},
}


def test_a_markdown_task_line_is_an_item_with_its_id_title_and_tags() -> None:
    assert text_items(MARKDOWN_TASKS) == [
        {"title": "Write API docs", "id": "2", "tags": ["docs"]},
        {"title": "Document the auth endpoints", "id": "2.1"},
        {"title": "Set up CI pipeline", "id": "1", "tags": ["devops"]},
        {"title": "Fix flaky login test", "id": "3"},
    ]
    assert text_items("# Tasks\n\n- [ ] **#4** Renew passport") == [
        {"title": "Renew passport", "id": "4"}
    ]
    assert text_items("- [ ] **#4** Renew passport\nsome other line") is None


async def test_an_item_is_found_in_a_listing_of_markdown_task_lines() -> None:
    made, _ = await run(PROJECT_TOOLS, PROJECT, "archive the API docs task")
    assert writes(made, "list_tasks") == [("archive_task", {"task_id": "2"})]
    made, _ = await run(PROJECT_TOOLS, PROJECT, "I'm starting on the flaky login test now")
    assert writes(made, "list_tasks") == [("start_task", {"task_id": "3"})]
    made, _ = await run(PROJECT_TOOLS, PROJECT, "archive the passport task")
    assert writes(made, "list_tasks") == []


TODO_ID = {"todo_id": TEXT}
TODOS = [
    {"id": "t1", "text": "book a dentist appointment"},
    {"id": "t2", "text": "call the plumber"},
]
TODO_LIST = tool("list_todos", "List all todos.", {})
TODO_SERVER: Server = {
    "list_todos": lambda a: {"todos": TODOS},
    "update_todo": lambda a: {"success": True},
    "complete_todo": lambda a: {"success": True},
    "update_note": lambda a: {"success": True},
    "list_notes": lambda a: {"notes": [{"name": "groceries", "content": "milk, eggs"}]},
    "update_task": lambda a: {"success": True},
    "list_tasks": lambda a: {"tasks": [{"id": 7, "name": "renew gym membership"}]},
}


async def test_a_change_to_a_quoted_or_colon_marked_text_is_the_items_new_text() -> None:
    update = tool(
        "update_todo", "Update a todo.", {**TODO_ID, "text": TEXT, "priority": TEXT}, "todo_id"
    )
    todos = [TODO_LIST, update]
    made, _ = await run(todos, TODO_SERVER, 'change the dentist todo to "book it for Thursday"')
    assert writes(made, "list_todos") == [
        ("update_todo", {"todo_id": "t1", "text": "book it for Thursday"})
    ]
    made, _ = await run(todos, TODO_SERVER, "change the plumber one to: Call about the boiler")
    assert writes(made, "list_todos") == [
        ("update_todo", {"todo_id": "t2", "text": "Call about the boiler"})
    ]
    made, _ = await run(todos, TODO_SERVER, "change the plumber one to tomorrow's list")
    assert writes(made, "list_todos") == []  # no marks, no rename verb: not a new text


async def test_a_rename_sets_a_name_beside_the_id_never_the_name_an_item_is_found_by() -> None:
    update_task = tool(
        "update_task", "Update a task.", {"id": {"type": "integer"}, "name": TEXT}, "id"
    )
    tasks = [tool("list_tasks", "List tasks.", {}), update_task]
    made, _ = await run(tasks, TODO_SERVER, "rename the gym task to 'cancel gym membership'")
    assert writes(made, "list_tasks") == [
        ("update_task", {"id": 7, "name": "cancel gym membership"})
    ]
    update_note = tool(
        "update_note", "Update a note's content.", {"name": TEXT, "content": TEXT}, "name"
    )
    notes = [tool("list_notes", "List notes.", {}), update_note]
    made, _ = await run(notes, TODO_SERVER, "rename the groceries note to shopping")
    assert writes(made, "list_notes") == []  # its content is no name


async def test_a_rename_by_id_is_the_tool_that_reads_the_new_text() -> None:
    modify = tool(
        "modify_task", "Modify a task's description.", {**TASK_ID, "description": TEXT}, "task_id"
    )
    complete = tool("complete_task", "Mark a task as complete.", TASK_ID, "task_id")
    tools = [*PROJECT_TOOLS, modify, complete]
    server = {**PROJECT, "modify_task": lambda a: {}, "complete_task": lambda a: {}}
    made, _ = await run(tools, server, "rename task 1 to: Set up CI on GitHub Actions")
    assert writes(made, "list_tasks") == [
        ("modify_task", {"task_id": "1", "description": "Set up CI on GitHub Actions"})
    ]


async def test_a_clause_that_says_why_never_names_the_item() -> None:
    delete = tool("delete_todo", "Delete a todo.", TODO_ID, "todo_id")
    todos = [TODO_LIST, delete]
    server = {**TODO_SERVER, "delete_todo": lambda a: {"success": True}}
    made, _ = await run(todos, server, "delete the plumber todo, I already called him")
    assert writes(made, "list_todos") == [("delete_todo", {"todo_id": "t2"})]
    made, _ = await run(todos, server, "delete the dentist todo, it's cancelled")
    assert writes(made, "list_todos") == [("delete_todo", {"todo_id": "t1"})]
    made, _ = await run(todos, server, "delete the passport todo, I already renewed it")
    assert writes(made, "list_todos") == []  # the rest still names no todo


LOG_ATTEMPT = tool(
    "log_attempt",
    "Log an attempt at a practice problem.",
    {
        "problem_name": TEXT,
        "status": {"type": "string", "enum": ["solved", "struggled", "gave_up"]},
        "time_taken_minutes": {"type": "integer"},
    },
    "problem_name",
    "status",
)
GET_STATS = tool("get_stats", "Get your overall progress stats.", {})


async def test_a_thing_said_as_done_records_the_state_its_past_verb_names() -> None:
    tools = [LOG_ATTEMPT, GET_STATS]
    step = await turn(tools, "solved two sum in 12 minutes")
    assert calls(step) == [
        (
            "log_attempt",
            {"problem_name": "two sum", "status": "solved", "time_taken_minutes": 12},
        )
    ]
    step = await turn(tools, "gave up on median of two sorted arrays")
    assert calls(step) == [
        ("log_attempt", {"problem_name": "median of two sorted arrays", "status": "gave_up"})
    ]
    step = await turn(tools, "struggled for 30 minutes on two sum")
    assert calls(step) == [
        (
            "log_attempt",
            {"problem_name": "two sum", "status": "struggled", "time_taken_minutes": 30},
        )
    ]
    assert asks(await turn(tools, "I solved one today"))  # which one?
    assert calls(await turn(tools, "watched two sum in 12 minutes")) == []  # no such state


async def test_the_state_a_mark_sets_after_as_never_names_the_item() -> None:
    listing = {"tasks": [{"task_id": "T-3001", "title": "send quote"}, {"task_id": "T-3002"}]}
    tools = [
        tool("list_tasks", "List tasks.", {}),
        tool("complete_task", "Mark a task as done.", TASK_ID, "task_id"),
    ]
    server: Server = {"list_tasks": lambda a: listing, "complete_task": lambda a: {}}
    made, _ = await run(tools, server, "mark task T-3002 as done")
    assert writes(made, "list_tasks") == [("complete_task", {"task_id": "T-3002"})]
    made, _ = await run(tools, server, "mark the quote task as done")
    assert writes(made, "list_tasks") == [("complete_task", {"task_id": "T-3001"})]


KIT_TODOS = {"count": 2, "items": [{"id": "a1", "text": "review PR 42"}]}
KIT_TODOS["items"].append({"id": "b2", "text": "write release notes"})
KIT_TOOLS = [
    tool("todo_list", "List todos.", {}),
    tool("todo_delete", "Delete a todo.", {"id": TEXT}, "id"),
    tool("note_list", "List notes.", {}),
    tool("note_delete", "Delete a note.", {"name": TEXT}, "name"),
]
KIT: Server = {  # each result JSON in one text, as a server whose function returns a string
    "todo_list": lambda a: {"result": json.dumps(KIT_TODOS)},
    "todo_delete": lambda a: {"result": "{}"},
    "note_list": lambda a: {"result": json.dumps({"items": [{"name": "standup"}]})},
    "note_delete": lambda a: {"result": "{}"},
}


def test_a_result_that_is_json_in_one_text_is_read_as_that_json() -> None:
    assert items_of({"result": json.dumps(KIT_TODOS)}) == KIT_TODOS["items"]
    assert items_of({"result": "not json [at all"}) is None


async def test_an_item_is_found_in_a_listing_sent_as_json_text() -> None:
    made, _ = await run(KIT_TOOLS, KIT, "delete the release notes todo")
    assert writes(made, "todo_list", "note_list") == [("todo_delete", {"id": "b2"})]


async def test_a_reference_that_only_says_kinds_of_things_names_no_item() -> None:
    made, _ = await run(KIT_TOOLS, KIT, "delete all my todos and notes")
    assert writes(made, "todo_list", "note_list") == []
    made, _ = await run(KIT_TOOLS, KIT, "delete my todos and notes")
    assert writes(made, "todo_list", "note_list") == []


def schema(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


SET_FIELDS = {
    "exercise": TEXT,
    "weight": {"type": "number"},
    "reps": {"type": "integer"},
    "notes": TEXT,
}


def test_of_two_verbs_in_a_tool_name_the_one_its_description_opens_with_is_the_verb() -> None:
    log_set = ToolView.of("log_set", "Log a set to the current workout.", schema(SET_FIELDS))
    assert (log_set.verb, log_set.kind) == ("log", "create")
    assert "set" in log_set.nouns
    mark_done = ToolView.of("mark_done", "Mark the todo with the given id as done.", schema({}))
    assert (mark_done.verb, mark_done.kind) == ("mark", "update")
    assert "done" not in mark_done.nouns


async def test_a_record_named_by_a_verb_word_of_its_tool_is_asked_for() -> None:
    log_set = tool("log_set", "Log a set to the current workout.", SET_FIELDS)
    log_food = tool("log_food", "Log food.", {"text": TEXT, "grams": {"type": "number"}})
    step = await turn([log_set, log_food], "log a set")
    assert asks(step), calls(step)
    assert "log_set" in question_text(step)


ADD_TODO = tool(
    "add_todo",
    "Add a new todo.\n\nArgs:\n    text: The todo content.\n"
    '    priority: One of "high", "med", "low". Defaults to "med".\n',
    {"text": TEXT, "priority": {"type": "string", "default": "med"}},
    "text",
)


async def test_a_value_its_description_lists_said_before_the_parameters_word_fills_it() -> None:
    step = await turn([ADD_TODO], "add a todo to order milk, high priority")
    assert calls(step) == [("add_todo", {"text": "order milk", "priority": "high"})]
    step = await turn([ADD_TODO], "add a todo to order milk, priority low")
    assert calls(step) == [("add_todo", {"text": "order milk", "priority": "low"})]
    assert asks(await turn([ADD_TODO], "add a todo to order milk, urgent priority"))


async def test_a_rename_of_a_quoted_name_finds_the_item_its_kind_unsaid() -> None:
    ident = {"id": {"type": "integer"}}
    tools = [
        tool("list_todos", "List todos.", {}),
        tool("mark_done", "Mark the todo with the given id as done.", ident, "id"),
        tool("edit_todo", "Edit a todo.", {**ident, "text": TEXT}, "id"),
    ]
    listing = {"todos": [{"id": 4, "text": "call grandma"}, {"id": 5, "text": "buy stamps"}]}
    server: Server = {"list_todos": lambda a: listing, "edit_todo": lambda a: {}}
    made, _ = await run(tools, server, "rename 'call grandma' to 'call grandma about christmas'")
    assert writes(made, "list_todos") == [
        ("edit_todo", {"id": 4, "text": "call grandma about christmas"})
    ]
    made, _ = await run(tools, server, "rename 'call grandpa' to 'call grandpa on sunday'")
    assert writes(made, "list_todos") == []  # no such todo
    made, _ = await run(tools[:2], server, "rename 'call grandma' to 'call grandma at noon'")
    assert writes(made, "list_todos") == []  # no tool takes a new name


async def test_a_text_beside_what_names_the_record_is_all_that_follows_a_colon() -> None:
    write = tool("note_write", "Write a note.", {"name": TEXT, "content": TEXT}, "name", "content")
    step = await turn([write], "write a note called dentist: call back on monday, ask for Ana")
    assert calls(step) == [
        ("note_write", {"name": "dentist", "content": "call back on monday, ask for Ana"})
    ]
    step = await turn([write], "write a note called retro: went well - shipping; to improve - x")
    assert calls(step) == [
        ("note_write", {"name": "retro", "content": "went well - shipping; to improve - x"})
    ]
    entry = tool("add_entry", "Add a journal entry.", {"title": TEXT, "notes": TEXT}, "title")
    step = await turn([entry], "add an entry: long run. notes: felt slow, try again on monday")
    assert calls(step) == [
        ("add_entry", {"title": "long run", "notes": "felt slow, try again on monday"})
    ]
    add = tool("add_todo", "Add a todo.", {"text": TEXT}, "text")  # nothing else names it,
    step = await turn([add], "todo: call mum on sunday")  # and no date: the day is the text's
    assert calls(step) == [("add_todo", {"text": "call mum on sunday"})]
    new_item = tool("new_item", "Create an item.", {"title": TEXT, "description": TEXT}, "title")
    step = await turn([new_item], "new epic on the board: Onboarding revamp")
    assert calls(step) == []  # never titled "board", the word before a heading's colon


async def test_the_word_for_the_kind_of_item_a_record_goes_on_is_not_its_name() -> None:
    add_note = tool(
        "add_note", "Add a note to a task.", {**TASK_ID, "note_text": TEXT}, "task_id", "note_text"
    )
    tools = [PROJECT_TOOLS[0], add_note]
    server: Server = {**PROJECT, "add_note": lambda a: {"result": "Noted"}}
    made, _ = await run(tools, server, "add a note to the login test task: fails only on CI")
    assert writes(made, "list_tasks") == [
        ("add_note", {"task_id": "3", "note_text": "fails only on CI"})
    ]
    made, _ = await run(tools, server, "add a note to the passport task: bring photos")
    assert writes(made, "list_tasks") == []  # no such task


async def test_it_after_a_listing_of_one_item_is_that_item() -> None:
    by_project = tool("filter_by_project", "List the todos of a project.", {"project": TEXT})
    complete = tool("complete_todo", "Mark a todo as completed.", TODO_ID, "todo_id")
    house = {"todos": [{"id": "t2", "text": "call the plumber"}]}
    both = {"todos": TODOS}
    server: Server = {
        "filter_by_project": lambda a: house if a.get("project") == "house" else both,
        "complete_todo": lambda a: {"success": True},
    }
    tools = [by_project, complete]
    said = ("what's in my house project?", "ok tick that one off")
    made, _ = await run(tools, server, *said)
    assert writes(made, "filter_by_project") == [("complete_todo", {"todo_id": "t2"})]
    made, _ = await run(tools, server, "what's in my garden project?", "ok tick that one off")
    assert writes(made, "filter_by_project") == []  # two todos: which one?


TAGGED_TASKS = tool(
    "task_list", "List tasks.", {"tags": {"type": "array", "items": TEXT}, "status": TEXT}
)


async def test_a_question_about_what_is_tagged_reads_the_listing_with_that_tag() -> None:
    get = tool("task_get", "Get a task.", {"id": TEXT}, "id")
    step = await turn([TAGGED_TASKS, get], "anything tagged work?")
    assert calls(step) == [("task_list", {"tags": ["work"]})]


async def test_the_done_of_mark_it_done_is_the_state_not_a_word_left_over() -> None:
    by_tag = tool("list_tasks", "List tasks.", {"tag": TEXT})
    complete = tool("complete_task", "Mark a task as done.", TASK_ID, "task_id")
    one = {"tasks": [{"task_id": "1", "title": "Set up CI pipeline"}]}
    server: Server = {"list_tasks": lambda a: one, "complete_task": lambda a: {}}
    made, _ = await run([by_tag, complete], server, "what's tagged devops?", "mark it done")
    assert writes(made, "list_tasks") == [("complete_task", {"task_id": "1"})]


async def test_a_name_after_a_preposition_is_no_value_of_a_param_that_lists_its_values() -> None:
    step = await turn([ADD_TODO], "add a todo to book flights to Lisbon")
    assert calls(step) == [("add_todo", {"text": "book flights to Lisbon"})]


async def test_a_request_that_goes_on_from_the_one_before_names_what_its_call_did() -> None:
    now = tool("get_current_time", "Get the time in a zone.", {"timezone": TEXT}, "timezone")
    server: Server = {"get_current_time": lambda a: {"datetime": "2026-11-25T09:00:00"}}
    made, _ = await run([now], server, "what time is it in Nairobi?", "and in Lagos?")
    assert made == [
        ("get_current_time", {"timezone": "Africa/Nairobi"}),
        ("get_current_time", {"timezone": "Africa/Lagos"}),
    ]
    made, _ = await run([now], server, "and in Lagos?")  # nothing before it to go on from
    assert made == []


async def test_a_follow_up_after_a_filler_and_a_comma_changes_the_record_just_made() -> None:
    level = {"type": "string", "enum": ["low", "normal", "urgent"]}
    ident = {"id": {"type": "integer"}}
    new = tool("new_reminder", "Create a reminder.", {"text": TEXT, "level": level}, "text")
    change = tool("change_reminder", "Change a reminder.", {**ident, "level": level}, "id")
    made_so_far: list[dict[str, Any]] = []

    def create(args: dict[str, Any]) -> dict[str, Any]:
        made_so_far.append(args)
        return {"id": len(made_so_far), **args}

    server: Server = {"new_reminder": create, "change_reminder": lambda a: a}
    said = ("actually make that one urgent", "ok, make it urgent", "oh wait, make that urgent")
    for follow_up in said:
        made, _ = await run([new, change], server, "add a reminder to call the vet", follow_up)
        assert made[1:] == [
            ("change_reminder", {"id": len(made_so_far), "level": follow_up.split()[-1]})
        ], follow_up


SEARCH_TICKETS = tool(
    "search_tickets",
    "Search tickets.\n\n    Args:\n        query: Words in the ticket.\n"
    "        level: Filter by low/normal/urgent.\n",
    {"query": TEXT, "level": TEXT},
)


async def test_values_a_description_joins_by_slashes_are_the_only_ones_a_parameter_takes() -> None:
    step = await turn([SEARCH_TICKETS], "anything urgent level I ought to look at?")
    assert calls(step) == [("search_tickets", {"level": "urgent"})]
    open_ticket = tool(
        "open_ticket",
        "Open a ticket.\n\n    Args:\n        title: Its title.\n"
        "        level: low/normal/urgent.\n",
        {"title": TEXT, "level": TEXT},
        "title",
    )
    step = await turn([open_ticket], "open a ticket for the printer jam, level banana")
    assert calls(step) == []
    step = await turn([open_ticket], "open a ticket for the printer jam, high level")
    assert calls(step) == []  # "high" is none of the values the description lists


@pytest.mark.parametrize(
    "listed", ["open|waiting|closed|all", "open, waiting, closed, or all (default)."]
)
async def test_a_filter_whose_description_lists_its_values_is_filled_with_the_one_said(
    listed: str,
) -> None:
    tickets = tool(
        "list_tickets",
        f"List tickets.\n\n    Args:\n        state: {listed}\n        tag: A tag.\n",
        {"state": TEXT, "tag": TEXT},
    )
    step = await turn([tickets], "show me the tickets I've closed")
    assert calls(step) == [("list_tickets", {"state": "closed"})]
    step = await turn([tickets], "list my waiting tickets")
    assert calls(step) == [("list_tickets", {"state": "waiting"})]


async def test_a_change_to_it_is_the_change_tool_not_a_new_record_inside_it() -> None:
    color = {"type": "string", "enum": ["red", "green", "blue"]}
    board_id = {"board_id": TEXT}
    tools = [
        tool("new_board", "Create a board.", {"name": TEXT, "color": color}, "name"),
        tool("change_board", "Update a board.", {**board_id, "color": color}, "board_id"),
        tool(
            "add_board_card",
            "Add a card to a board.",
            {**board_id, "title": TEXT, "color": color},
            "board_id",
            "title",
        ),
    ]
    server: Server = {
        "new_board": lambda a: {"id": "b7", **a},
        "change_board": lambda a: {"id": "b7", **a},
        "add_board_card": lambda a: {"id": "c1", **a},
    }
    made, _ = await run(tools, server, "create a board called Garden", "make it red")
    assert made == [
        ("new_board", {"name": "Garden"}),
        ("change_board", {"color": "red", "board_id": "b7"}),
    ]


async def test_a_dash_parts_a_new_records_title_from_the_text_it_needs() -> None:
    memo = tool("make_memo", "Make a memo.", {"subject": TEXT, "text": TEXT}, "subject", "text")
    step = await turn([memo], "make a memo: boiler - the engineer comes back on friday")
    assert calls(step) == [
        ("make_memo", {"subject": "boiler", "text": "the engineer comes back on friday"})
    ]
    step = await turn([memo], "make a memo - the engineer comes back on friday")
    assert calls(step) == []  # nothing before the dash to be its subject
    optional = tool("make_memo", "Make a memo.", {"subject": TEXT, "text": TEXT}, "subject")
    step = await turn([optional], "make a memo: boiler - gas")
    assert calls(step) == [("make_memo", {"subject": "boiler - gas"})]  # no text it needs


async def test_a_records_text_runs_on_past_a_comma_when_nothing_after_is_another_value() -> None:
    memo = tool(
        "make_memo",
        "Make a memo.",
        {"subject": TEXT, "text": TEXT, "due": {"type": "string", "format": "date"}},
        "subject",
        "text",
    )
    step = await turn([memo], "make a memo called trip with tickets, charger, socks")
    assert calls(step) == [("make_memo", {"subject": "trip", "text": "tickets, charger, socks"})]
    step = await turn([memo], "make a memo called trip with tickets, due tomorrow")
    assert [c[1]["text"] for c in calls(step)] == ["tickets"]  # the day is the due date's


ENTRIES = (
    "Saved memos:\n- boiler:\n  Text: the engineer comes on friday\n  Saved: 2026-11-02\n"
    "- bike lock:\n  Text: 4471\n  Saved: 2026-11-03"
)


def test_entries_a_bullet_and_a_name_with_their_fields_indented_are_items() -> None:
    assert text_items(ENTRIES) == [
        {"name": "boiler", "text": "the engineer comes on friday", "saved": "2026-11-02"},
        {"name": "bike lock", "text": "4471", "saved": "2026-11-03"},
    ]
    assert text_items("Saved memos:\nnothing yet") is None


async def test_an_item_is_found_by_its_name_in_a_listing_of_entries() -> None:
    tools = [
        tool("all_memos", "Read all memos.", {}),
        tool("drop_memo", "Delete a memo.", {"name": TEXT}, "name"),
    ]
    server: Server = {"all_memos": lambda a: {"result": ENTRIES}, "drop_memo": lambda a: {}}
    made, _ = await run(tools, server, "drop my bike lock memo")
    assert writes(made, "all_memos") == [("drop_memo", {"name": "bike lock"})]
    made, _ = await run(tools, server, "drop the passport memo")
    assert writes(made, "all_memos") == []


async def test_a_remark_after_a_comma_does_not_hide_the_item_named_before_it() -> None:
    tools = [PROJECT_TOOLS[0], PROJECT_TOOLS[2]]
    made, _ = await run(tools, PROJECT, "archive the API docs task, the spec moved again")
    assert writes(made, "list_tasks") == [("archive_task", {"task_id": "2"})]
    made, _ = await run(tools, PROJECT, "archive the login test task, nobody reads them")
    assert writes(made, "list_tasks") == [("archive_task", {"task_id": "3"})]
    made, _ = await run(tools, PROJECT, "archive the passport task, the spec moved again")
    assert writes(made, "list_tasks") == []


async def test_pause_stops_and_bring_back_restores() -> None:
    tools = [
        PROJECT_TOOLS[0],
        tool("halt_task", "Stop progress on a task.", TASK_ID, "task_id"),
        tool("restore_task", "Restore a deleted task.", TASK_ID, "task_id"),
    ]
    server: Server = {**PROJECT, "halt_task": lambda a: {}, "restore_task": lambda a: {}}
    made, _ = await run(tools, server, "pause the flaky login test task")
    assert writes(made, "list_tasks") == [("halt_task", {"task_id": "3"})]
    made, _ = await run(tools, server, "bring back the API docs task")
    assert writes(made, "list_tasks") == [("restore_task", {"task_id": "2"})]


async def test_a_clause_of_its_own_after_the_item_does_not_hide_it() -> None:
    tools = [PROJECT_TOOLS[0], PROJECT_TOOLS[2]]
    made, _ = await run(tools, PROJECT, "archive the API docs task I wrote last year")
    assert writes(made, "list_tasks") == [("archive_task", {"task_id": "2"})]
    made, _ = await run(tools, PROJECT, "archive the passport task I wrote last year")
    assert writes(made, "list_tasks") == []


async def test_a_plain_value_beside_its_parameters_word_cut_short_fills_it() -> None:
    importance = {"type": "string", "enum": ["low", "normal", "high"]}
    add = tool("add_chore", "Add a chore.", {"text": TEXT, "importance": importance}, "text")
    step = await turn([add], "add a chore to descale the kettle, low import")
    assert calls(step) == [("add_chore", {"text": "descale the kettle", "importance": "low"})]
    step = await turn([add], "add a chore to fix the low imp lamp")  # "imp": too short to say
    assert calls(step) != [("add_chore", {"text": "fix the lamp", "importance": "low"})]


async def test_a_plain_value_said_as_what_it_is_made_changes_the_record_just_made() -> None:
    level = {"type": "string", "enum": ["low", "normal", "urgent"]}
    new = tool("new_reminder", "Create a reminder.", {"text": TEXT, "level": level}, "text")
    ident = {"id": {"type": "integer"}}
    change = tool("change_reminder", "Change a reminder.", {**ident, "level": level}, "id")
    server: Server = {"new_reminder": lambda a: {"id": 4, **a}, "change_reminder": lambda a: a}
    for said, value in (("make it low", "low"), ("make that one normal", "normal")):
        made, _ = await run([new, change], server, "add a reminder to call the vet", said)
        assert made[1:] == [("change_reminder", {"level": value, "id": 4})], said
    made, _ = await run(
        [new, change], server, "add a reminder to call the vet", "make it low on gas"
    )
    assert made[1:] == []  # "low" in a longer phrase: no level said


async def test_a_thing_said_done_with_a_contracted_is_is_marked_done() -> None:
    by_tag = tool("list_tasks", "List tasks.", {"tag": TEXT})
    complete = tool("complete_task", "Mark a task as done.", TASK_ID, "task_id")
    one = {"tasks": [{"task_id": "5", "title": "Renew the lease"}]}
    server: Server = {"list_tasks": lambda a: one, "complete_task": lambda a: {}}
    made, _ = await run(
        [by_tag, complete], server, "what's tagged home?", "alright, that one's finished"
    )
    assert writes(made, "list_tasks") == [("complete_task", {"task_id": "5"})]


# A converter whose units are free text, and which wants the kind of quantity too (a server's
# "unit category" named in its description), beside a calculator it must not be confused with.
NUMBER = {"type": "number", "description": "Numeric value to convert"}
FREE_CONVERTER_TOOLS = [
    tool(
        "unit_convert",
        "Convert a value between units.",
        {
            "value": NUMBER,
            "source_unit": {"type": "string", "description": "Unit to convert from"},
            "target_unit": {"type": "string", "description": "Unit to convert to"},
            "category": {
                "type": "string",
                "description": "Kind of quantity (length, mass, temperature, volume, ...)",
            },
        },
        "value",
        "source_unit",
        "target_unit",
        "category",
    ),
    tool("evaluate", "Evaluate an arithmetic expression.", {"expression": TEXT}, "expression"),
]


@pytest.mark.parametrize(
    ("said", "value", "units", "kind"),
    [
        ("convert 3 km to miles", 3, ("km", "mi"), "length"),
        ("how many pounds is 12 kg?", 12, ("kg", "lb"), "mass"),
        ("40 fahrenheit in celsius?", 40, ("fahrenheit", "celsius"), "temperature"),
        ("what's 2 liters in ml", 2, ("l", "ml"), "volume"),
    ],
)
async def test_a_conversion_fills_free_text_units_and_their_kind(
    said: str, value: float, units: tuple[str, str], kind: str
) -> None:
    response = await turn(FREE_CONVERTER_TOOLS, said)
    assert calls(response) == [
        (
            "unit_convert",
            {"value": value, "source_unit": units[0], "target_unit": units[1], "category": kind},
        )
    ]


@pytest.mark.parametrize(
    "said",
    ["convert 3 km to celsius", "convert 30 to celsius", "how many miles is that"],
)
async def test_a_free_text_conversion_between_kinds_or_without_a_value_is_not_made(
    said: str,
) -> None:
    response = await turn(FREE_CONVERTER_TOOLS, said)
    assert not [c for c in calls(response) if c[0] == "unit_convert"]


async def test_a_write_with_a_source_and_a_target_is_never_filled_as_a_conversion() -> None:
    move = tool(
        "move_stock",
        "Move stock between places.",
        {
            "amount": {"type": "number", "description": "How much to move"},
            "from_place": {"type": "string", "description": "Where it is"},
            "to_place": {"type": "string", "description": "Where it goes"},
        },
        "amount",
        "from_place",
        "to_place",
    )
    response = await turn([move], "move 3 km to miles")
    assert not calls(response)


ORDER_TOOLS = [
    tool(
        "list_orders",
        "List print orders.\n\n    Args:\n"
        "        status: Filter by status (queued, printing, shipped)\n",
        {"status": {"type": "string", "default": ""}},
    ),
    tool(
        "set_order_status",
        "Change an order's status.\n\n    Args:\n        order_id: The order\n"
        "        status: New status — queued, printing, or shipped\n",
        {"order_id": {"type": "integer"}, "status": TEXT},
        "order_id",
        "status",
    ),
]
ORDERS: Server = {
    "list_orders": lambda a: {"orders": [{"id": 4, "title": "concert poster", "status": "queued"}]},
    "set_order_status": lambda a: {"ok": True},
}


async def test_values_listed_after_a_dash_or_alone_in_brackets_are_the_ones_taken() -> None:
    made, _ = await run(ORDER_TOOLS, ORDERS, "which orders are printing?")
    assert ("list_orders", {"status": "printing"}) in made
    made, _ = await run(ORDER_TOOLS, ORDERS, "set the concert poster order to shipped")
    assert writes(made, "list_orders") == [
        ("set_order_status", {"order_id": 4, "status": "shipped"})
    ]
    made, _ = await run(ORDER_TOOLS, ORDERS, "set the concert poster order to delivered")
    assert writes(made, "list_orders") == []  # no value it lists
    recipes = [
        tool(
            "add_recipe",
            "Add a recipe to your cooking list.\n\n    Args:\n        name: Recipe name\n"
            "        status: Status — to_try, cooking, or cooked\n",
            {"name": TEXT, "status": {"type": "string", "default": "to_try"}},
            "name",
        )
    ]
    made, _ = await run(
        recipes, {"add_recipe": lambda a: {"ok": True}}, "add lasagne to my cooking list"
    )
    assert made == [("add_recipe", {"name": "lasagne"})]  # the list's name, no status


FILM_LINES = (
    "[12] Stalker — Andrei Tarkovsky (unwatched) \n[13] Paris, Texas — Wim Wenders (finished)"
)


def test_a_line_with_its_id_in_brackets_is_an_item_its_title_before_a_dash() -> None:
    assert text_items({"result": FILM_LINES}) == [
        {"title": "Stalker", "id": "12", "detail": "Andrei Tarkovsky (unwatched)"},
        {"title": "Paris, Texas", "id": "13", "detail": "Wim Wenders (finished)"},
    ]


async def test_an_item_is_found_in_a_listing_of_lines_with_bracketed_ids() -> None:
    films = [
        tool("list_films", "List the films on your watchlist.", {}),
        tool("delete_film", "Delete a film.", {"film_id": {"type": "integer"}}, "film_id"),
    ]
    server: Server = {"list_films": lambda a: {"result": FILM_LINES}, "delete_film": lambda a: {}}
    made, _ = await run(films, server, "delete the stalker film")
    assert writes(made, "list_films") == [("delete_film", {"film_id": 12})]
    made, _ = await run(films, server, "delete the film by wim wenders")
    assert writes(made, "list_films") == [("delete_film", {"film_id": 13})]


def test_one_item_with_lists_of_its_parts_is_said_with_its_own_fields() -> None:
    client = {
        "id": "K-1007",
        "name": "Ida Berg",
        "phone": "+46701234567",
        "invoices": [{"id": "I-1", "total": 120}],
        "visits": [{"id": "V-3", "day": "2026-03-02"}],
    }
    get = tool("get_client", "Get a client by id.", {"client_id": TEXT}, "client_id")
    view = ToolView.of(get.name, get.description, get.input_schema)
    answer = describe_result(view, {"client_id": "K-1007"}, "ok", client)
    assert "+46701234567" in answer and "Ida Berg" in answer


async def test_a_noun_followed_by_an_id_names_one_item_for_the_read_of_one() -> None:
    parcels = [
        tool("parcel_list", "List the parcels.", {}),
        tool("parcel_get", "Get one parcel.", {"id": {"type": "integer"}}, "id"),
    ]
    server: Server = {
        "parcel_list": lambda a: {"parcels": [{"id": 12, "title": "new boots"}]},
        "parcel_get": lambda a: {"id": 12, "title": "new boots", "carrier": "DHL"},
    }
    made, _ = await run(parcels, server, "what's parcel 12?")
    assert made == [("parcel_get", {"id": 12})]
    made, _ = await run(parcels, server, "show me parcel 12")
    assert made == [("parcel_get", {"id": 12})]


async def test_a_listing_named_by_a_noun_that_is_also_a_verb_lists_that_noun() -> None:
    notes = [
        tool("note_tags_list", "List the distinct tags used across note files.", {}),
        tool("note_list", "List notes with their tags.", {"limit": {"type": "integer"}}),
        tool("note_delete", "Delete a note file.", {"name": TEXT}, "name"),
    ]
    server: Server = {
        "note_tags_list": lambda a: {"tags": ["travel"]},
        "note_list": lambda a: {"notes": [{"name": "packing", "tags": ["travel"]}]},
        "note_delete": lambda a: {"ok": True},
    }
    made, _ = await run(notes, server, "delete the packing note")
    assert writes(made, "note_list", "note_tags_list") == [("note_delete", {"name": "packing"})]


async def test_a_reference_stops_at_a_colon_and_what_follows_is_the_text_written() -> None:
    steps = [
        tool("list_projects", "List projects.", {}),
        tool(
            "add_step",
            "Add a step to a project.",
            {"project_id": TEXT, "title": TEXT},
            "project_id",
            "title",
        ),
        tool("list_photos", "List photos.", {}),
        tool(
            "update_caption",
            "Replace a photo's caption.",
            {"photo_id": {"type": "integer"}, "new_caption_text": TEXT},
            "photo_id",
            "new_caption_text",
        ),
    ]
    server: Server = {
        "list_projects": lambda a: {"projects": [{"id": "p1", "name": "Garden makeover"}]},
        "add_step": lambda a: {"ok": True},
        "list_photos": lambda a: {"photos": [{"id": 3, "title": "harbour at dusk"}]},
        "update_caption": lambda a: {"ok": True},
    }
    made, _ = await run(steps[:2], server, "add a step to the garden makeover: buy compost")
    assert writes(made, "list_projects") == [
        ("add_step", {"project_id": "p1", "title": "buy compost"})
    ]
    made, _ = await run(
        steps[2:], server, "replace the caption on the harbour photo with: boats coming in"
    )
    assert writes(made, "list_photos") == [
        ("update_caption", {"photo_id": 3, "new_caption_text": "boats coming in"})
    ]


async def test_words_that_say_in_addition_are_no_part_of_a_title_or_a_reference() -> None:
    shop = [
        tool("list_groceries", "List the groceries to buy.", {}),
        tool("add_grocery", "Add a grocery to buy.", {"title": TEXT}, "title"),
        tool("remove_grocery", "Remove a grocery.", {"grocery_id": TEXT}, "grocery_id"),
    ]
    server: Server = {
        "list_groceries": lambda a: {"groceries": [{"id": "g1", "title": "oat milk"}]},
        "add_grocery": lambda a: {"ok": True},
        "remove_grocery": lambda a: {"ok": True},
    }
    made, _ = await run(shop, server, "add a grocery called rye bread as well")
    assert writes(made, "list_groceries") == [("add_grocery", {"title": "rye bread"})]
    made, _ = await run(shop, server, "remove the oat milk grocery too")
    assert writes(made, "list_groceries") == [("remove_grocery", {"grocery_id": "g1"})]


async def test_a_tool_named_by_nouns_alone_serves_a_show_request_with_its_one_text() -> None:
    history = tool(
        "hike_history",
        "Per-hike history for one trail, newest first: dates, times, climbs.",
        {"trail": TEXT, "limit": {"type": "integer", "default": 10}},
        "trail",
    )
    hikes = {"trail": "Ridgeway", "hikes": [{"date": "2026-05-02", "hours": 3}]}
    made, answer = await run(
        [history], {"hike_history": lambda a: hikes}, "show me my ridgeway history"
    )
    assert made == [("hike_history", {"trail": "ridgeway"})]
    assert "2026" in question_text(answer) or "May" in question_text(answer)
