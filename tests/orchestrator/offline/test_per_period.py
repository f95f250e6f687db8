"""An amount said per a period ("150 a month", "900 per week", lexicon PER_PERIOD_LEADS and
PERIOD_ADVERBS) fills the number parameter named for that period (`monthly_extra`), the
required one where two are, and no other: "an extra 150 a month on a 90000 loan" had sent 150
as the loan, the numbers taken in the parameters' order (the middle test fails on the router
before)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

NUMBER = {"type": "number"}
GROWTH = tool(
    "project_jar_growth",
    "Project how a savings jar grows with regular top-ups.",
    {"monthly_top_up": NUMBER, "rate_percent": NUMBER, "years": NUMBER},
    "monthly_top_up",
    "rate_percent",
    "years",
)
GOAL = tool(
    "project_jar_goal",
    "Project the top-up a savings jar needs to reach a goal.",
    {"goal_amount": NUMBER, "rate_percent": NUMBER, "years": NUMBER},
    "goal_amount",
    "rate_percent",
    "years",
)
BUFFER = tool(
    "size_cash_buffer",
    "Size a cash buffer from what a household spends.",
    {
        "weekly_costs": NUMBER,
        "weekly_extras": {"type": "number", "default": 0},
        "people": {"type": "integer"},
    },
    "weekly_costs",
    "people",
)
OVERPAY = tool(
    "project_overpayment",
    "Project the interest saved by overpaying a loan.",
    {"principal": NUMBER, "monthly_extra": NUMBER, "rate_percent": NUMBER, "years": NUMBER},
    "principal",
    "monthly_extra",
    "rate_percent",
    "years",
)
OUTPUTS = {
    name: json.dumps({"ok": True})
    for name in ("project_jar_growth", "size_cash_buffer", "project_overpayment")
}


async def test_an_amount_per_month_is_the_monthly_parameter() -> None:
    made = await run_with(
        [GROWTH, GOAL], OUTPUTS, "how does a jar with 250 a month grow at 4% over 10 years"
    )
    assert made == [("project_jar_growth", {"monthly_top_up": 250, "rate_percent": 4, "years": 10})]


async def test_the_amount_per_month_beside_another_amount() -> None:
    said = "if I pay 150 a month extra on a 90000 loan at 4% over 15 years, what interest is saved?"
    made = await run_with([OVERPAY], OUTPUTS, said)
    assert made == [
        (
            "project_overpayment",
            {"principal": 90000, "monthly_extra": 150, "rate_percent": 4, "years": 15},
        )
    ]


async def test_the_required_one_of_two_named_for_the_period() -> None:
    said = "size a cash buffer: we spend 900 per week, 3 people"
    made = await run_with([BUFFER], OUTPUTS, said)
    assert made == [("size_cash_buffer", {"weekly_costs": 900, "people": 3})]


async def test_an_amount_over_a_period_after_a_slash() -> None:
    said = "overpaying 150/month on a 90000 loan at 4% over 15 years, interest saved?"
    made = await run_with([OVERPAY], OUTPUTS, said)
    assert made == [
        (
            "project_overpayment",
            {"principal": 90000, "monthly_extra": 150, "rate_percent": 4, "years": 15},
        )
    ]
