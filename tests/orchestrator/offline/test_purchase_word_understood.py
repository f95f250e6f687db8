"""The word a spending class is read from ("spent 35 at the pharmacy": health), or that agrees
with the class said ("add expense 899 rent category housing"), is understood even when no
other field took it: the expense is written, the word in its empty note, never asked about as
a word not understood (trial 11, E16 and E06: asked to "confirm" a field no tool has). A word
of another class than the one said is still asked about."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, tool, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_money_asked import LEDGER, UNTYPED

ADD_EXPENSE = tool(
    "add_expense",
    "Add a new expense entry to the database.",
    {"date": UNTYPED, "amount": UNTYPED, "category": UNTYPED, "note": {"type": "string"}},
    "date",
    "amount",
    "category",
)


async def test_the_word_a_class_is_read_from_is_understood() -> None:
    today = datetime.now(ZONE).date()
    step = await turn(TOOLS + LEDGER, "spent 35 at the pharmacy 3 days ago")
    three_days_ago = str(today - timedelta(days=3))
    assert calls(step) == [
        (
            "record_payment",
            {"amount": 35, "day": three_days_ago, "category": "health", "note": "pharmacy"},
        )
    ], step.text
    step = await turn([ADD_EXPENSE], "paid 12 eur at the cinema")
    assert calls(step) == [
        (
            "add_expense",
            {"amount": 12, "category": "entertainment", "note": "cinema", "date": str(today)},
        )
    ], step.text


async def test_a_word_of_the_class_said_is_the_note() -> None:
    said = "add expense 899 rent category housing date 2026-11-01"
    assert calls(await turn([ADD_EXPENSE], said)) == [
        (
            "add_expense",
            {"amount": 899, "date": "2026-11-01", "category": "housing", "note": "rent"},
        )
    ]
    said = "add a payment of 30 for a taxi on 2026-11-02, category transport"
    assert calls(await turn(TOOLS + LEDGER, said)) == [
        (
            "record_payment",
            {"amount": 30, "day": "2026-11-02", "category": "transport", "note": "taxi"},
        )
    ]


async def test_words_of_another_class_or_none_are_still_asked_about() -> None:
    step = await turn([ADD_EXPENSE], "add expense 899 rent category food date 2026-11-01")
    assert calls(step) == [] and "rent" in step.text
    step = await turn([ADD_EXPENSE], "spent 20 at the cinema and the dentist")
    assert calls(step) == [] and "category" in step.text
