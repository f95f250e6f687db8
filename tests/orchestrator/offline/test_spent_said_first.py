"""Money said paid with the verb first and no "I" ("paid 45 eur for fuel yesterday", "bought
lunch for 18"), or paid as a plain number ("I paid 45 for fuel"), is money spent: written by
the tool that takes an amount, the verb understood, never asked about as a word of no field
(trial 11, E03: "paid 45 eur for gas yesterday" asked what "paid" meant; E14: "i paid 120 for
the electricity bill" was read as a thing marked done). A number that counts things ("i paid 3
invoices") is no amount paid."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_money_asked import LEDGER

LOG = tool(
    "log_transaction",
    "Log a transaction in the budget.",
    {
        "amount": {"type": "number", "description": "The amount"},
        "currency": {"type": "string", "description": "ISO currency code"},
        "description": text("What it was for"),
        "date": {"type": "string", "format": "date"},
    },
    "amount",
    "description",
    "date",
)


async def test_money_paid_with_the_verb_first_is_recorded() -> None:
    today = datetime.now(ZONE).date()
    yesterday = str(today - timedelta(days=1))
    for said, currency in (
        ("paid 45 eur for fuel yesterday", "EUR"),
        ("I paid 45 for fuel yesterday", None),
    ):
        step = await turn(TOOLS + LEDGER, said)
        assert calls(step) == [
            (
                "record_payment",
                {"amount": 45, "day": yesterday, "note": "fuel", "category": "transport"},
            )
        ], (said, step.text)
        step = await turn([*TOOLS, LOG], said)
        logged = {"amount": 45, "date": yesterday, "description": "fuel"}
        assert calls(step) == [
            ("log_transaction", {**logged, **({"currency": currency} if currency else {})})
        ], (said, step.text)
    step = await turn([*TOOLS, LOG], "bought lunch for 18")
    assert calls(step) == [
        ("log_transaction", {"amount": 18, "description": "lunch", "date": str(today)})
    ], step.text


async def test_a_number_that_counts_things_is_no_amount_paid() -> None:
    for tools in (TOOLS + LEDGER, [*TOOLS, LOG]):
        step = await turn(tools, "i paid 3 invoices")
        assert not any(name in ("record_payment", "log_transaction") for name, _ in calls(step))
