"""A record named by what it holds rather than by its title ("mark the one due wednesday done",
"move the one tagged work to friday", "the high priority one", "delete the spanish one", "the 5
dollar one", "the one from yesterday"): the records are listed, and the one whose fields hold
what was said is changed or deleted; what says which record is never written to it; several
records, or none, are asked about, never picked from. Before, the todo's id was asked for,
"due wednesday" was taken for the new due date, "tagged work" for new tags, and a card was
looked for among the cards due now alone."""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from typing import Any

import pytest

from orchestrator import ToolDefinition
from orchestrator.offline._dates import find_when
from servers._common.schema import tool_schema
from servers.todo.tools import TODO_TOOLS
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import integer, run_with, string, text, tool

TODOS = [ToolDefinition(s.name, s.description, tool_schema(s.input_model)) for s in TODO_TOOLS]
EGGS, BANK, PLANTS = "t-eggs", "t-bank", "t-plants"


def day(said: str) -> date:
    """The day the router reads `said` as."""
    found = find_when(said, datetime.now(ZONE))
    assert found is not None
    return found.start.date()


def at_midnight(on: date) -> str:
    return datetime.combine(on, time(), ZONE).isoformat()


def todo(todo_id: str, title: str, **fields: Any) -> dict[str, Any]:
    made = at_midnight(day("today") - timedelta(days=30))
    return {
        "todo_id": todo_id,
        "title": title,
        "description": None,
        "due_date": None,
        "priority": "medium",
        "status": "pending",
        "tags": [],
        "created_at": made,
        "updated_at": made,
        **fields,
    }


def listing(*todos: dict[str, Any]) -> dict[str, str]:
    body = {"success": True, "todos": list(todos), "count": len(todos)}
    return {
        t.name: json.dumps(body if t.name == "list_todos" else {"success": True}) for t in TODOS
    }


def three_todos() -> dict[str, str]:
    return listing(
        todo(EGGS, "buy eggs", due_date=at_midnight(day("wednesday")), tags=["home"]),
        todo(
            BANK,
            "call the bank",
            due_date=at_midnight(day("friday") + timedelta(days=7)),
            priority="high",
            tags=["work"],
        ),
        todo(PLANTS, "water plants", created_at=at_midnight(day("yesterday")), tags=["home"]),
    )


@pytest.mark.parametrize(
    ("said", "made"),
    [
        (
            "mark the one due wednesday done",
            ("update_todo", {"todo_id": EGGS, "status": "completed"}),
        ),
        (
            "move the one due wednesday to friday",
            ("update_todo", {"todo_id": EGGS, "due_date": day("friday").isoformat()}),
        ),
        (
            "move the one tagged work to friday",
            ("update_todo", {"todo_id": BANK, "due_date": day("friday").isoformat()}),
        ),
        (
            "mark the high priority one done",
            ("update_todo", {"todo_id": BANK, "status": "completed"}),
        ),
        ("delete the todo due wednesday", ("delete_todo", {"todo_id": EGGS, "confirmation": True})),
        (
            "delete the one from yesterday",
            ("delete_todo", {"todo_id": PLANTS, "confirmation": True}),
        ),
    ],
)
async def test_the_one_record_its_fields_hold_what_was_said_is_changed(
    said: str, made: tuple[str, dict[str, Any]]
) -> None:
    calls = await run_with(TODOS, three_todos(), said)
    assert [name for name, _ in calls] == ["list_todos", made[0]], calls
    assert calls[-1] == made


@pytest.mark.parametrize(
    "said",
    [
        "mark the one due wednesday done",  # two are due then
        "delete the one tagged home",  # two are tagged so
        "delete the one due thursday",  # none is
        "mark the low priority one done",  # none is
    ],
)
async def test_several_records_or_none_are_asked_about(said: str) -> None:
    outputs = listing(
        todo(EGGS, "buy eggs", due_date=at_midnight(day("wednesday")), tags=["home"]),
        todo(BANK, "call the bank", due_date=at_midnight(day("wednesday")), tags=["home"]),
    )
    calls = await run_with(TODOS, outputs, said)
    assert [name for name, _ in calls] == ["list_todos"], calls


