"""Money jotted down as people do, with no verb and no currency, is a record of money: "coffee
3.80" (a price as written) and "gym membership 35 today" (a whole number, a day, a thing paid
for) are spent today, by the one tool that records spending (never the one for money
received); "i got paid! salary 3200 today" and "salary 3200 today" are money received, its
source the kind said (trial 14, f05, x07, f07: "not sure what to do", "no verb I know",
refused). "milk 2" and "python 3.12" say no money, "dinner 8.30" and "gym 6 today" a clock
time, "taxi 30 tomorrow" a plan: never an expense, nor a todo titled so.
A request no tool can do is refused, never answered by a read of other records: "change the
rent to 1250" where expenses are only added and listed (trial 14, f23: the todos searched for
"rent to 1250"), "convert my expenses to euros" where no tool converts (f28: expenses listed).
Over schemas of their own: a book that takes its fields inside one `args` object, and a flat
one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from orchestrator import ToolDefinition
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, text, tool, turn

_NUMBER: dict[str, Any] = {"type": "number"}


def _wrapped(name: str, fields: dict[str, Any], *required: str) -> ToolDefinition:
    """A tool whose fields sit in one `args` object, defined under `$defs`."""
    inner = {"type": "object", "properties": fields, "required": list(required)}
    schema = {
        "type": "object",
        "$defs": {"Args": inner},
        "properties": {"args": {"$ref": "#/$defs/Args"}},
        "required": ["args"],
    }
    return ToolDefinition(name, "", schema, server="money")


MONEY_BOOK = [
    _wrapped(
        "add_expense",
        {
            "date": text("Date in YYYY-MM-DD format"),
            "category": text("Category"),
            "amount": _NUMBER,
            "note": text("Optional note"),
        },
        "date",
        "category",
        "amount",
    ),
    _wrapped(
        "add_income",
        {"date": text("Date received"), "source": text("Where it came from"), "amount": _NUMBER},
        "date",
        "source",
        "amount",
    ),
    _wrapped("view_expenses", {"category": text("Filter by category")}),
]
CHORES = [
    ToolDefinition(
        "create_task",
        "Create a task",
        {"type": "object", "properties": {"title": text("The title")}, "required": ["title"]},
        server="chores",
    ),
    ToolDefinition(
        "list_tasks", "List tasks", {"type": "object", "properties": {}}, server="chores"
    ),
    ToolDefinition(
        "update_task",
        "Update a task",
        {
            "type": "object",
            "properties": {"task_id": text("The task"), "title": text("The new title")},
            "required": ["task_id"],
        },
        server="chores",
    ),
]
SHOPPING = tool(
    "add_item",
    "Add an item to the shopping list",
    {"name": text("The item"), "quantity": {"type": "integer"}},
    "name",
)
FLAT_BOOK = [
    tool(
        "log_spending",
        "Log money spent",
        {"amount": _NUMBER, "category": text("Category"), "day": text("The day")},
        "amount",
        "category",
        "day",
    ),
    tool(
        "log_earning",
        "Log an earning",
        {"amount": _NUMBER, "origin": text("Where it came from"), "day": text("The day")},
        "amount",
        "origin",
        "day",
    ),
]


def _today() -> str:
    return str(datetime.now(ZONE).date())


@pytest.mark.parametrize(
    ("said", "category", "note", "amount"),
    [
        ("coffee 3.80", "food", "coffee", 3.8),
        ("3.80 coffee", "food", "coffee", 3.8),
        ("gym membership 35 today", "fitness", "gym membership", 35),
        ("coffee 3,80€", "food", "coffee", 3.8),  # no question between spending and income
    ],
)
async def test_money_jotted_down_is_spent_today(
    said: str, category: str, note: str, amount: float
) -> None:
    step = await turn([*CHORES, *MONEY_BOOK], said)
    expense = {"amount": amount, "category": category, "note": note, "date": _today()}
    assert calls(step) == [("add_expense", {"args": expense})], step.text


async def test_money_jotted_down_on_a_flat_book() -> None:
    step = await turn([*CHORES, *FLAT_BOOK], "taxi 24.50")
    assert calls(step) == [
        ("log_spending", {"amount": 24.5, "category": "transport", "day": _today()})
    ], step.text


@pytest.mark.parametrize("said", ["i got paid! salary 3200 today", "salary 3200 today"])
async def test_money_received_is_an_income_from_its_kind(said: str) -> None:
    step = await turn([*CHORES, *MONEY_BOOK], said)
    income = {"amount": 3200, "source": "salary", "date": _today()}
    assert calls(step) == [("add_income", {"args": income})], step.text
    step = await turn([*CHORES, *FLAT_BOOK], said)
    earning = {"amount": 3200, "origin": "salary", "day": _today()}
    assert calls(step) == [("log_earning", earning)], step.text


async def test_got_paid_with_no_kind_asks_where_it_came_from() -> None:
    step = await turn([*CHORES, *MONEY_BOOK], "i got paid! 3200 today")
    assert calls(step) == [] and "source" in (step.text or ""), step.text


@pytest.mark.parametrize(
    "said",
    [
        "milk 2",
        "milk 2 today",
        "python 3.12",
        "dinner 8.30",  # a clock time, of a thing done at a time
        "dinner at 8.30",
        "gym 6 today",
        "taxi 30 tomorrow",  # a plan: money jotted down was spent
        "coffee 3.80 tonight",
    ],
)
async def test_a_number_that_says_no_money_is_no_expense(said: str) -> None:
    for tools in ([*CHORES, SHOPPING, *MONEY_BOOK], [*CHORES, *FLAT_BOOK]):
        written = [name for name, _ in calls(await turn(tools, said))]
        assert not {"add_expense", "add_income", "log_spending", "log_earning"} & set(written)
        assert "create_task" not in written, (said, written)


async def test_a_price_with_no_tool_for_money_is_no_task() -> None:
    written = [name for name, _ in calls(await turn(CHORES, "coffee 3.80"))]
    assert written in ([], ["list_tasks"]), written


async def test_an_amount_changed_where_expenses_are_only_added_is_refused() -> None:
    step = await turn([*CHORES, *MONEY_BOOK], "change the rent to 1250")
    assert calls(step) == [], calls(step)
    assert "no tool to change the rent" in (step.text or ""), step.text


async def test_an_amount_changed_where_an_expense_tool_changes_it_is_not_refused() -> None:
    editable = [
        *MONEY_BOOK,
        _wrapped("update_expense", {"expense_id": text("The expense"), "amount": _NUMBER}),
    ]
    step = await turn([*CHORES, *editable], "change the rent to 1250")
    assert "no tool to change" not in (step.text or ""), step.text


async def test_records_no_tool_converts_are_refused_unread() -> None:
    step = await turn([*CHORES, *MONEY_BOOK], "convert my expenses to euros")
    assert calls(step) == [], calls(step)
    assert "No tool here can convert the expenses" in (step.text or ""), step.text


async def test_a_tool_that_converts_is_still_asked() -> None:
    converter = tool(
        "convert_currency",
        "Convert an amount between currencies",
        {"amount": _NUMBER, "to": text("Currency code")},
        "amount",
        "to",
    )
    step = await turn([*CHORES, *MONEY_BOOK, converter], "convert my expenses to euros")
    assert "No tool here can convert" not in (step.text or ""), step.text
