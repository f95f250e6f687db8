"""The word a spending class is read from ("spent 35 at the pharmacy": health) is understood,
even when no other field took it: the expense is written with that class, never asked about
as a word not understood (trial 11, E16: asked to "confirm" a field no tool has)."""

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
    assert calls(step) == [
        (
            "record_payment",
            {"amount": 35, "day": str(today - timedelta(days=3)), "category": "health"},
        )
    ], step.text
    step = await turn([ADD_EXPENSE], "paid 12 eur at the cinema")
    assert calls(step) == [
        ("add_expense", {"amount": 12, "category": "entertainment", "date": str(today)})
    ], step.text


async def test_words_of_no_class_are_still_asked_about() -> None:
    step = await turn([ADD_EXPENSE], "spent 20 at the cinema and the dentist")
    assert calls(step) == [] and "category" in step.text
