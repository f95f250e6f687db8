"""A delete said in the past tense is no order to delete, and "delete" never stops a timer
(user trial 13, first sight: "forgot the butterfly one" called `delete_card` on that flashcard,
held only because the tool is marked destructive; "delete my last time entry" called
`stop_timer(notes="last")` on a tracker with no delete)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

DELETE_CARD = tool(
    "delete_card", "Delete a card by id.", {"card_id": {"type": "string"}}, "card_id"
)
LIST_CARDS = tool("list_cards", "List cards, newest first.", {})
START = tool(
    "start_timer",
    "Start a time tracking timer for a project.",
    {"project": {"type": "string"}},
    "project",
)
STOP = tool(
    "stop_timer",
    "Stop the running timer and log the time entry. Optionally add notes.",
    {"notes": {"type": "string", "default": ""}},
)


async def test_a_delete_said_done_deletes_nothing() -> None:
    for said in ("forgot the butterfly one", "deleted the butterfly card"):
        step = await turn([DELETE_CARD, LIST_CARDS], said)
        assert calls(step) == [], (said, calls(step))  # no card looked up to delete
    step = await turn([DELETE_CARD, LIST_CARDS], "delete the butterfly card")
    assert calls(step) == [("list_cards", {})]  # an order: the card looked up to delete


async def test_delete_is_no_stop() -> None:
    step = await turn([START, STOP], "delete my last time entry")
    assert calls(step) == [], calls(step)
    assert calls(await turn([START, STOP], "stop the timer")) == [("stop_timer", {})]
