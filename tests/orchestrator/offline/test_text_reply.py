"""The text a new record was asked for, given in a reply ("remind me" / "to book the dentist
check-up on thursday, high priority"), is read as a request is: the leading "to" dropped, the
day and the priority in it taken to their own fields, never written into the title."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from orchestrator import UserMessage
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls
from tests.orchestrator.offline.test_asking import question_of, turn
from tests.orchestrator.offline.test_everyday_writes import TOOLS


def thursday() -> date:
    now = datetime.now(ZONE).date()
    return now + timedelta(days=(3 - now.weekday() - 1) % 7 + 1)


async def answered(first: str, reply: str) -> dict[str, object]:
    request = UserMessage(first)
    asked = await turn(TOOLS, request)
    question = question_of(asked)
    assert list(question.fields) == ["title"], question
    step = await turn(TOOLS, request, asked.items[0], UserMessage(reply))
    ((name, args),) = calls(step)
    assert name == "create_todo", (name, args)
    return args


async def test_a_title_given_in_a_reply_leaves_its_day_and_priority_out() -> None:
    args = await answered("remind me", "to book the dentist check-up on thursday, high priority")
    assert args["title"] == "book the dentist check-up", args
    assert args["due_date"].startswith(thursday().isoformat()) and args["priority"] == "high"
    args = await answered("add a todo", "water the balcony plants tomorrow")
    tomorrow = datetime.now(ZONE).date() + timedelta(days=1)
    assert args["title"] == "water the balcony plants", args
    assert args["due_date"].startswith(tomorrow.isoformat())


async def test_a_title_given_in_a_reply_without_values_is_kept_as_typed() -> None:
    args = await answered("remind me", "ring Dr. Okafor re: the x-ray results")
    assert args["title"] == "ring Dr. Okafor re: the x-ray results", args
