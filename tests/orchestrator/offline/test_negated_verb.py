"""A flag said right after a negated verb ("the chores that aren't done", lexicon `NEGATIONS`)
is false: the read lists what is still open. Fails on the router before (it listed the chores
that are done)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

CHORES = tool(
    "list_chores",
    "List chores.",
    {"done": {"type": "boolean", "description": "Filter by whether the chore is done"}},
)


async def test_a_negated_state_is_false() -> None:
    response = await turn([CHORES], "show my chores that aren't done")
    assert calls(response) == [("list_chores", {"done": False})]
    response = await turn([CHORES], "which chores are done")
    assert calls(response) == [("list_chores", {"done": True})]
