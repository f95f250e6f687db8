"""An item named by its place in the list shown before ("mark the second one as done", "delete
the 3rd card", "the last one"): that item of the latest listing of its kind, in the order shown;
with no such listing, or a place past its end, a question, never a guess. And an ordinal before
a noun is a place, not a day: "complete the 2nd card" sets no date ("the 2nd" alone still is one).
"""

from __future__ import annotations

import json

import pytest

from orchestrator.messages import AssistantMessage, Question
from orchestrator.models import ModelResponse
from tests.orchestrator.offline._routing import after_call, calls, text, tool, turn

LIST_CARDS = tool(
    "list_cards",
    "List the cards on the board",
    {"column": text("Only the cards in this column")},
)
UPDATE_CARD = tool(
    "update_card",
    "Change a card",
    {
        "card_id": text("The card's id"),
        "title": text("A new title"),
        "due": text("Due date (YYYY-MM-DD)", format="date"),
        "state": {"type": "string", "enum": ["open", "done"]},
    },
    "card_id",
)
REMOVE_CARD = tool(
    "remove_card",
    "Remove a card from the board",
    {"card_id": text("The card's id")},
    "card_id",
)
TOOLS = [LIST_CARDS, UPDATE_CARD, REMOVE_CARD]


def question_of(response: ModelResponse) -> Question:
    assert calls(response) == []
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    return item.question


LISTED = json.dumps(
    {
        "cards": [
            {"card_id": "c-7", "title": "water the plants", "state": "open"},
            {"card_id": "c-3", "title": "call the bank", "state": "open"},
            {"card_id": "c-9", "title": "renew passport", "state": "open"},
        ]
    }
)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("mark the second one as done", ("update_card", {"card_id": "c-3", "state": "done"})),
        ("complete the 2nd card", ("update_card", {"card_id": "c-3", "state": "done"})),
        ("remove the third card", ("remove_card", {"card_id": "c-9"})),
        ("delete the last one", ("remove_card", {"card_id": "c-9"})),
        ("remove the 1st card", ("remove_card", {"card_id": "c-7"})),
    ],
)
async def test_a_place_names_that_item_of_the_list_shown_before(
    said: str, expected: tuple[str, dict[str, str]]
) -> None:
    response = await after_call(TOOLS, "show my cards", LISTED, said)
    assert calls(response) == [expected]


@pytest.mark.parametrize("said", ["complete the 2nd card", "remove the second card"])
async def test_with_no_list_shown_a_place_is_asked_about_not_guessed(said: str) -> None:
    question = question_of(await turn(TOOLS, said))
    assert "card_id" in question.required
    assert "due" not in question.text  # no day read from "2nd" ("Understood: state done.")


async def test_a_place_past_the_end_of_the_list_is_asked_about() -> None:
    response = await after_call(TOOLS, "show my cards", LISTED, "remove the 5th card")
    assert question_of(response).required == {"card_id"}
