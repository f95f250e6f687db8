"""Values said with their units and no verb ("dose volume for 20 kg at 15%") are read as a
record to make; where no tool makes one and a tool that calculates takes them, they are its
inputs: a calculation, over schemas of its own. A tool that records them still takes them."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, tool, turn

NUMBER: dict[str, Any] = {"type": "number"}
UNIT: dict[str, Any] = {"type": "string", "enum": ["kg", "lb"]}
DOSE = tool(
    "dose_volume",
    "Calculate a dose volume from a body weight and a percentage.",
    {"weight": NUMBER, "unit": UNIT, "percentage": NUMBER},
    "weight",
    "unit",
    "percentage",
)
LOG_WEIGHT = tool(
    "log_weight",
    "Log a body weight.",
    {"weight": NUMBER, "unit": UNIT},
    "weight",
    "unit",
)


async def test_values_with_no_verb_fill_the_tool_that_calculates() -> None:
    step = await turn([DOSE], "dose volume for 20 kg at 15%")
    assert calls(step) == [("dose_volume", {"weight": 20, "unit": "kg", "percentage": 15})]


async def test_a_tool_that_records_them_still_takes_them() -> None:
    step = await turn([DOSE, LOG_WEIGHT], "weight 81 kg")
    assert [name for name, _ in calls(step)] == ["log_weight"]
