"""A question to a tool of no verb of ours that takes nothing but typed values (a number, a unit,
a choice) is answered though some of its words go unused: they say what it is about ("my tyre
pressure is 32 psi, what's that in bar?", "what's my streak looking like?"). Before, the router
asked to confirm them. An order with a verb of no tool's ("flip on the lamp") still asks, as
does a question whose words the tool would carry as text (`FREE_TEXT_ROLES`), or with a value
left over ("for 3 tyres"). Over schemas of its own."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, turn

UNITS = {"type": "string", "enum": ["psi", "bar", "kpa"]}
PRESSURE = ToolDefinition(
    "pressure_units",
    "Pressure from one unit into another",
    {
        "type": "object",
        "properties": {"value": {"type": "number"}, "from_unit": UNITS, "to_unit": UNITS},
        "required": ["value", "from_unit", "to_unit"],
    },
)
STREAK = ToolDefinition("streak_days", "Days in a row with a workout", {"type": "object"})
LAMP = ToolDefinition("lamp_toggle", "Lamp on or off", {"type": "object"})


async def test_a_question_goes_to_the_tool_its_values_fit() -> None:
    step = await turn([PRESSURE, STREAK], "my tyre pressure is 32 psi, what's that in bar?")
    assert calls(step) == [("pressure_units", {"value": 32, "from_unit": "psi", "to_unit": "bar"})]
    step = await turn([PRESSURE, STREAK], "what's my workout streak looking like?")
    assert calls(step) == [("streak_days", {})]


async def test_an_order_with_a_verb_of_no_tool_still_asks() -> None:
    assert calls(await turn([LAMP, STREAK], "flip on the lamp quickly")) == []


async def test_a_value_left_over_is_still_asked_about() -> None:
    assert calls(await turn([PRESSURE, STREAK], "32 psi in bar for 3 tyres?")) == []
