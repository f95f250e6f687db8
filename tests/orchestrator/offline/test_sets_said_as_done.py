"""A workout said as done is logged set by set (user trial 14, h02, h23, h04, h21): a count of
sets and its weight ("5x5 at 100kg", "3x10 @ 40kg") is never money nor a food's amount, and
points to the tool that lists exercises with their sets; a set's field said by name after it
("RPE 8") goes in each set; "did squats yesterday" says a thing done, no question; an exercise
said short ("OHP") is sent in full; "I went to the gym" asks a workout log for the exercises
(a past "done" said of a log's own noun is a record to make); "a safe bench weight" names
the exercise a calculator takes. Fails on the router before (a question, money or meal tools,
the exercise asked for though said)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline._routing import calls, integer, string, tool

NOW = datetime(2026, 11, 30, 19, 0, tzinfo=ZONE)
SCALE: dict[str, Any] = {
    "anyOf": [{"type": "integer", "minimum": 1, "maximum": 10}, {"type": "null"}],
    "default": None,
}
TRAINING = ToolDefinition(
    "log_workout",
    "Log a workout session and its lifts",
    {
        "type": "object",
        "properties": {"training": {"$ref": "#/$defs/Training"}},
        "required": ["training"],
        "$defs": {
            "Set": {
                "type": "object",
                "properties": {
                    "load": {"type": "number"},
                    "reps": {"type": "integer"},
                    "rpe": SCALE,
                },
                "required": ["load", "reps"],
            },
            "Lift": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "sets": {"type": "array", "items": {"$ref": "#/$defs/Set"}},
                },
                "required": ["name", "sets"],
            },
            "Training": {
                "type": "object",
                "properties": {
                    "date": {"type": "string"},
                    "lifts": {"type": "array", "items": {"$ref": "#/$defs/Lift"}},
                },
                "required": ["date", "lifts"],
            },
        },
    },
)
FOOD = ToolDefinition(
    "record_food",
    "Record what was eaten",
    {
        "type": "object",
        "properties": {
            "foods": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "amount": {"type": "number"},
                        "unit": {"type": "string"},
                    },
                    "required": ["name", "amount", "unit"],
                },
            },
            "date": {"type": "string"},
        },
        "required": ["foods"],
    },
)
SPENT = tool(
    "add_expense",
    "Add an expense",
    {"amount": {"type": "number"}, "category": string(), "date": string()},
    "amount",
    "category",
)
TODOS = [
    tool("list_todos", "List todos", {"status": string()}),
    tool("complete_todo", "Mark a todo as done", {"id": integer()}, "id"),
]
SAFE = tool(
    "safe_load",
    "Calculate a safe load after an injury",
    {"exercise": string(), "base_weight": {"type": "number"}, "days_since_injury": integer()},
    "exercise",
    "base_weight",
)
TOOLS = [TRAINING, FOOD, SPENT, *TODOS, SAFE]


async def turn(said: str, tools: list[ToolDefinition] = TOOLS) -> ModelResponse:
    router = OfflineRouter(clock=lambda: NOW)
    return await router.respond(ModelRequest("", [UserMessage(said)], tools))


async def test_sets_done_yesterday_with_their_rpe() -> None:
    step = await turn("Did squats yesterday, 5x5 at 100kg, RPE 8")
    squats = {"name": "squats", "sets": [{"load": 100, "reps": 5, "rpe": 8}] * 5}
    assert calls(step) == [
        ("log_workout", {"training": {"date": "2026-11-29", "lifts": [squats]}})
    ], step.text


async def test_a_short_name_is_sent_in_full_and_the_weight_is_no_money() -> None:
    step = await turn("OHP today 3x10 @ 40kg, rpe 9")
    press = {"name": "overhead press", "sets": [{"load": 40, "reps": 10, "rpe": 9}] * 3}
    assert calls(step) == [
        ("log_workout", {"training": {"date": "2026-11-30", "lifts": [press]}})
    ], step.text


async def test_the_gym_said_asks_for_the_lifts() -> None:
    step = await turn("I went to the gym", [TRAINING, FOOD, SPENT, SAFE])
    assert calls(step) == [] and "lifts" in step.text, step.text


async def test_the_exercise_said_short_for_a_calculation() -> None:
    step = await turn("what's a safe bench weight for me? I used to do 185")
    assert calls(step) == [("safe_load", {"exercise": "bench press", "base_weight": 185})], (
        step.text
    )
