"""A span of days before or after a day ("15 business days after Nov 20 2026", "10 business
days before Dec 24") is a day moved, for a tool that takes a day and a count of the unit
(trial 34's `add_business_days(start_date, days)`), never a count between two days; the count
is below zero before the day or taken from it. A tool named for a unit of time that takes a day
and a count of it, and nothing else, makes no record: "add 15 business days to Nov 20" moves the
day, beside a todo list. Before, the first two asked about `business_days_between` with the day
as both ends, and "15" left over."""

from __future__ import annotations

from typing import Any

import pytest

from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import calls, integer, string, tool, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

_DAYS: dict[str, Any] = {"start_date": string(), "days": integer()}
ADD = tool(
    "add_business_days",
    "Add (or subtract, with a negative number) business days to a date,\nskipping weekends and"
    " US federal holidays.",
    _DAYS,
    "start_date",
    "days",
)
BETWEEN = tool(
    "business_days_between",
    "Count business days between two dates, skipping weekends and US federal\nholidays. Dates"
    " are ISO format (YYYY-MM-DD).",
    {"start_date": string(), "end_date": string()},
    "start_date",
    "end_date",
)
HOLIDAYS = tool("federal_holidays", "US federal holidays for a year.", {"year": integer()}, "year")
TOOLS = [*TODOS, ADD, BETWEEN, HOLIDAYS]


@pytest.mark.parametrize(
    ("said", "start", "days"),
    [
        ("what's 15 business days after Nov 20 2026?", "2026-11-20", 15),
        ("what date is 10 business days before Dec 24, 2026?", "2026-12-24", -10),
        ("add 15 business days to Nov 20 2026", "2026-11-20", 15),
        ("subtract 10 business days from Dec 24 2026", "2026-12-24", -10),
    ],
)
async def test_a_span_before_or_after_a_day_moves_the_day(said: str, start: str, days: int) -> None:
    assert calls(await turn(TOOLS, said)) == [
        ("add_business_days", {"start_date": start, "days": days})
    ]


async def test_days_from_one_day_to_another_are_counted_between_them() -> None:
    assert calls(await turn(TOOLS, "count business days from 2026-12-15 to 2027-01-15")) == [
        ("business_days_between", {"start_date": "2026-12-15", "end_date": "2027-01-15"})
    ]


def test_a_tool_that_moves_a_day_makes_no_record() -> None:
    def kind(name: str, props: dict[str, Any], *required: str) -> str | None:
        made = tool(name, "", props, *required)
        return ToolView.of(made.name, made.description, made.input_schema).kind

    assert kind("add_business_days", _DAYS, "start_date", "days") == "read"
    hours = {"project": string(), "date": string(), "hours": integer()}  # a timesheet's entry
    assert kind("add_hours", hours, "project", "date", "hours") == "create"


async def test_how_many_days_asks_the_count_a_day_mover_is_given() -> None:
    """ "how many business days ...?" asks for the count `add_business_days` takes: the tool
    that counts between two days comes first (trial 34, r071, asked for a count to add)."""
    response = await turn(
        TOOLS, "how many business days is that from the start date to the deadline?"
    )
    assert calls(response) == []
    text = response.text
    assert "business_days_between" in text
    assert text.find("business_days_between") < text.find("add_business_days")
