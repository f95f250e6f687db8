"""Business and tax calculators (`finance-calc-mcp` 0.2.0, user trial 39, `_fincalc.py`):
- money said for a number named for money ("$25k car loan": `principal`, where the tool takes
  no `amount`; it asked for the principal), and the follow-ups that change the rate or the term;
- "1.2M" in capitals is 1,200,000 (it was no number: the revenue was asked for), "5m" still
  no million;
- money to convert where no tool converts it is refused, never a depreciation asked about;
- "1.2M USD" one amount of money, never a number beside it."""

from __future__ import annotations

from tests.orchestrator.offline._fincalc import TOOLS
from tests.orchestrator.offline._routing import conversation, tool
from tests.orchestrator.offline.test_files_and_games import TODOS


async def test_money_for_a_principal_and_its_follow_ups() -> None:
    said = "whats the payment on a $25k car loan, 5 years, 7.9%"
    made, _ = await conversation([*TODOS, *TOOLS], said, "what about at 6%?", "and over 4 years?")
    loan = {"principal": 25000, "term_years": 5, "annual_rate_pct": 7.9}
    assert made == [
        ("loan_amortization", loan),
        ("loan_amortization", {**loan, "annual_rate_pct": 6}),
        ("loan_amortization", {**loan, "annual_rate_pct": 6, "term_years": 4}),
    ]


async def test_millions_in_capitals() -> None:
    made, _ = await conversation(TOOLS, "gross margin if revenue was 1.2M and cogs 780k")
    assert made == [("gross_margin", {"revenue": 1_200_000, "cogs": 780_000})]
    made, _ = await conversation(TOOLS, "gross margin if revenue was 1.2m and cogs 780k")
    assert all(args.get("revenue") != 1_200_000 for _, args in made)


async def test_money_converted_where_no_tool_converts_it_is_refused() -> None:
    """User trial 39: "convert 500 euros to dollars" asked for a depreciation's useful life
    (500 euros its asset cost); `currency_format` formats an amount, converts none."""
    made, answers = await conversation([*TODOS, *TOOLS], "convert 500 euros to dollars")
    assert made == []
    assert answers[0].startswith("No tool here can convert 500 euros to dollars"), answers


async def test_millions_of_money_are_one_amount() -> None:
    """ "1.2M USD" is the money alone, never money and a number beside it."""
    made, _ = await conversation(TOOLS, "format 1.2M USD as dollars")
    assert made == [("currency_format", {"amount": 1_200_000})]


async def test_money_converted_beside_an_expense_that_takes_a_currency_is_refused() -> None:
    """An expense that takes a currency converts nothing: it asked whether to record one."""
    expense = tool(
        "add_expense",
        "Add an expense.",
        {"amount": {"type": "number"}, "currency": {"type": "string", "enum": ["EUR", "USD"]}},
        "amount",
        server="expenses",
    )
    made, answers = await conversation([*TODOS, expense], "exchange $200 into euros")
    assert made == []
    assert answers[0].startswith("No tool here can exchange $200 into euros"), answers
