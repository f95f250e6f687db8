"""Money said spent ("spent 7.20 on a sandwich") goes to the one tool that takes an amount,
never to a todo titled with the amount, and its required day, unsaid, is today; money to be
paid later ("remind me to pay ... tomorrow") stays a todo, and a day said is kept."""

from __future__ import annotations

from datetime import datetime, timedelta

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS
from tests.orchestrator.offline.test_money_asked import LEDGER


async def test_money_spent_is_recorded_today_by_the_tool_that_takes_an_amount() -> None:
    today = datetime.now(ZONE).date()
    for said, amount in (("spent 7.20 on a sandwich", 7.2), ("I paid €64 for groceries", 64)):
        ((name, args),) = calls(await turn(TOOLS + LEDGER, said))
        assert name == "record_payment" and args["amount"] == amount, (said, name, args)
        assert args["day"] == today.isoformat(), args
    ((name, args),) = calls(await turn(TOOLS + LEDGER, "spent 19 on a taxi yesterday"))
    assert (name, args["day"]) == ("record_payment", str(today - timedelta(days=1))), args


async def test_money_to_pay_later_stays_a_todo() -> None:
    ((name, args),) = calls(await turn(TOOLS + LEDGER, "remind me to pay 80 to the plumber friday"))
    assert name == "create_todo" and "day" not in args, args
