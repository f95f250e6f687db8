"""An update that rewrites a list it replaces (tags) from the item as listed carries the tool's
precondition filled from that listing (`if_unchanged_since` <- `updated_at`), so that a change
made meanwhile by someone else is refused instead of overwritten; a refusal reads as a failure."""

from __future__ import annotations

import json
from typing import Any

import pytest

from orchestrator import UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import run_with, text, tool

UPDATED_AT = "2026-11-29T21:05:41.436467+01:00"
FICUS = {
    "todo_id": "todo_ficus00001",
    "title": "water the ficus",
    "priority": "medium",
    "status": "pending",
    "tags": ["alpha", "a4"],
    "created_at": "2026-11-29T20:00:00+01:00",
    "updated_at": UPDATED_AT,
    "etag": 'W/"7"',
    "version": 7,
}
LIST = tool(
    "list_todos",
    "List todo items with optional filtering by status, priority, due date, or tags",
    {"status": {"type": "string", "enum": ["pending", "completed", "all"]}},
)


def _update(precondition: str, schema: dict[str, Any]) -> Any:
    return tool(
        "update_todo",
        "Update one or more fields of an existing todo item",
        {
            "todo_id": text("The unique todo identifier"),
            "title": text("Updated title"),
            "priority": {"type": "string", "enum": ["low", "medium", "high"]},
            "tags": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Updated tags (replaces existing)",
            },
            precondition: schema,
        },
        "todo_id",
    )


UPDATE = _update("if_unchanged_since", text("The todo's updated_at as read", format="date-time"))
OUTPUTS = {
    "list_todos": json.dumps({"success": True, "todos": [FICUS], "count": 1}),
    "update_todo": json.dumps({"success": True, "todo_id": FICUS["todo_id"]}),
}


@pytest.mark.parametrize(
    ("precondition", "schema", "value"),
    [
        ("if_unchanged_since", text("As read", format="date-time"), UPDATED_AT),
        ("expected_updated_at", text("As read", format="date-time"), UPDATED_AT),
        ("if_match", text("The item's etag as read"), FICUS["etag"]),
        ("expected_version", {"type": "integer", "description": "The version read"}, 7),
    ],
)
async def test_a_tag_added_from_the_listing_carries_the_precondition_read_there(
    precondition: str, schema: dict[str, Any], value: Any
) -> None:
    tools = [LIST, _update(precondition, schema)]
    made = await run_with(tools, OUTPUTS, "tag the ficus todo with b4")
    assert made[-1] == (
        "update_todo",
        {"todo_id": FICUS["todo_id"], "tags": ["alpha", "a4", "b4"], precondition: value},
    )


async def test_a_tag_removed_carries_it_too() -> None:
    made = await run_with([LIST, UPDATE], OUTPUTS, "remove the a4 tag from the ficus todo")
    assert made[-1] == (
        "update_todo",
        {"todo_id": FICUS["todo_id"], "tags": ["alpha"], "if_unchanged_since": UPDATED_AT},
    )


async def test_a_change_that_rewrites_no_list_carries_none() -> None:
    made = await run_with([LIST, UPDATE], OUTPUTS, "make the ficus todo high priority")
    assert made[-1] == ("update_todo", {"todo_id": FICUS["todo_id"], "priority": "high"})


async def test_the_precondition_is_never_read_from_the_request() -> None:
    said = "tag the ficus todo with b4 if unchanged since 2026-11-29T21:05:41Z"
    made = await run_with([LIST, UPDATE], OUTPUTS, said)
    assert all(args.get("if_unchanged_since") in (None, UPDATED_AT) for _, args in made)


async def test_the_refusal_of_a_changed_item_reads_as_a_failure() -> None:
    conflict = {
        "success": False,
        "error_type": "conflict",
        "message": "Todo 'todo_ficus00001' changed since it was read; nothing was written",
        "recoverable": True,
    }
    said = UserMessage("tag the ficus todo with b4")
    history: list[Item] = [said]
    for name, output, status in (
        ("list_todos", OUTPUTS["list_todos"], "ok"),
        ("update_todo", json.dumps(conflict), "error"),
    ):
        response = await OfflineRouter().respond(ModelRequest("", history, [LIST, UPDATE]))
        (call,) = response.tool_calls
        assert call.name == name
        history += [
            ToolCallItem(call.call_id, call.name, call.arguments),
            ToolResultItem(call.call_id, call.name, output, status),  # type: ignore[arg-type]
        ]
    response = await OfflineRouter().respond(ModelRequest("", history, [LIST, UPDATE]))
    assert not response.tool_calls
    (answer,) = response.items
    assert isinstance(answer, AssistantMessage)
    assert answer.text.startswith("That did not work:")
    assert "changed since it was read" in answer.text
    assert "Updated" not in answer.text
