"""A month's end or middle named by the month ("by end of march", "mid june", "by the end of
august 2027") is a day, taken out of a new record's title into its date; a date the tool's date
parameter could not take ("todo: file taxes in april") is never left in a title said after a
colon: it is asked about."""

from __future__ import annotations

import calendar
from datetime import date

from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS, created, today
from tests.orchestrator.offline.test_write_gate import asks


def coming(month: int, day: int | None = None) -> str:
    """The next such day of `month` (its last when `day` is None), this year's unless passed."""
    now = today()
    for year in (now.year, now.year + 1):
        found = date(year, month, day or calendar.monthrange(year, month)[1])
        if found >= now:
            return found.isoformat()
    raise AssertionError


async def test_a_named_months_end_or_middle_is_the_due_day() -> None:
    for said, title, due in (
        ("todo: renew the parking permit by end of march", "renew the parking permit", coming(3)),
        (
            "add todo return the library books by the end of august",
            "return the library books",
            coming(8),
        ),
        ("remind me to book the ferry mid june", "book the ferry", coming(6, 15)),
        ("todo: send the tax forms by the end of october 2031", "send the tax forms", "2031-10-31"),
    ):
        args = await created(said)
        assert args["title"] == title and args["due_date"].startswith(due), (said, args)


async def test_a_month_after_a_colon_is_asked_about_not_titled() -> None:
    for said in ("todo: file the tax return in april", "reminder: repaint the fence in may 2031"):
        step = await turn(TOOLS, said)
        assert asks(step), (said, calls(step))
