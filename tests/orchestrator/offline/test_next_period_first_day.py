"""A record made for "next week" or "next month" is due on that period's first day (the next
Monday, the 1st of the next month), as to-do and calendar apps read it. Fails on the router before
(it dropped the period and asked to make the record with no date). A question keeps the period
whole: it never becomes a day to look for."""

from __future__ import annotations

from datetime import date, timedelta

from orchestrator.offline._dates import local_now
from tests.orchestrator.offline._routing import calls, text, tool, turn

DAY = {"type": "string", "format": "date"}
ADD_CHORE = tool(
    "add_chore",
    "Add a chore to the household list",
    {"title": text("What to do"), "due_date": DAY},
    "title",
)
CHORES_DUE = tool(
    "list_chores_due",
    "List the chores due on a day",
    {"due_date": DAY},
    "due_date",
)


async def test_next_week_is_its_monday_and_next_month_its_first() -> None:
    today = local_now().date()
    monday = today - timedelta(days=today.weekday()) + timedelta(days=7)
    first = date(today.year + today.month // 12, today.month % 12 + 1, 1)
    for said, day in (
        ("remind me to sell the old bike next week", monday),
        ("add a chore: renew the passport next month", first),
    ):
        ((name, args),) = calls(await turn([ADD_CHORE], said))
        assert name == "add_chore" and args["due_date"] == day.isoformat(), (said, args)
        assert "next" not in args["title"], args


async def test_a_question_about_next_week_is_not_its_monday() -> None:
    got = calls(await turn([CHORES_DUE], "which chores are due next week?"))
    today = local_now().date()
    monday = today - timedelta(days=today.weekday()) + timedelta(days=7)
    assert all(args.get("due_date") != monday.isoformat() for _, args in got), got
