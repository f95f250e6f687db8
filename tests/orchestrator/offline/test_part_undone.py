"""A request that reads and then asks for a write in a clause of its own that needs what the read
returns ("what time is it in tokyo and remind me to call Kenji then") gets the read's answer and
is told the write was not done, and the request is not reported done (user trial 10, F12); a
write that needs nothing of it ("..., then add a todo to call Kenji") is made after the read
(user trials 25 and 26)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls

TEXT: dict[str, Any] = {"type": "string"}


def _tool(name: str, description: str, properties: dict[str, Any], *required: str,
          read_only: bool = False) -> ToolDefinition:  # fmt: skip
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema, read_only=read_only)


ZONE = {"type": "string", "description": "IANA timezone name (e.g. 'America/New_York')"}
NOW = _tool(
    "get_current_time",
    "Get current time in a specific timezones",
    {"timezone": ZONE},
    "timezone",
    read_only=True,
)
TOOLS = [
    NOW,
    _tool("create_todo", "Create a new todo/reminder", {"title": TEXT}, "title"),
    _tool("list_todos", "List todos", {"status": TEXT}, read_only=True),
    _tool("delete_todo", "Delete a todo", {"todo_id": TEXT}, "todo_id"),
]
RESULTS = {
    "get_current_time": {"timezone": "Asia/Tokyo", "datetime": "2026-11-30T15:26:00+09:00"},
    "list_todos": {"todos": [{"todo_id": "todo_1", "title": "dentist appt"}]},
}


async def run(said: str) -> ModelResponse:
    history: list[Item] = [UserMessage(said)]
    for _ in range(3):
        response = await OfflineRouter().respond(ModelRequest("", list(history), TOOLS))
        history.extend(response.items)
        if not response.tool_calls:
            return response
        for call in response.tool_calls:
            output = json.dumps(RESULTS.get(call.name, {"success": True}))
            history.append(ToolResultItem(call.call_id, call.name, output))
    return response


@pytest.mark.parametrize(
    ("request_", "undone"),
    [
        (
            "what time is it in tokyo and remind me to call Kenji then",
            "remind me to call Kenji then",
        ),
        ("show my todos and delete the dentist appt", "delete the dentist appt"),
    ],
)
async def test_a_write_in_a_clause_after_a_read_is_said_undone(request_: str, undone: str) -> None:
    response = await run(request_)
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.refused  # not done, whatever was read
    assert f"“{undone}” was not done" in item.text


async def test_a_write_that_needs_nothing_of_the_read_is_made_after_it() -> None:
    history: list[Item] = [UserMessage("what time is it in Tokyo, then add a todo to call Kenji")]
    made = []
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", list(history), TOOLS))
        history.extend(response.items)
        if not response.tool_calls:
            break
        for call in response.tool_calls:
            made.append((call.name, call.arguments))
            output = json.dumps(RESULTS.get(call.name, {"success": True}))
            history.append(ToolResultItem(call.call_id, call.name, output))
    assert made == [
        ("get_current_time", {"timezone": "Asia/Tokyo"}),
        ("create_todo", {"title": "call Kenji"}),
    ], made
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and not item.refused
    assert "Created todo “call Kenji”" in item.text, item.text


@pytest.mark.parametrize("request_", ["what time is it in tokyo", "show my todos"])
async def test_a_read_alone_is_answered_as_done(request_: str) -> None:
    response = await run(request_)
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and not item.refused and item.question is None
    assert "was not done" not in item.text and not calls(response)
