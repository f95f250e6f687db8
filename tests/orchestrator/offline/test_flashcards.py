"""Spaced-repetition flashcards (`srs-mcp` 0.3.0, user trial 39, `_flashcards.py`): a rating
its tool's description lists in quotes ("`rating` is how well it was recalled: 'again'
(forgot), 'hard', 'good', or 'easy'") is one of those ("grade card 14 good": it asked for the
rating, "good" not understood), and the review is said recorded, never "Created card"; "quiz
me on spanish" is the tool whose description says it quizzes the user ("5 cards max" its
limit); a card said as a question and its answer ("... fall? 1989"), or under its fields'
names ("front: la mesa back: the table"), is those two texts."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._flashcards import TOOLS
from tests.orchestrator.offline._routing import conversation


@pytest.mark.parametrize("rating", ["again", "hard", "good", "easy"])
async def test_a_rating_the_description_quotes(rating: str) -> None:
    made, answers = await conversation(TOOLS, f"grade card 14 {rating}")
    assert made == [("grade_card", {"card_id": 14, "rating": rating})]
    assert answers[0].startswith("Recorded card"), answers


async def test_a_word_the_description_does_not_quote_is_no_rating() -> None:
    made, _ = await conversation(TOOLS, "grade card 14 superb")
    assert made == []


@pytest.mark.parametrize(
    ("said", "arguments"),
    [
        ("quiz me on spanish", {"q": "spanish"}),
        ("quiz me, 5 cards max", {"limit": 5}),
        ("quiz me", {}),
    ],
)
async def test_quiz_me_is_the_tool_said_to_quiz_the_user(said: str, arguments: dict) -> None:
    """User trial 39: "quiz me on spanish" was no action the router knew; `due_cards` says
    "Quiz the user with `front`"."""
    made, _ = await conversation(TOOLS, said)
    assert made == [("due_cards", arguments)]


@pytest.mark.parametrize(
    ("said", "front", "back"),
    [
        (  # it asked for the front and the back
            "add a card: what year did the berlin wall fall? 1989",
            "what year did the berlin wall fall?",
            "1989",
        ),
        (  # it understood the front "ser"
            "add card front: ser vs estar for location? back: estar",
            "ser vs estar for location",
            "estar",
        ),
        ("add card front: la mesa back: the table", "la mesa", "the table"),
    ],
)
async def test_a_card_said_as_a_question_and_its_answer(said: str, front: str, back: str) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [("add_card", {"front": front, "back": back})]


async def test_a_question_alone_is_no_card() -> None:
    made, _ = await conversation(TOOLS, "add a card: what is the capital of peru?")
    assert made == []
