"""A new record of what happened is dated in the past (user trial 14, f04, f08): a tool that
logs, or whose records are money spent or received (an expense, an income), reads a day said
with no direction as the last one ("income 150 from selling my old bike on saturday" is the
Saturday gone, "rent, paid on the 1st" this month's first, "a snack at 6pm" said at 7pm
today's), never the next. A day said ahead ("next saturday") is kept, and so is a reminder's.
An income's `source` ("Source of the income") takes what it came "from", and is no file path.
Fails on the router before (Saturday 5 December, Tuesday 1 December, source asked)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool

NOW = datetime(2026, 11, 30, 19, 0, tzinfo=ZONE)  # a Monday evening


def _args(model: str, fields: dict[str, Any], *required: str) -> dict[str, Any]:
    """One `args` object parameter, a model in `$defs` with no description (as FastMCP makes)."""
    return {
        "type": "object",
        "properties": {"args": {"$ref": f"#/$defs/{model}"}},
        "required": ["args"],
        "$defs": {model: {"type": "object", "properties": fields, "required": list(required)}},
    }


NUMBER = {"type": "number"}
ADD_INCOME = ToolDefinition(
    "add_income",
    "",
    _args(
        "AddIncomeArgs",
        {
            "date": text("Date income was received in YYYY-MM-DD format"),
            "source": text("Source of the income"),
            "amount": {**NUMBER, "description": "Amount of income"},
        },
        "date",
        "source",
        "amount",
    ),
)
ADD_EXPENSE = ToolDefinition(
    "add_expense",
    "",
    _args(
        "AddExpenseArgs",
        {
            "date": text("Date of the expense in YYYY-MM-DD format"),
            "category": text("Category of the expense"),
            "amount": {**NUMBER, "description": "Amount spent"},
            "note": text("Optional description or note"),
        },
        "date",
        "category",
        "amount",
    ),
)
LOG_SNACK = tool(
    "log_snack",
    "Log a snack eaten",
    {"name": text("What was eaten"), "calories": NUMBER, "eaten_at": text("When, ISO 8601")},
    "name",
    "eaten_at",
)
REMIND = tool("create_reminder", "Create a reminder", {"text": text(""), "due": text("")}, "text")
TOOLS = [ADD_INCOME, ADD_EXPENSE, LOG_SNACK, REMIND]


async def turn(said: str) -> ModelResponse:
    router = OfflineRouter(clock=lambda: NOW)
    return await router.respond(ModelRequest("", [UserMessage(said)], TOOLS))


async def test_a_weekday_an_income_came_in_is_the_last_one() -> None:
    step = await turn("add income 150 from selling my old bike on saturday")
    assert calls(step) == [
        (
            "add_income",
            {"args": {"amount": 150, "date": "2026-11-28", "source": "selling my old bike"}},
        )
    ], step.text


async def test_a_day_of_the_month_paid_is_this_month_s() -> None:
    step = await turn("log 1200 rent, paid on the 1st")
    ((name, args),) = calls(step)
    assert name == "add_expense", step.text
    assert (args["args"]["date"], args["args"]["amount"]) == ("2026-11-01", 1200), args


async def test_a_time_alone_that_has_passed_is_today_s() -> None:
    ((name, args),) = calls(await turn("log a snack: an apple, 95 calories at 6pm"))
    assert name == "log_snack" and args["eaten_at"].startswith("2026-11-30T18:00"), args


async def test_a_day_said_ahead_and_a_reminder_stay_to_come() -> None:
    ((_, args),) = calls(await turn("add an expense of 20 for parking next saturday"))
    assert args["args"]["date"] == "2026-12-05", args
    ((name, args),) = calls(await turn("remind me to pay the rent on the 1st"))
    assert name == "create_reminder" and args["due"].startswith("2026-12-01"), args


EARN = tool(
    "record_income",
    "Record money received",
    {"day": text("YYYY-MM-DD"), "origin": text("Where it came from"), "amount": NUMBER},
    "day",
    "origin",
    "amount",
)


async def test_money_paid_is_an_expense_never_an_income() -> None:
    router = OfflineRouter(clock=lambda: NOW)
    said = "paid $45 for a taxi on the 3rd"
    step = await router.respond(ModelRequest("", [UserMessage(said)], [ADD_EXPENSE, EARN]))
    assert calls(step) == [
        (
            "add_expense",
            {"args": {"amount": 45, "date": "2026-11-03", "note": "taxi", "category": "transport"}},
        )
    ], step.text
