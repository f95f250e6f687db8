"""Money said with no verb of ours ("coffee 3,80€", "14 euros, food") or with its spending verb
after the amount ("netflix 13.99 charged today") is money spent: written by the tool that takes
an amount, dated today when no day is said, a class named by its own name ("food") taken as the
category (trial 11, E02, E07, E19: asked for the date, or whether a todo should record it). A
record's number ("the invoice 42 paid") and a quantity ("5 kg of apples") are no money spent."""

from __future__ import annotations

from datetime import datetime

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_money_asked import LEDGER
from tests.orchestrator.offline.test_spent_said_first import LOG


async def test_money_in_a_currency_is_spent_today() -> None:
    today = str(datetime.now(ZONE).date())
    step = await turn([*TOOLS, LOG], "coffee 3,80€")
    assert calls(step) == [
        (
            "log_transaction",
            {"currency": "EUR", "amount": 3.8, "description": "coffee", "date": today},
        )
    ], step.text
    step = await turn(TOOLS + LEDGER, "14 euros, food")
    assert calls(step) == [("record_payment", {"amount": 14, "category": "food", "day": today})], (
        step.text
    )


async def test_a_spending_verb_after_the_amount_spends_it() -> None:
    today = str(datetime.now(ZONE).date())
    step = await turn([*TOOLS, LOG], "netflix 13.99 charged today")
    assert calls(step) == [
        ("log_transaction", {"amount": 13.99, "date": today, "description": "netflix"})
    ], step.text
    step = await turn(TOOLS + LEDGER, "netflix 13.99 charged today")  # of no class: asked
    assert calls(step) == [] and "category" in step.text and "today" in step.text, step.text


async def test_a_record_s_number_and_a_quantity_are_no_money_spent() -> None:
    for said in ("the invoice 42 paid", "5 kg of apples"):
        for tools in (TOOLS + LEDGER, [*TOOLS, LOG]):
            step = await turn(tools, said)
            written = [name for name, _ in calls(step)]
            assert "record_payment" not in written and "log_transaction" not in written, said


CALCULATE = tool(
    "calculate",
    "Calculates/evaluates the given expression.",
    {"expression": text("The expression")},
    "expression",
)


async def test_money_with_no_verb_still_leaves_a_sum_to_the_calculator() -> None:
    step = await turn([CALCULATE, *LEDGER], "tip 18% on 62 dollars")
    assert not any(name == "record_payment" for name, _ in calls(step)), calls(step)
    assert calls(step) or "calculate" in step.text, step.text
