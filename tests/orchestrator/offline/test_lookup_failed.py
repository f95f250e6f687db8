"""A lookup whose listing failed (marked an error, or saying so: `{"error": "Rate limit
reached"}`) is said to have failed, with the server's words; never "No habit matches" as if
the item were not there. Before, user trial 12's rate-limited habits server read as "No
completion matches meditation" though the habit existed (h07, x11)."""

from __future__ import annotations

import json

import pytest

from orchestrator.messages import AssistantMessage
from tests.orchestrator.offline._routing import after_listing, text, tool

LIST = tool("get_all_habits", "Get all habits", {})
DONE = tool(
    "log_completion",
    "Log habit completion",
    {"habit_id": {"type": "integer"}, "date": text("Date")},
    "habit_id",
)
RATE = "Rate limit reached (10/day on free tier)."


@pytest.mark.parametrize(
    "result", [json.dumps({"error": RATE}), json.dumps({"result": json.dumps({"error": RATE})})]
)
async def test_a_failed_lookup_is_said_to_have_failed(result: str) -> None:
    step = await after_listing([LIST, DONE], "log the meditate habit", "get_all_habits", result)
    (message,) = step.items
    assert isinstance(message, AssistantMessage) and not step.tool_calls
    assert RATE in message.text and "matches" not in message.text


async def test_a_lookup_that_worked_and_found_nothing_says_so() -> None:
    empty = json.dumps({"habits": []})
    step = await after_listing([LIST, DONE], "log the meditate habit", "get_all_habits", empty)
    (message,) = step.items
    assert isinstance(message, AssistantMessage) and RATE not in message.text


FIND = tool("find_items", "Find items similar to a query or to an item", {"query": text("Query")})
PRIORITY = tool(
    "set_priority",
    "Set an item's priority",
    {"item_id": text("The item's id"), "priority": {"type": "string", "enum": ["low", "high"]}},
    "item_id",
    "priority",
)


async def test_a_failed_lookup_still_asks_what_the_request_left_unsaid() -> None:
    """ "change the priority of T-4", its lookup failed: the priority is asked for, never a
    refusal that leaves it unsaid (blind set C, docstodo:17, after failures in the content
    were said so)."""
    result = json.dumps({"error": "Provide either 'query' or 'item_id'"})
    step = await after_listing([FIND, PRIORITY], "change the priority of T-4", "find_items", result)
    assert not step.tool_calls
    (message,) = step.items
    assert isinstance(message, AssistantMessage)
    assert "priority" in message.text
    assert "did not work" not in message.text
