"""A change of all the items in a state ("delete all completed chores") is still done one item at
a time, never at once, but the answer names the items meant, as their listing shows them in that
state, and asks which one (user trial 14, d25: it had said only "one at a time"). Nothing is
deleted; with no state said, nothing is listed."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import after_listing, calls, text, tool, turn

LIST = tool("list_chores", "List the chores.", {})
DELETE = tool("delete_chore", "Delete a chore.", {"chore_id": text("The chore's id")}, "chore_id")
CHORES = json.dumps(
    {
        "chores": [
            {"id": "c1", "title": "buy eggs", "status": "completed"},
            {"id": "c2", "title": "call mom", "status": "open"},
            {"id": "c3", "title": "pay the bill", "status": "completed"},
        ]
    }
)


async def test_the_items_meant_are_named() -> None:
    said = await after_listing([LIST, DELETE], "delete all completed chores", "list_chores", CHORES)
    assert calls(said) == []
    assert "“buy eggs”, “pay the bill”" in said.text
    assert "call mom" not in said.text


async def test_no_state_said_lists_nothing() -> None:
    assert calls(await turn([LIST, DELETE], "delete all my chores")) == []
