"""A day said with money spent, its year unsaid, is the last one past: "i paid 120 for the
rent on nov 15" is the last 15 November, "spent 54.30 on dinner on the 25th" the last 25th
(trial 11, E14: "nov 15" read as next year's). A year said is kept, and a day to come in a
reminder stays to come."""

from __future__ import annotations

from datetime import date, datetime

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_money_asked import LEDGER
from tests.orchestrator.offline.test_spent_said_first import LOG


def _last(month: int, day: int) -> date:
    today = datetime.now(ZONE).date()
    year = today.year if (month, day) <= (today.month, today.day) else today.year - 1
    return date(year, month, day)


def _last_of_month(day: int) -> date:
    today = datetime.now(ZONE).date()
    if day <= today.day:
        return today.replace(day=day)
    month, year = (today.month - 1, today.year) if today.month > 1 else (12, today.year - 1)
    return date(year, month, day)


async def test_a_month_s_day_paid_is_the_last_one() -> None:
    last = str(_last(11, 15))
    said = "i paid 120 for the rent on nov 15"
    ((name, args),) = calls(await turn(TOOLS + LEDGER, said))
    assert (name, args["day"], args["amount"]) == ("record_payment", last, 120), args
    ((name, args),) = calls(await turn([*TOOLS, LOG], said))
    assert (name, args["date"]) == ("log_transaction", last), args
    ((name, args),) = calls(await turn([*TOOLS, LOG], "bought a lamp for 30 on the 1st of march"))
    assert (name, args["date"]) == ("log_transaction", str(_last(3, 1))), args


async def test_a_day_of_the_month_spent_is_the_last_one() -> None:
    ((name, args),) = calls(await turn([*TOOLS, LOG], "spent 54.30 on dinner on the 28th"))
    assert (name, args["date"]) == ("log_transaction", str(_last_of_month(28))), args


async def test_a_year_said_and_a_day_to_come_are_kept() -> None:
    ((name, args),) = calls(await turn([*TOOLS, LOG], "spent 9 on lunch on 15 november 2031"))
    assert args["date"] == "2031-11-15", args
    ((name, args),) = calls(await turn(TOOLS + LEDGER, "remind me to pay the rent on nov 15"))
    assert name == "create_todo", (name, args)
    assert str(args.get("due_date", args.get("due", "")))[:10] >= str(datetime.now(ZONE).date())
