"""A follow-up that opens as going on from the request before ("and at 6%?") and says one of the
computation's values again is that computation with the rest as before: the loan payment at 6%
on the same amount and term. Fails on the router before (it asked for the amount and the
term)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import after_call, calls, tool

PAYMENT = tool(
    "loan_payment",
    "Calculate the monthly payment of a loan.",
    {
        "amount": {"type": "number", "description": "Amount borrowed"},
        "rate_percent": {"type": "number", "description": "Yearly interest rate in percent"},
        "years": {"type": "integer", "description": "Term in years"},
    },
    "amount",
    "rate_percent",
    "years",
)


async def test_the_rest_is_as_before() -> None:
    response = await after_call(
        [PAYMENT],
        "monthly payment on 12,000 at 5% over 4 years",
        '{"payment": 276.35}',
        "and at 6%?",
    )
    assert calls(response) == [("loan_payment", {"amount": 12000, "rate_percent": 6, "years": 4})]
