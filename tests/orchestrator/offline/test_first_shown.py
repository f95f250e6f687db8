"""A listing says only the first N are shown when N is its page size and the page is full,
never of where a page starts: `offset` (default 0) is no page size ("Only the first 0 are
shown." under every listing of the todo server, user trial 10, F17)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter

STATUS = {"type": "string", "enum": ["pending", "completed", "all"], "default": "pending"}
LIMIT = {"type": "integer", "default": 2, "minimum": 1, "maximum": 100}
OFFSET = {"type": "integer", "default": 0, "description": "How many todos to skip"}
LIST_TODOS = ToolDefinition(
    "list_todos",
    "List todos",
    {"type": "object", "properties": {"status": STATUS, "limit": LIMIT, "offset": OFFSET}},
    read_only=True,
)


async def answer(said: str, todos: list[dict[str, Any]]) -> str:
    history: list[Item] = [UserMessage(said)]
    for _ in range(3):
        response = await OfflineRouter().respond(ModelRequest("", list(history), [LIST_TODOS]))
        history.extend(response.items)
        if not response.tool_calls:
            return response.text
        for call in response.tool_calls:
            output = json.dumps({"success": True, "count": len(todos), "todos": todos})
            history.append(ToolResultItem(call.call_id, call.name, output))
    return ""


@pytest.mark.parametrize("said", ["show completed todos", "show all todos", "list my todos"])
async def test_a_listing_under_its_page_size_says_nothing_was_left_out(said: str) -> None:
    text = await answer(said, [{"todo_id": "todo_1", "title": "buy eggs", "status": "completed"}])
    assert "buy eggs" in text and "Only the first" not in text


async def test_a_full_page_says_only_the_first_are_shown() -> None:
    todos = [{"todo_id": f"todo_{n}", "title": f"item {n}", "status": "pending"} for n in (1, 2)]
    text = await answer("show all todos", todos)
    assert "Only the first 2 are shown" in text and "first 0" not in text
