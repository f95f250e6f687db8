"""A month said ("last month", "november") for a date parameter whose description spells a
month's format beside a day's ("Filter by YYYY-MM or YYYY-MM-DD") is sent as that month,
`YYYY-MM` (user trial 14, f24: every expense was listed). A date parameter that takes a day
alone still gets no month. Fails on the router before (no date sent)."""

from __future__ import annotations

from datetime import datetime

from orchestrator import UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool

NOW = datetime(2026, 11, 30, 19, 0, tzinfo=ZONE)
VIEW = tool(
    "view_expenses",
    "View expenses",
    {
        "category": text("(Optional) Filter by category"),
        "date": text("(Optional) Filter by YYYY-MM or YYYY-MM-DD"),
    },
)
ON_A_DAY = tool("view_meals", "View meals", {"date": text("Filter by day, YYYY-MM-DD")})


async def turn(tools: list, said: str) -> ModelResponse:  # type: ignore[type-arg]
    return await OfflineRouter(clock=lambda: NOW).respond(
        ModelRequest("", [UserMessage(said)], tools)
    )


async def test_a_month_said_is_sent_as_one() -> None:
    assert calls(await turn([VIEW], "expenses for last month")) == [
        ("view_expenses", {"date": "2026-10"})
    ]
    assert calls(await turn([VIEW], "show my expenses for september")) == [
        ("view_expenses", {"date": "2026-09"})
    ]
    assert calls(await turn([VIEW], "expenses yesterday")) == [
        ("view_expenses", {"date": "2026-11-29"})
    ]


async def test_a_day_alone_takes_no_month() -> None:
    for _, args in calls(await turn([ON_A_DAY], "meals for last month")):
        assert "date" not in args or len(args["date"]) == 10, args
