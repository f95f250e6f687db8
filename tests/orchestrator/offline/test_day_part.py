"""A part of the day said with no clock time ("tonight", "this morning") for a parameter named
for a date alone, with no format (`date`), is the day: no clock time is made up for it
("20:00" had been sent for "tonight"). A date-time parameter, or one named for a time, still
gets the time of day the part means (the first test fails on the router before)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

JOT = tool(
    "log_gift",
    "Jot down money given away.",
    {"amount": {"type": "number"}, "date": {}, "note": text("A short note")},
    "amount",
    "date",
)
TIMED = tool(
    "log_gift",
    "Jot down money given away.",
    {"amount": {"type": "number"}, "date": {"type": "string", "format": "date-time"}},
    "amount",
    "date",
)


async def test_a_part_of_the_day_is_the_day_for_a_date() -> None:
    (call,) = calls(await turn([JOT], "log a gift of 20 tonight"))
    assert call[1]["date"].count("-") == 2 and "T" not in call[1]["date"]
    (morning,) = calls(await turn([JOT], "log a gift of 20 this morning"))
    assert "T" not in morning[1]["date"]


async def test_a_clock_time_or_a_date_time_keeps_its_time() -> None:
    (call,) = calls(await turn([TIMED], "log a gift of 20 tonight"))
    assert "T20:00" in call[1]["date"]
    (clock,) = calls(await turn([JOT], "log a gift of 20 today at 7pm"))
    assert "T19:00" in clock[1]["date"]
