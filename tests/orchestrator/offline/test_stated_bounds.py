"""The bounds a number's description states where its schema gives none (a range, "0-200,000",
"1-10 scale"; or the values it lists with their meanings) are kept: a value inside them is sent,
one outside them is asked about and never sent. Fails on the router before (mood 12 was
logged)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

NUMBER = {"type": "number"}
INTEGER = {"type": "integer"}
LOG_METRIC = tool(
    "log_daily_metric",
    "Record one or more health metrics for a single day.\n\nArgs:\n"
    "    date: The day to log, formatted YYYY-MM-DD.\n"
    "    steps: Step count for the day. 0-200,000.\n"
    "    mood: Mood rating on a 1-10 scale.\n"
    "    water_ml: Water intake in millilitres. 0-10,000.\n",
    {"date": {"type": "string"}, "steps": INTEGER, "mood": INTEGER, "water_ml": INTEGER},
    "date",
)


async def test_a_value_within_the_stated_bounds_is_sent() -> None:
    (call,) = calls(await turn([LOG_METRIC], "log 9,400 steps for today"))
    assert call[0] == "log_daily_metric" and call[1]["steps"] == 9400
    (call,) = calls(await turn([LOG_METRIC], "log mood 8 for today"))
    assert call[1]["mood"] == 8


async def test_a_value_outside_the_stated_bounds_is_asked_about() -> None:
    response = await turn([LOG_METRIC], "log mood 12 for today")
    assert not response.tool_calls
    assert "1 to 10" in response.text
