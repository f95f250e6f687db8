"""Calculators whose inputs are numbers each said with its own word, over schemas of their own:
a question to a tool with no verb fills only typed values ("is 2026-05-01 a bank holiday in
Austria?"; a number left over is asked about), "10 working days" fills `days`, "250k" is
250,000, "3.9%" a rate (named by a word beside it: "inflation is 2%"), "over 30 years" a
length (in months where the tool counts months), values listed after "compounding:" inside a
description are its enum, "compounded monthly" fills `compounding`, and "mortgage" finds a
loan tool."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, tool

NUMBER: dict[str, Any] = {"type": "number"}
DAY: dict[str, Any] = {"type": "string", "description": "YYYY-MM-DD"}


async def turn(tools: list[ToolDefinition], text: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(text)], tools))


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


IS_WORKDAY = tool("is_workday", "Whether a day is a working day", {"day": DAY}, "day")
NEXT_WORKING_DAY = tool(
    "next_working_day",
    "The working day some working days after a date",
    {"date": DAY, "days": {"type": "integer"}},
    "date",
)


async def test_a_question_to_a_tool_with_no_verb_fills_its_typed_values_alone() -> None:
    step = await turn([IS_WORKDAY], "is 2026-05-01 a bank holiday in Austria?")
    assert calls(step) == [("is_workday", {"day": "2026-05-01"})]
    assert asks(await turn([IS_WORKDAY], "is 2026-05-01 a bank holiday for 3 offices?"))


async def test_a_number_before_the_tools_noun_and_a_parameters_word_fills_it() -> None:
    step = await turn([NEXT_WORKING_DAY], "what's 10 working days after 2026-03-02?")
    assert calls(step) == [("next_working_day", {"date": "2026-03-02", "days": 10})]


LOAN_PAYMENT = tool(
    "loan_payment",
    "Monthly payment of a loan",
    {"principal": NUMBER, "annual_rate": NUMBER, "term_years": NUMBER},
    "principal",
    "annual_rate",
    "term_years",
)
REAL_YIELD = tool(
    "real_yield",
    "Yield after inflation",
    {"nominal_rate": NUMBER, "inflation_rate": NUMBER},
    "nominal_rate",
    "inflation_rate",
)
DEPOSIT_GROWTH = tool(
    "deposit_growth",
    "What a monthly deposit grows to",
    {"monthly_amount": NUMBER, "annual_rate": NUMBER, "months": {"type": "integer"}},
    "monthly_amount",
    "annual_rate",
    "months",
)


async def test_amounts_with_k_and_percentages_and_years_fill_a_calculator() -> None:
    step = await turn([LOAN_PAYMENT], "loan payment on 250k at 3.9% over 30 years?")
    assert calls(step) == [
        ("loan_payment", {"principal": 250000, "annual_rate": 3.9, "term_years": 30})
    ]
    step = await turn([REAL_YIELD], "real yield if my bonds pay 6% and inflation is 2%?")
    assert calls(step) == [("real_yield", {"nominal_rate": 6, "inflation_rate": 2})]
    step = await turn([DEPOSIT_GROWTH], "deposit growth of 150 a month at 4% for 2 years?")
    assert calls(step) == [
        ("deposit_growth", {"monthly_amount": 150, "annual_rate": 4, "months": 24})
    ]


async def test_compounding_said_fills_its_parameter_listed_or_free() -> None:
    listed = tool(
        "grow_sum",
        "Grow a sum. Use compounding: annually, quarterly, monthly.",
        {"amount": NUMBER, "rate": NUMBER, "years": NUMBER, "compounding": {"type": "string"}},
        "amount",
        "rate",
        "years",
    )
    step = await turn([listed], "grow sum 8,000 at 3% for 5 years, compounded quarterly?")
    assert calls(step) == [
        ("grow_sum", {"amount": 8000, "rate": 3, "years": 5, "compounding": "quarterly"})
    ]
    free = tool(
        "effective_rate",
        "Effective annual rate from a nominal one",
        {"nominal_rate": NUMBER, "compounding": {"type": "string"}},
        "nominal_rate",
    )
    step = await turn([free], "effective rate of 5% nominal compounded monthly?")
    assert calls(step) == [("effective_rate", {"nominal_rate": 5, "compounding": "monthly"})]


async def test_a_mortgage_finds_the_loan_tool() -> None:
    deposit = tool(
        "deposit_maturity",
        "Maturity of a deposit",
        {"principal": NUMBER, "annual_rate": NUMBER, "years": NUMBER},
        "principal",
        "annual_rate",
        "years",
    )
    instalment = tool(
        "loan_instalment",
        "Instalment of a loan",
        {"principal": NUMBER, "annual_rate": NUMBER, "years": NUMBER},
        "principal",
        "annual_rate",
        "years",
    )
    said = "monthly payment on a 180k mortgage at 5% over 20 years?"
    assert [name for name, _ in calls(await turn([deposit, instalment], said))] == [
        "loan_instalment"
    ]
