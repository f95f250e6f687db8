"""A listing's filter is applied or said not to be: a word the filter's pattern lists is sent
("list overdue todos"), an item the request names is picked out of the listing ("show me the
passport todo"), and words no filter takes are said in the answer ("todos without a due date"),
never the whole list given as if it were the answer (user trial 10, F10)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls

FILTER = {
    "type": "string",
    "description": "Filter by due date: 'today', 'this_week', or specific ISO date",
    "pattern": "^(today|tomorrow|this_week|overdue|[0-9]{4}-[0-9]{2}-[0-9]{2})$",
}
STATUS = {"type": "string", "enum": ["pending", "completed", "all"], "default": "pending"}
LIST_TODOS = ToolDefinition(
    "list_todos",
    "List todos with optional filtering",
    {"type": "object", "properties": {"status": STATUS, "due_date_filter": FILTER}},
    read_only=True,
)
TODOS: list[dict[str, Any]] = [
    {"todo_id": "todo_a1", "title": "renew passport", "due_date": "2026-11-20T09:00:00"},
    {"todo_id": "todo_b2", "title": "wrap presents", "due_date": None},
    {"todo_id": "todo_c3", "title": "dentist appt", "due_date": "2026-12-03T10:00:00"},
]


async def run(
    said: str, todos: list[dict[str, Any]] = TODOS, now: datetime | None = None
) -> tuple[list[tuple[str, dict[str, Any]]], str]:
    """The calls made for ``said`` (each listing answered with ``todos``) and the answer, at
    ``now`` (the router's own clock when None)."""
    history: list[Item] = [UserMessage(said)]
    made: list[tuple[str, dict[str, Any]]] = []
    response: ModelResponse | None = None
    router = OfflineRouter(clock=(lambda: now) if now is not None else None)
    for _ in range(3):
        response = await router.respond(ModelRequest("", list(history), [LIST_TODOS]))
        history.extend(response.items)
        if not response.tool_calls:
            break
        made += calls(response)
        for call in response.tool_calls:
            output = json.dumps({"success": True, "count": len(todos), "todos": todos})
            history.append(ToolResultItem(call.call_id, call.name, output))
    assert response is not None
    return made, response.text


@pytest.mark.parametrize(
    "request_", ["list overdue todos", "show my overdue todos", "which todos are overdue"]
)
async def test_a_word_the_filters_pattern_lists_is_sent(request_: str) -> None:
    made, _ = await run(request_)
    assert made == [("list_todos", {"due_date_filter": "overdue"})]


@pytest.mark.parametrize(
    "request_", ["show me the passport todo", "show the passport todo", "list the passport todo"]
)
async def test_a_named_item_is_picked_out_of_the_listing(request_: str) -> None:
    _, answer = await run(request_)
    assert "renew passport" in answer
    assert "wrap presents" not in answer and "dentist appt" not in answer


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ("show todos without a due date", "without a due date"),
        ("list todos with no deadline", "no deadline"),
    ],
)
async def test_words_no_filter_takes_are_said_in_the_answer(request_: str, words: str) -> None:
    _, answer = await run(request_)
    assert f"Not filtered by “{words}”" in answer


@pytest.mark.parametrize("request_", ["show my todos", "list all my stuff"])
async def test_a_plain_listing_says_nothing_of_filters(request_: str) -> None:
    _, answer = await run(request_)
    assert "Not filtered" not in answer and "wrap presents" in answer
