"""A question about money spent goes to a read of the records that hold amounts (the server,
else the noun, of a tool that takes an amount), never to a listing of other records, which
would answer "nothing found" as if nothing was spent."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS

UNTYPED: dict[str, object] = {}
LEDGER = [
    tool(
        "record_payment",
        "Record a payment in the household ledger.",
        {"day": UNTYPED, "amount": UNTYPED, "category": UNTYPED, "note": {"type": "string"}},
        "day",
        "amount",
        "category",
    ),
    tool(
        "list_payments",
        "List payments between two dates.",
        {"from_date": UNTYPED, "to_date": UNTYPED},
        "from_date",
        "to_date",
    ),
    tool(
        "payment_report",
        "Totals of payments by category between two dates.",
        {"from_date": UNTYPED, "to_date": UNTYPED},
        "from_date",
        "to_date",
    ),
]


async def test_a_money_question_reads_the_records_that_hold_amounts() -> None:
    for said in (
        "how much have i spent since monday?",
        "what did I spend the day before yesterday",
        "total spent this month",
        "how much did we pay last week",
    ):
        made = calls(await turn(TOOLS + LEDGER, said))
        assert [name for name, _ in made] in (["list_payments"], ["payment_report"]), (said, made)


async def test_without_a_tool_that_takes_an_amount_nothing_changes() -> None:
    made = calls(await turn(TOOLS, "what's due this week"))
    assert [name for name, _ in made] == ["list_todos"]
