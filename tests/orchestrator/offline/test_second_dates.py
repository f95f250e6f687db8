"""Computations over dates, over schemas of their own: a parameter named as a date's with a
number after it (`date2` beside `date`) holds a second date, and a range said ("between
2026-03-02 and 2026-03-13") fills the two; an enum the request names no value of takes the one
a filled parameter is described as for ("date2: Second date for diff", "amount: Amount to
add"); a time said with its zone apart ("3pm in New York") goes to a computation as that zone's
clock, with no offset of the user's. Each test fails on the router before its rule."""

from __future__ import annotations

from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, text, tool, turn

GAP = tool(
    "days_between",
    "The days from one date to another",
    {"date": text("First date (YYYY-MM-DD)"), "date2": text("Second date")},
    "date",
    "date2",
)


def test_a_parameter_named_as_a_dates_with_a_number_after_it_holds_a_second_date() -> None:
    view = ToolView.of(GAP.name, GAP.description, GAP.input_schema)
    assert view.params["date2"].role == view.params["date"].role == "moment"


async def test_a_range_said_fills_the_date_and_the_second_date() -> None:
    step = await turn([GAP], "how many days between 2026-03-02 and 2026-03-13?")
    assert calls(step) == [("days_between", {"date": "2026-03-02", "date2": "2026-03-13"})]


DAYS_BETWEEN_OR_ADD = tool(
    "days_between",
    "Date maths: the days from one date to another, or a date some time after another",
    {
        "mode": text("diff: days from date to date2, add: add to date", enum=["diff", "add"]),
        "date": text("Date (YYYY-MM-DD)"),
        "date2": text("Second date for diff"),
        "amount": {"type": "number", "description": "Amount to add"},
    },
    "mode",
    "date",
)


async def test_an_enum_takes_the_value_a_filled_parameter_is_described_as_for() -> None:
    step = await turn([DAYS_BETWEEN_OR_ADD], "how many days between 2026-03-02 and 2026-03-13?")
    assert calls(step) == [
        ("days_between", {"date": "2026-03-02", "date2": "2026-03-13", "mode": "diff"})
    ]


def test_values_joined_by_slashes_after_for_say_what_a_parameter_is_for() -> None:
    schema = {
        "type": "object",
        "properties": {"when": text("Datetime for convert/format/timestamp, ISO 8601")},
    }
    view = ToolView.of("clock", "Convert and format datetimes", schema)
    assert view.params["when"].allowed == ()
    assert view.params["when"].role == "moment"


ZONES = tool(
    "zone_convert",
    "Convert a datetime from one time zone to another",
    {
        "datetime": text("Datetime (ISO 8601)"),
        "fromTimezone": text("IANA timezone the datetime is in"),
        "toTimezone": text("Target timezone for conversion"),
    },
    "datetime",
    "toTimezone",
)


async def test_a_time_said_with_its_zone_apart_is_that_zones_clock() -> None:
    step = await turn([ZONES], "if it's 3pm on 2026-12-01 in New York, what time is it in Tokyo")
    assert calls(step) == [
        (
            "zone_convert",
            {
                "fromTimezone": "America/New_York",
                "toTimezone": "Asia/Tokyo",
                "datetime": "2026-12-01T15:00",
            },
        )
    ]
