"""A plain question picks the read that answers it, on any server: a meal, what one ate, is a
nutrition entry (lexicon `NOUN_KIN`); the gym is where one works out; patterns and trends are
what an analysis gives and a balance what a budget shows (lexicon `ASKED_FOR`); a total of a
thing only a write names ("what's my total income?") is asked of that server's report, never of
another server's statistics; and what money was spent on is the category a read filters by
(lexicon `SPENT_CLASS_LEADS`). Each fails on the router before."""

from __future__ import annotations

from typing import Any

import pytest

from orchestrator import ToolDefinition

from ._routing import calls, string, tool, turn

LIMIT: dict[str, Any] = {"type": "integer", "description": "how many to return"}
TAGS: dict[str, Any] = {"type": "array", "items": {"type": "string"}}


def _health() -> list[ToolDefinition]:
    return [
        tool("record_meal", "", {"meal_name": string(), "calories": LIMIT}, "meal_name"),
        tool("get_nutrition_log", "", {"limit": LIMIT}),
        tool("get_workout_sessions", "", {"limit": LIMIT}),
        tool("get_diary_entries", "", {"limit": LIMIT}),
        tool("analyse_diary", "", {"tags": TAGS, "since": string()}),
        tool("list_tasks", "", {"tags": TAGS}),
    ]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("show my meals", ("get_nutrition_log", {})),
        ("list what I ate, just the latest 2", ("get_nutrition_log", {"limit": 2})),
        ("what did I do at the gym?", ("get_workout_sessions", {})),
        ("any trends in my diary tagged work?", ("analyse_diary", {"tags": ["work"]})),
    ],
)
async def test_a_question_picks_the_read_of_what_it_asks(
    said: str, expected: tuple[str, dict[str, Any]]
) -> None:
    assert calls(await turn(_health(), said)) == [expected]


def _money() -> list[ToolDefinition]:
    def at(server: str, name: str, properties: dict[str, Any], *required: str) -> ToolDefinition:
        shape = {"type": "object", "properties": properties, "required": list(required)}
        return ToolDefinition(name, "", shape, server=server)

    amount = {"type": "number"}
    return [
        at("ledger", "add_income", {"amount": amount, "source": string()}, "amount", "source"),
        at("ledger", "add_cost", {"amount": amount, "category": string()}, "amount", "category"),
        at("ledger", "show_costs", {"category": string(), "month": string()}),
        at("ledger", "show_budget", {}),
        at("ledger", "show_summary", {"month": string()}, "month"),
        at("chores", "get_statistics", {}),
        at("chores", "list_chores", {"tags": TAGS}),
    ]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("whats my balance?", ("show_budget", {})),
        ("what's my total income?", ("show_budget", {})),
    ],
)
async def test_a_money_question_picks_the_read_that_answers_it(
    said: str, expected: tuple[str, dict[str, Any]]
) -> None:
    assert calls(await turn(_money(), said)) == [expected]


async def test_what_money_was_spent_on_is_the_category_a_read_filters_by() -> None:
    said = "how much did I spend on groceries?"
    assert calls(await turn(_money(), said)) == [("show_costs", {"category": "groceries"})]
