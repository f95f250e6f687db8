"""A new record of two texts said as a pair around an arrow or an equals sign, after a colon
(user trial 13, first sight: "make a flashcard: capital of Australia -> Canberra" and "flashcard
pls: spanish for 'to remember' = recordar" asked for the front and the back, both said)."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

CARD = tool(
    "add_card",
    "Author a new flashcard and schedule it. `front` is the prompt, `back` is the answer.",
    {"front": text("The prompt"), "back": text("The answer"), "deck": text("Deck")},
    "front",
    "back",
)
TERM = tool(
    "define_term",
    "Add a term to the glossary.",
    {"term": text("The word"), "definition": text("What it means")},
    "term",
    "definition",
)


@pytest.mark.parametrize(
    ("said", "front", "back"),
    [
        ("make a card: capital of Australia -> Canberra", "capital of Australia", "Canberra"),
        ("new card: la mesa = the table", "la mesa", "the table"),
        (
            "flashcard pls: spanish for 'to remember' = recordar",
            "spanish for 'to remember'",
            "recordar",
        ),
    ],
)
async def test_a_pair_is_the_front_and_the_back(said: str, front: str, back: str) -> None:
    assert calls(await turn([CARD], said)) == [("add_card", {"front": front, "back": back})]


async def test_a_term_and_its_definition() -> None:
    assert calls(await turn([TERM], "add to the glossary: idempotent => same result twice")) == [
        ("define_term", {"term": "idempotent", "definition": "same result twice"})
    ]


@pytest.mark.parametrize(
    "said", ["add a flashcard der Hund -> the dog", "new card: a = b = c", "new card: la mesa"]
)
async def test_no_colon_or_not_one_mark_fills_no_pair(said: str) -> None:
    assert calls(await turn([CARD], said)) == []


@pytest.mark.parametrize(
    ("said", "args"),
    [
        (  # user trial 20's f01: the deck said after the pair is no part of the back
            "make a flashcard: el perro -> the dog, deck spanish",
            {"front": "el perro", "back": "the dog", "deck": "spanish"},
        ),
        ("add a card, el gato = the cat", {"front": "el gato", "back": "the cat"}),
    ],
)
async def test_a_pair_after_a_comma_ends_before_values_read(
    said: str, args: dict[str, str]
) -> None:
    assert calls(await turn([CARD], said)) == [("add_card", args)]
