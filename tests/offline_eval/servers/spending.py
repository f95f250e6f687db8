"""An expense tracker in a third party's style: an `amount` with a `currency` enum, a `category`
enum, the day it was `spent_on`, listings and totals by `month` (`YYYY-MM`), ids as strings."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, new_id, save

mcp = MCPServer("spending")

_READ = ToolAnnotations(read_only_hint=True)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False)
_MONTH = r"^\d{4}-(0[1-9]|1[0-2])$"
Currency = Literal["USD", "EUR", "GBP", "CHF", "JPY"]
Category = Literal["food", "transport", "lodging", "office", "entertainment", "health", "other"]


class Expense(BaseModel):
    expense_id: str
    amount: float
    currency: str
    category: str
    description: str | None = None
    spent_on: str


class Expenses(BaseModel):
    expenses: list[Expense]


class Total(BaseModel):
    key: str
    amount: float


class Summary(BaseModel):
    month: str
    totals: list[Total]
    total: float


def _expenses() -> dict[str, dict]:
    return load().get("expenses", {})


def _store(expenses: dict[str, dict]) -> None:
    save({"expenses": expenses})


@mcp.tool(description="Record money spent", annotations=_WRITE)
def add_expense(
    amount: Annotated[float, Field(gt=0, description="how much was spent")],
    currency: Annotated[Currency, Field(description="ISO currency code")],
    category: Annotated[Category, Field(description="what kind of spending")] = "other",
    description: Annotated[str | None, Field(description="what it was for")] = None,
    spent_on: Annotated[
        str | None, Field(description="the day (YYYY-MM-DD)", json_schema_extra={"format": "date"})
    ] = None,
) -> Expense:
    expenses = _expenses()
    day = date.fromisoformat(spent_on).isoformat() if spent_on else date.today().isoformat()
    expense = Expense(
        expense_id=new_id("exp_"),
        amount=amount,
        currency=currency,
        category=category,
        description=description,
        spent_on=day,
    )
    expenses[expense.expense_id] = expense.model_dump()
    _store(expenses)
    return expense


def _in(expense: Expense, month: str | None, category: str | None) -> bool:
    return (month is None or expense.spent_on.startswith(month)) and (
        category is None or expense.category == category
    )


@mcp.tool(description="List expenses, by month and category", annotations=_READ)
def list_expenses(
    month: Annotated[str | None, Field(pattern=_MONTH, description="YYYY-MM")] = None,
    category: Annotated[Category | None, Field(description="only this category")] = None,
) -> Expenses:
    found = [Expense(**raw) for raw in _expenses().values()]
    found = [e for e in found if _in(e, month, category)]
    found.sort(key=lambda e: e.spent_on)
    return Expenses(expenses=found)


@mcp.tool(description="Total amount spent in a month, broken down by category", annotations=_READ)
def spending_summary(
    month: Annotated[str, Field(pattern=_MONTH, description="YYYY-MM")],
    category: Annotated[Category | None, Field(description="only this category")] = None,
) -> Summary:
    totals: dict[str, float] = {}
    for raw in _expenses().values():
        expense = Expense(**raw)
        if _in(expense, month, category):
            totals[expense.category] = totals.get(expense.category, 0) + expense.amount
    rows = [Total(key=k, amount=round(v, 2)) for k, v in sorted(totals.items())]
    return Summary(month=month, totals=rows, total=round(sum(totals.values()), 2))


@mcp.tool(description="Delete an expense", annotations=ToolAnnotations(destructive_hint=True))
def delete_expense(expense_id: Annotated[str, Field(description="the expense's id")]) -> Expense:
    expenses = _expenses()
    if expense_id not in expenses:
        raise ToolError(f"no expense {expense_id}")
    gone = expenses.pop(expense_id)
    _store(expenses)
    return Expense(**gone)


if __name__ == "__main__":
    mcp.run()
