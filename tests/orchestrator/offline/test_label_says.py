"""A field said to "say" or "read" a text takes that text: "change the Hund card so the front
says 'der Hund'" had written the front "says" (user trial 13's replay, f21: a wrong write that
the first sight had hidden, the card not yet made)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

LIST = tool("list_cards", "List cards, newest first.", {"q": text("Filter")})
EDIT = tool(
    "edit_card",
    "Edit a card's content. Update `front` and/or `back`.",
    {"card_id": {"type": "integer"}, "front": text("The prompt"), "back": text("The answer")},
    "card_id",
)
CARDS = [{"card_id": 7, "front": "Hund", "back": "dog"}]


async def test_the_text_a_field_says_is_its_value() -> None:
    made = await run_with(
        [LIST, EDIT],
        {"list_cards": json.dumps(CARDS), "edit_card": json.dumps({"card_id": 7})},
        "change the Hund card so the front says 'der Hund'",
    )
    assert made[-1] == ("edit_card", {"card_id": 7, "front": "der Hund"}), made