# srs-mcp 0.3.0's tools, as its server lists them
_TEXT_OR_NONE = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
CARDS = [
    tool(
        "add_card",
        "Author a new flashcard and schedule it. `front` is the prompt/question,\n`back` is "
        "the answer. Returns JSON {card_id, due}. The card is due\nimmediately (first "
        "review).\n\nKeep `back` SHORT — ideally a word or a phrase, and rarely more than "
        "one\nsentence. A card you cannot grade in a couple of seconds is a note, not a\n"
        "flashcard, and it will silently stop getting reviewed. Split anything\nlonger into "
        'several cards. Put the topic in the card\'s own text ("Horace,\nOdes 1.11: ...") so '
        "it can be found by searching for it later.",
        {"front": string(), "back": string()},
        "front",
        "back",
    ),
    tool(
        "due_cards",
        "List cards due for review now (due <= now), soonest first. Returns a\nJSON array of "
        "{card_id, front, back, deck, due}. Quiz the user with\n`front`, check against `back`, "
        "then call grade_card. Returns '[]' when\nnothing is due.\n\n`q` narrows to a topic by "
        "case-insensitive substring over the card text --\nq='horace' for \"quiz me on "
        'Horace". `deck` is a legacy exact-match filter\nkept for old cards; prefer `q`.',
        {"q": _TEXT_OR_NONE, "limit": {"type": "integer", "default": 20}, "deck": _TEXT_OR_NONE},
    ),
    tool(
        "grade_card",
        "Record a review of a card. `rating` is how well it was recalled:\n'again' (forgot), "
        "'hard', 'good', or 'easy' (1-4 also accepted). FSRS\nupdates the schedule; returns "
        "JSON {card_id, rating, next_due, reps}.",
        {"card_id": integer(), "rating": string()},
        "card_id",
        "rating",
    ),
    tool(
        "list_cards",
        "List cards (newest first) regardless of due date, for an overview.\nReturns JSON "
        "array of {card_id, front, back, deck, due, reps, suspended}.\n\n`q` narrows to a "
        "topic by case-insensitive substring over the card text.\n`deck` is a legacy "
        "exact-match filter kept for old cards; prefer `q`.",
        {"q": _TEXT_OR_NONE, "limit": {"type": "integer", "default": 50}, "deck": _TEXT_OR_NONE},
    ),
    tool(
        "edit_card",
        "Edit a card's content without disturbing its schedule. Update `front`\nand/or `back` "
        "(omit or pass null to leave unchanged); the FSRS review\nstate (difficulty, "
        "stability, due date, reps) is preserved. Use this to\nfix typos, add context, or "
        "shorten an over-long answer, instead of\ncreating a duplicate card. Returns JSON "
        "{card_id, front, back, deck}.",
        {"card_id": integer(), "front": _TEXT_OR_NONE, "back": _TEXT_OR_NONE},
        "card_id",
    ),
    tool(
        "suspend_card",
        "Shelve a card: keep it (with its full history and schedule) but remove\nit from the "
        "due queue, so it won't surface in due_cards until unsuspended.\nReversible, "
        "non-destructive alternative to delete_card for cards you're\nunsure about. Returns "
        "JSON {card_id, suspended}.",
        {"card_id": integer()},
        "card_id",
    ),
    tool(
        "unsuspend_card",
        "Un-shelve a previously suspended card, returning it to the review queue\n(it becomes "
        "due again per its existing schedule). Returns JSON\n{card_id, suspended}.",
        {"card_id": integer()},
        "card_id",
    ),
    tool(
        "delete_card",
        "Delete a card by id (reset / cleanup).",
        {"card_id": integer()},
        "card_id",
    ),
    tool(
        "stats",
        "Summary of the card box: total cards, how many are due now, total\nreviews, and the "
        "deck list. Optionally scope counts to one `deck`.",
        {"deck": _TEXT_OR_NONE},
    ),
]


def card(card_id: int, front: str, back: str, deck: str) -> dict[str, Any]:
    due = (datetime.now(ZONE) + timedelta(days=3)).isoformat()
    return {"card_id": card_id, "front": front, "back": back, "deck": deck, "due": due, "reps": 2}


async def test_a_card_named_by_its_deck_is_looked_for_among_all_the_cards() -> None:
    cards = [card(11, "hola", "hello", "spanish"), card(12, "Bonjour", "hello", "french")]
    outputs = {"due_cards": "[]", "list_cards": json.dumps(cards), "delete_card": "deleted"}
    outputs["suspend_card"] = "{}"
    calls = await run_with(CARDS, outputs, "delete the spanish one")
    assert calls == [("due_cards", {}), ("list_cards", {}), ("delete_card", {"card_id": 11})]
    calls = await run_with(CARDS, outputs, "suspend the card in the french deck")
    assert calls[-1] == ("suspend_card", {"card_id": 12})
    cards.append(card(13, "gato", "cat", "spanish"))  # two Spanish cards: which one?
    outputs["list_cards"] = json.dumps(cards)
    calls = await run_with(CARDS, outputs, "delete the spanish one")
    assert [name for name, _ in calls] == ["due_cards", "list_cards"]


async def test_a_card_whose_text_says_its_topic_before_a_colon_is_named_by_it() -> None:
    cards = [
        card(21, "Spanish: to eat", "comer", "default"),
        card(22, "Capital of Peru", "Lima", "default"),
    ]
    outputs = {"due_cards": json.dumps(cards), "list_cards": json.dumps(cards), "delete_card": "ok"}
    calls = await run_with(CARDS, outputs, "delete the spanish card")
    assert calls[-1] == ("delete_card", {"card_id": 21})


EXPENSES = [
    tool("list_expenses", "List the expenses logged", {"month": text("A month, YYYY-MM")}),
    tool("delete_expense", "Delete an expense by its id", {"expense_id": integer()}, "expense_id"),
    tool(
        "update_expense",
        "Change a logged expense",
        {"expense_id": integer(), "amount": {"type": "number"}, "note": text("What it was for")},
        "expense_id",
    ),
]


async def test_an_amount_names_the_record_that_holds_it_and_is_not_written() -> None:
    spent = [
        {"id": 1, "amount": 5, "currency": "USD", "note": "coffee"},
        {"id": 2, "amount": 12.5, "currency": "EUR", "note": "taxi"},
    ]
    outputs = {"list_expenses": json.dumps({"expenses": spent})}
    outputs |= {"delete_expense": "{}", "update_expense": "{}"}
    calls = await run_with(EXPENSES, outputs, "delete the 5 dollar one")
    assert calls[-1] == ("delete_expense", {"expense_id": 1})
    calls = await run_with(EXPENSES, outputs, "delete the 12.50 EUR one")
    assert calls[-1] == ("delete_expense", {"expense_id": 2})
    for said in ("delete the 7 dollar one", "delete the 12.50 USD one"):
        calls = await run_with(EXPENSES, outputs, said)
        assert [name for name, _ in calls] == ["list_expenses"], (said, calls)
