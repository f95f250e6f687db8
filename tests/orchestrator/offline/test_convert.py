"""Unit conversions (orchestrator/offline/_convert.py) on tools the router has never seen: the
units are the enums' values, said as they are or by a name or an abbreviation; the unit beside
the number is the one converted from; a tool whose enums lack a unit is not chosen."""

from __future__ import annotations

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls


def converter(kind: str, units: list[str]) -> ToolDefinition:
    enum = {"type": "string", "enum": units}
    return ToolDefinition(
        f"convert_{kind}",
        f"Convert {kind} between units.",
        {
            "type": "object",
            "properties": {
                "value": {"type": "number", "description": f"{kind} value to convert"},
                "from_unit": {**enum, "description": "Source unit"},
                "to_unit": {**enum, "description": "Target unit"},
            },
            "required": ["value", "from_unit", "to_unit"],
        },
    )


TOOLS = [
    converter("length", ["centimeter", "foot", "inch", "kilometer", "meter", "mile"]),
    converter("temperature", ["celsius", "fahrenheit", "kelvin"]),
    converter("mass", ["gram", "kilogram", "ounce", "pound", "stone"]),
    converter("time", ["seconds", "minutes", "hours", "days", "weeks"]),
    converter("speed", ["kilometers per hour", "miles per hour", "knots"]),
    converter("angle", ["degrees", "radians"]),
]


async def turn(said: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], TOOLS))


@pytest.mark.parametrize(
    ("said", "tool", "value", "units"),
    [
        ("how many km is 26.2 miles", "length", 26.2, ("mile", "kilometer")),
        ("convert 180 cm to feet", "length", 180, ("centimeter", "foot")),
        ("20°C in F?", "temperature", 20, ("celsius", "fahrenheit")),
        ("5 oz to grams", "mass", 5, ("ounce", "gram")),
        ("how many seconds in a week?", "time", 1, ("weeks", "seconds")),
        ("100 km/h in mph", "speed", 100, ("kilometers per hour", "miles per hour")),
        ("convert 90 degrees to radians", "angle", 90, ("degrees", "radians")),
    ],
)
async def test_a_value_and_two_units_choose_and_fill_the_converter(
    said: str, tool: str, value: float, units: tuple[str, str]
) -> None:
    assert calls(await turn(said)) == [
        (f"convert_{tool}", {"value": value, "from_unit": units[0], "to_unit": units[1]})
    ]


@pytest.mark.parametrize("said", ["convert 5 parsecs to miles", "how many km?"])
async def test_a_unit_no_enum_has_or_a_missing_value_calls_nothing(said: str) -> None:
    assert calls(await turn(said)) == []
