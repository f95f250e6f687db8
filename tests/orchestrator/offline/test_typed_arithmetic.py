"""Arithmetic typed as people type it (trial 11, plain sums refused while "23*17" worked): a
division with no spaces ("100/3", read as a path), a negative number ("-40 + 3", and "-40 celsius
to fahrenheit" for a converter), "mod", a square root ("sqrt of 2") and a count at a price each
("4 tickets at 12.50 each"). A date typed with a slash is no division ("12/25"), and a phone
number no subtraction. Over tools of its own."""

from __future__ import annotations

import pytest

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_slash_dates import TODO

CALC = tool("calculate", "Calculates the given expression.", {"expression": text("")}, "expression")


@pytest.mark.parametrize(
    ("said", "expression"),
    [
        ("what's 250/8", "250/8"),
        ("7.5/2.5", "7.5/2.5"),
        ("-12 + 30", "-12 + 30"),
        ("6 * -4", "6 * -4"),
        ("23 mod 4", "23 % 4"),
        ("29 modulo 6", "29 % 6"),
        ("square root of 144", "144 ** 0.5"),
        ("sqrt 81", "81 ** 0.5"),
        ("4 tickets at 12.50 each", "4 * 12.50"),
        ("2 bags of rice for 3.20 apiece", "2 * 3.20"),
    ],
)
async def test_typed_arithmetic_goes_to_the_calculator(said: str, expression: str) -> None:
    assert calls(await turn([CALC, TODO], said)) == [("calculate", {"expression": expression})]


async def test_a_date_typed_with_a_slash_is_no_division() -> None:
    for said in ("add todo buy gifts by 12/24", "add todo buy gifts by 24/12"):
        assert all(name != "calculate" for name, _ in calls(await turn([CALC, TODO], said)))


async def test_a_phone_number_is_no_subtraction() -> None:
    step = await turn([CALC, TODO], "add todo call 555-1234")
    assert all(name != "calculate" for name, _ in calls(step))


DEGREES = {"type": "string", "enum": ["celsius", "fahrenheit", "kelvin"]}
TEMPERATURE = ToolDefinition(
    "convert_temperature",
    "Convert a temperature between units",
    {
        "type": "object",
        "properties": {"value": {"type": "number"}, "from_unit": DEGREES, "to_unit": DEGREES},
        "required": ["value", "from_unit", "to_unit"],
    },
)


@pytest.mark.parametrize("said", ["-12 celsius to fahrenheit", "what is -12 C in F?"])
async def test_a_negative_number_is_converted(said: str) -> None:
    assert calls(await turn([TEMPERATURE, CALC], said)) == [
        ("convert_temperature", {"value": -12, "from_unit": "celsius", "to_unit": "fahrenheit"})
    ]
