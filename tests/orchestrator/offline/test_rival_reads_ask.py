"""Rival reads or computations that each lack a value the request does not say ("calculate the
interest" over two interest calculators) ask which one, and name them: a question back, never
"I'm not sure what to do". Fails on the router before (it gave up)."""

from __future__ import annotations

from tests.orchestrator.offline.test_write_gate import asks, tool, turn

NUMBER = {"type": "number"}
SIMPLE = tool(
    "calc_simple_interest",
    "Calculate the simple interest on a principal.",
    {"principal": NUMBER, "rate": NUMBER},
    "principal",
    "rate",
)
COMPOUND = tool(
    "calc_compound_interest",
    "Calculate the compound interest on a principal.",
    {"principal": NUMBER, "rate": NUMBER, "years": NUMBER},
    "principal",
    "rate",
    "years",
)


async def test_tied_reads_that_lack_values_ask_which() -> None:
    response = await turn([SIMPLE, COMPOUND], "calculate the interest")
    assert asks(response)
    question = getattr(response.items[0], "question", None)
    assert question is not None
    assert "calc_simple_interest" in question.text and "calc_compound_interest" in question.text
