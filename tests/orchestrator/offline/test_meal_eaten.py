"""Food said eaten is a meal logged, never money (user trial 14, h08-h11, h27: meals went to an
expense tool, "100 cal" as its amount, "4pm" dated tomorrow, or to nothing). A word that names
a kind of meal ("lunch", lexicon `KINDS_OF`) points to the meal tool and is its kind; each food
said with its quantity fills the list of foods item by item, its measures ("46g protein", "330
kcal") as the item's fields; a clock time said of a meal logged is today's, in the tool's
`time`, the day in its `date`; "i ate ..." logs. With money said, "lunch" is a purchase. Fails on
the router before."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls

NOW = datetime(2026, 11, 30, 19, 0, tzinfo=ZONE)
NUMBER: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
MEAL = ToolDefinition(
    "record_meal",
    "Record a meal",
    {
        "type": "object",
        "properties": {"entry": {"$ref": "#/$defs/Meal"}},
        "required": ["entry"],
        "$defs": {
            "Dish": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "quantity": {"type": "number"},
                    "unit": {"type": "string"},
                    "protein": NUMBER,
                    "calories": NUMBER,
                },
                "required": ["name", "quantity", "unit"],
            },
            "Meal": {
                "type": "object",
                "properties": {
                    "meal_kind": {"type": "string"},
                    "dishes": {"type": "array", "items": {"$ref": "#/$defs/Dish"}},
                    "time": {"type": "string"},
                    "date": {"type": "string"},
                },
                "required": ["meal_kind", "dishes", "time"],
            },
        },
    },
)
MONEY = ToolDefinition(
    "add_transaction",
    "",
    {
        "type": "object",
        "properties": {
            "date": {"type": "string", "description": "Date in YYYY-MM-DD format"},
            "category": {"type": "string"},
            "amount": {"type": "number"},
            "note": {"type": "string"},
        },
        "required": ["date", "category", "amount"],
    },
)


async def turn(said: str) -> ModelResponse:
    router = OfflineRouter(clock=lambda: NOW)
    return await router.respond(ModelRequest("", [UserMessage(said)], [MONEY, MEAL]))


async def test_a_lunch_is_logged_food_by_food() -> None:
    step = await turn("lunch at 12:30: chicken breast 200 g (46g protein, 330 kcal) and rice 150g")
    chicken = {"name": "chicken breast", "quantity": 200, "unit": "g", "protein": 46}
    dishes = [{**chicken, "calories": 330}, {"name": "rice", "quantity": 150, "unit": "g"}]
    meal = {"meal_kind": "lunch", "time": "12:30", "date": "2026-11-30", "dishes": dishes}
    assert calls(step) == [("record_meal", {"entry": meal})], step.text


async def test_calories_are_no_money_and_a_time_eaten_is_today() -> None:
    step = await turn("snack at 4pm: greek yogurt 170g, 17g protein, 100 cal")
    yogurt = {"name": "greek yogurt", "quantity": 170, "unit": "g", "protein": 17}
    dishes = [{**yogurt, "calories": 100}]
    meal = {"meal_kind": "snack", "time": "16:00", "date": "2026-11-30", "dishes": dishes}
    assert calls(step) == [("record_meal", {"entry": meal})], step.text


async def test_foods_named_after_their_quantity() -> None:
    step = await turn("breakfast at 7:30, 80g oats and 250ml milk")
    dishes = [
        {"name": "oats", "quantity": 80, "unit": "g"},
        {"name": "milk", "quantity": 250, "unit": "ml"},
    ]
    meal = {"meal_kind": "breakfast", "time": "07:30", "date": "2026-11-30", "dishes": dishes}
    assert calls(step) == [("record_meal", {"entry": meal})], step.text


async def test_a_food_eaten_with_no_meal_said_is_asked_about_as_a_meal() -> None:
    step = await turn("i ate a banana")
    assert calls(step) == [] and "(record_meal)" in step.text, step.text


async def test_a_lunch_paid_for_is_no_meal() -> None:
    step = await turn("lunch 14 eur")
    assert "record_meal" not in step.text and all(
        name == "add_transaction" for name, _ in calls(step)
    ), step.text


async def test_an_expense_said_by_its_noun_is_no_meal() -> None:
    expense = ToolDefinition("add_expense", "", MONEY.input_schema)
    router = OfflineRouter(clock=lambda: NOW)
    said = "log an expense: snack 4.50"
    step = await router.respond(ModelRequest("", [UserMessage(said)], [expense, MEAL]))
    assert [name for name, _ in calls(step)] == ["add_expense"], step.text
    assert calls(step)[0][1]["amount"] == 4.5
