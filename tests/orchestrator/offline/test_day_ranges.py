"""A range of days said ("from April 27 to May 8, 2026") fits the tool that takes its start and
its end better than one that takes a single day, one day said the other way round, and a working
day is a business day (lexicon `NOUN_KIN`). Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import UserMessage
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import tool

DAY: dict[str, Any] = {"type": "string", "format": "date"}


TOOLS = [
    tool(
        "business_day",
        "The business day some business days after a date",
        {"date": DAY, "days": {"type": "integer"}},
        "date",
    ),
    tool(
        "business_days_span",
        "How many business days a span of dates holds",
        {"from_date": DAY, "to_date": DAY},
        "from_date",
        "to_date",
    ),
]


async def test_a_range_of_working_days_goes_to_the_tool_that_takes_both_ends() -> None:
    said = "how many working days from April 27 to May 8, 2026?"
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], TOOLS))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("business_days_span", {"from_date": "2026-04-27", "to_date": "2026-05-08"})
    ]


async def test_one_day_said_fits_the_tool_that_takes_one_day() -> None:
    said = "what's 5 business days after 2026-12-25?"
    step = await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], TOOLS))
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("business_day", {"date": "2026-12-25", "days": 5})
    ]
