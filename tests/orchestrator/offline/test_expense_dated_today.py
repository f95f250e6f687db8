"""A new record that is money spent by its name (an expense, a purchase), its required day
unsaid, was spent today ("expense: 7.5 parking", "record 60 CHF for a ski pass"): the day is
never asked for (trial 11, E10, E15). A payment to make is not dated so: its day is asked."""

from __future__ import annotations

from datetime import datetime

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_purchase_word_understood import ADD_EXPENSE

DAY = {"type": "string", "format": "date"}
BUY = tool(
    "record_purchase",
    "Record a purchase.",
    {"what": text("What was bought"), "price": {"type": "number"}, "when": DAY},
    "what",
    "price",
    "when",
)
PAY = tool(
    "schedule_payment",
    "Schedule a payment to be made on a date.",
    {"payee": text("Who is paid"), "amount": {"type": "number"}, "date": DAY},
    "payee",
    "amount",
    "date",
)


async def test_an_expense_or_a_purchase_is_made_today() -> None:
    today = str(datetime.now(ZONE).date())
    step = await turn([ADD_EXPENSE], "expense: 7.5 parking")
    assert calls(step) == [
        ("add_expense", {"amount": 7.5, "category": "transport", "note": "parking", "date": today})
    ], step.text
    step = await turn([*TOOLS, BUY], "record a purchase of 30 eur: a desk lamp")
    (item,) = step.items  # what was bought is asked (a text no field takes), never the day
    question = getattr(item, "question", None)
    assert question is not None and "when" not in question.fields, step.text
    assert "when today" in step.text, step.text
    step = await turn([ADD_EXPENSE], "record 60 CHF for a ski pass")  # no class: asked
    assert calls(step) == [] and "I need: category." in step.text, step.text


async def test_a_payment_to_make_is_not_dated_today() -> None:
    step = await turn([*TOOLS, PAY], "add a payment of 50 to the landlord")
    assert not any(args.get("date") for _, args in calls(step)), calls(step)
