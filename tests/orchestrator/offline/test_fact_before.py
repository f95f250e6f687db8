"""A computation's request that says its value as a fact before the question ("the thermometer
says 90C, what's that in fahrenheit", "a marathon is 42.2 km, how many miles is that", lexicon
`FACT_VERBS`) computes it: what the value is of, and the question's own words, are nothing left
to ask about. Fails on the router before (it did not understand "thermometer says", and asked)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

UNITS = ["C", "F", "km", "mi"]
CONVERT = tool(
    "unit_convert",
    "Convert a value between units.",
    {
        "value": {"type": "number"},
        "from_unit": {"type": "string", "enum": UNITS},
        "to_unit": {"type": "string", "enum": UNITS},
    },
    "value",
    "from_unit",
    "to_unit",
)


async def test_the_fact_before_the_question_is_computed() -> None:
    response = await turn([CONVERT], "the thermometer says 90C, what's that in fahrenheit")
    assert calls(response) == [("unit_convert", {"value": 90, "from_unit": "C", "to_unit": "F"})]
    response = await turn([CONVERT], "a marathon is 42.2 km, how many miles is that")
    assert calls(response) == [
        ("unit_convert", {"value": 42.2, "from_unit": "km", "to_unit": "mi"})
    ]
