"""The people one provides for, as people say them ("3 kids", "2 children"; lexicon
MEASURE_NAMES), name a number parameter for them (`dependents`), as "3 dependents" does (the
test fails on the router before: the number of kids was left out of the call)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

BUFFER = tool(
    "size_cash_buffer",
    "Size a household's cash buffer.",
    {
        "monthly_costs": {"type": "number"},
        "dependents": {"type": "integer", "default": 0},
        "cars": {"type": "integer", "default": 0},
    },
    "monthly_costs",
)


async def test_kids_are_dependents() -> None:
    said = await turn([BUFFER], "how big a cash buffer: we spend 3100 a month and have 3 kids")
    assert calls(said) == [("size_cash_buffer", {"monthly_costs": 3100, "dependents": 3})]
