"""A part of the day said with no clock time ("tonight", "this morning") for a parameter named
for a date alone, with no format (`date`), is the day: no clock time is made up for it
("20:00" had been sent for "tonight"). A date-time parameter, or one named for a time, still
gets the time of day the part means (the first test fails on the router before)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from orchestrator import UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from orchestrator.offline._dates import find_when
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
    """(At noon: "tonight" said after 20:00 is the day alone, as the test below says.)"""
    noon = OfflineRouter(clock=lambda: datetime(2026, 11, 29, 12, tzinfo=UTC))
    said = ModelRequest("", [UserMessage("log a gift of 20 tonight")], [TIMED])
    (call,) = calls(await noon.respond(said))
    assert "T20:00" in call[1]["date"]
    (clock,) = calls(await turn([JOT], "log a gift of 20 today at 7pm"))
    assert "T19:00" in clock[1]["date"]


def test_tonight_said_after_its_hour_is_the_day_alone() -> None:
    """ "remind me tonight to lock the door" at 23:59: today, with no clock time made up (20:00,
    four hours gone, had been written); before 20:00 it is still today at 20:00."""
    zone = timezone(timedelta(hours=1))
    late = find_when(
        "remind me tonight to lock the door", datetime(2026, 11, 29, 23, 59, tzinfo=zone)
    )
    assert late is not None and not late.has_time and late.start.date() == date(2026, 11, 29)
    early = find_when("remind me tonight to lock the door", datetime(2026, 11, 29, 18, tzinfo=zone))
    assert early is not None and early.has_time and early.start.hour == 20


def test_a_day_said_as_one_that_comes_again_is_no_date() -> None:
    now = datetime(2026, 11, 29, 12, tzinfo=UTC)
    for said in ("every monday", "each morning", "every other day", "take it out every friday"):
        assert find_when(said, now) is None, said
    assert find_when("everyone meets monday", now) is not None


def test_a_clock_range_before_a_part_of_the_day_is_read_without_failing() -> None:
    """Trial 20: "slept 11:40 to 6:50 last night" raised a TypeError (the part of the day taken
    as the hour said in it), so the one-shot printed a traceback."""
    now = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
    when = find_when("slept 11:40 to 6:50 last night", now)
    assert when is not None and when.start.date() == date(2026, 12, 1)
