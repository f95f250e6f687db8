"""A year said after a day and its month ("4 July 2027", "May 8, 2026", "dec 1st 2025") is that
date's year: the day is never moved to the next such day, and the year is no number left over
for another parameter. Each test fails on the router before its rule."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from orchestrator.offline._dates import find_when

NOW = datetime(2026, 11, 28, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def test_a_year_after_the_day_and_month_is_the_dates_year() -> None:
    for said, day in (
        ("what weekday is 4 July 2027", date(2027, 7, 4)),
        ("what weekday was 4 July 1990", date(1990, 7, 4)),
        ("from May 8, 2025", date(2025, 5, 8)),
        ("on dec 1st 2025", date(2025, 12, 1)),
        ("the 3rd of march 2024", date(2024, 3, 3)),
    ):
        when = find_when(said.lower(), NOW)
        assert when is not None and when.day() == day, said


def test_with_no_year_the_day_is_the_next_one_still() -> None:
    when = find_when("on may 8", NOW)
    assert when is not None and when.day() == date(2027, 5, 8)


async def test_the_year_is_no_number_left_for_another_parameter() -> None:
    day_info = ToolDefinition(
        "day_info",
        "Which weekday a date is, or a date some days later",
        {
            "type": "object",
            "properties": {
                "date": {"type": "string", "description": "Date (YYYY-MM-DD)"},
                "offset": {"type": "number", "description": "Days to add"},
            },
            "required": ["date"],
        },
    )
    router = OfflineRouter(clock=lambda: NOW)
    step = await router.respond(
        ModelRequest("", [UserMessage("which weekday was 9 November 1989?")], [day_info])
    )
    calls: list[tuple[str, dict[str, Any]]] = [(c.name, c.arguments) for c in step.tool_calls]
    assert calls == [("day_info", {"date": "1989-11-09"})]


def test_a_year_said_at_a_ranges_end_is_its_starts_year_too() -> None:
    when = find_when("from april 27 to may 8, 2026", NOW)
    assert when is not None and when.end is not None
    assert (when.day(), when.end.date()) == (date(2026, 4, 27), date(2026, 5, 8))
    when = find_when("from dec 20 to jan 5", NOW)
    assert when is not None and when.end is not None
    assert (when.day(), when.end.date()) == (date(2026, 12, 20), date(2027, 1, 5))


def test_a_year_after_a_comma_spaced_apart_is_the_dates_year() -> None:
    when = find_when("may 8 , 2025 ?", NOW)
    assert when is not None and when.day() == date(2025, 5, 8)
