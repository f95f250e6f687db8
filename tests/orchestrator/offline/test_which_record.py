"""An id picks a record, it never names a new one: several records that match a reference are
asked about by their ids (shown when their titles are alike), and the reply (the id, `todo_id:
<id>`, or its place: "1", "the 2nd one") acts on that one; an id said where a title would go
(`todo_id: todo_4w9a1vmnck` typed fresh, `task_id: <uuid>`) is asked about, never written as a
title (user trial 10, F2)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, tool

TEXT: dict[str, Any] = {"type": "string"}
CREATE_TODO = tool("create_todo", "Create a new todo/reminder", {"title": TEXT}, "title")
CREATE_TASK = tool("create_task", "Create a task", {"title": TEXT, "notes": TEXT}, "title")
LIST_TODOS = tool("list_todos", "List todos", {"status": TEXT})
UPDATE_TODO = tool(
    "update_todo",
    "Update a todo",
    {"todo_id": TEXT, "status": {"type": "string", "enum": ["pending", "completed"]}},
    "todo_id",
)
DELETE_TODO = ToolDefinition(
    "delete_todo",
    "Delete a todo",
    {"type": "object", "properties": {"todo_id": TEXT}, "required": ["todo_id"]},
    destructive=True,
)
TOOLS = [CREATE_TODO, LIST_TODOS, UPDATE_TODO, DELETE_TODO]
TODOS = [
    {"todo_id": "todo_st5mwsdhal", "title": "call mom", "status": "pending"},
    {"todo_id": "todo_gjzsdnmot1", "title": "call mom", "status": "pending"},
    {"todo_id": "todo_k2b7pq0xza", "title": "water the plants", "status": "pending"},
]


async def run(tools: list[ToolDefinition], history: list[Item], said: str) -> ModelResponse:
    """`said` as the next request, its listings answered with `TODOS`, to its last step."""
    history.append(UserMessage(said))
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", list(history), tools))
        history.extend(response.items)
        listings = [c for c in response.tool_calls if c.name == "list_todos"]
        if not listings or len(listings) < len(response.tool_calls):
            return response
        for call in listings:
            output = json.dumps({"todos": TODOS, "count": len(TODOS)})
            history.append(ToolResultItem(call.call_id, call.name, output))
    return response


@pytest.mark.parametrize("request_", ["delete call mom", "mark call mom done"])
@pytest.mark.parametrize(
    ("reply", "picked"),
    [
        ("todo_id: todo_gjzsdnmot1", "todo_gjzsdnmot1"),
        ("todo_gjzsdnmot1", "todo_gjzsdnmot1"),
        ("todo id = todo_st5mwsdhal", "todo_st5mwsdhal"),
        ("2", "todo_gjzsdnmot1"),
        ("the first one", "todo_st5mwsdhal"),
        ("the 2nd", "todo_gjzsdnmot1"),
        ("the last one", "todo_gjzsdnmot1"),
    ],
)
async def test_the_reply_to_which_one_picks_that_record(
    request_: str, reply: str, picked: str
) -> None:
    history: list[Item] = []
    asked = await run(TOOLS, history, request_)
    assert not asked.tool_calls
    assert "todo_st5mwsdhal" in asked.text and "todo_gjzsdnmot1" in asked.text  # alike titles
    assert "Say which one." in asked.text
    answered = await run(TOOLS, history, reply)
    ((name, args),) = calls(answered)
    assert name == request_.split()[0].replace("mark", "update") + "_todo"
    assert args["todo_id"] == picked


@pytest.mark.parametrize("reply", ["todo_id: todo_zzzzzz9999", "the 4th one", "7"])
async def test_a_reply_that_picks_none_of_them_writes_nothing_new(reply: str) -> None:
    history: list[Item] = []
    await run(TOOLS, history, "delete call mom")
    answered = await run(TOOLS, history, reply)
    assert not [c for c in answered.tool_calls if c.name != "list_todos"], calls(answered)


async def test_titles_that_differ_are_shown_without_ids() -> None:
    todos = [*TODOS[:1], {"todo_id": "todo_p0p0p0p0p0", "title": "call dentist"}]
    history: list[Item] = [UserMessage("delete the call todo")]
    first = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    (call,) = first.tool_calls
    history += [
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, json.dumps({"todos": todos})),
    ]
    asked = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert "“call mom”; “call dentist”. Say which one." in asked.text  # no ids: told apart


@pytest.mark.parametrize(
    "request_",
    [
        "todo_id: todo_4w9a1vmnck",
        "todo_id: todo_kvzhbisacx",  # (an id of letters only: one in 25 was made a title)
        "todo_4w9a1vmnck",
        "task_id: 12d18f9c-0ddf-404c-a43f-2386f33b1150",
        "add a task 12d18f9c-0ddf-404c-a43f-2386f33b1150",
        "new todo: todo_gjzsdnmot1",
    ],
)
async def test_an_id_is_never_written_as_a_new_records_title(request_: str) -> None:
    response = await OfflineRouter().respond(
        ModelRequest("", [UserMessage(request_)], [*TOOLS, CREATE_TASK])
    )
    assert not [c for c in response.tool_calls if c.name.startswith("create")], calls(response)
    item = response.items[-1]
    assert isinstance(item, AssistantMessage)


async def test_a_problem_said_before_a_question_ends_with_one_period() -> None:
    """Trial 10, F19: "Nothing to change in “...”: say what to set.." (two periods)."""
    history: list[Item] = []
    asked = await run(TOOLS, history, "update the plants todo")
    assert "Nothing to change in “water the plants”: say what to set." in asked.text
    assert ".." not in asked.text
