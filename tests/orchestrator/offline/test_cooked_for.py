"""A thing done to a record named by its title, with when and for how many (user trial 15, r07
and r21, asked back "I did not understand tonight 2" and "next"): "for 2" is the count of people
a parameter so named takes (`servings`, `party_size`); a parameter named `cooked_on` whose line
in the description says "ISO date string" takes the day "tonight" says, the day alone; "the
next 3 days" is 3 for `days`, and the plan the tool makes for the user to read is shown. A reply
said of all things ("delete everything") answers no question before it: it is a request of its
own (trial 15, x12 after x11's question: a cook would be logged titled "delete everything").
Fails on the router before."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from orchestrator.offline._dates import local_now
from tests.orchestrator.offline._routing import calls, integer, tool, turn

NULLABLE_TEXT: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
NULLABLE_INT: dict[str, Any] = {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}
LOG = tool(
    "log_cook",
    "Record a cook event for a recipe.\n\n    Args:\n        recipe_id: The recipe cooked.\n"
    "        title: Alternative to recipe_id, the recipe's name.\n        cooked_on: ISO date"
    " string (defaults to today).\n        servings: Number of servings made.\n",
    {
        "recipe_id": NULLABLE_INT,
        "title": NULLABLE_TEXT,
        "cooked_on": NULLABLE_TEXT,
        "servings": NULLABLE_INT,
    },
)
PLAN = tool(
    "suggest_meal_plan",
    "Generate a suggested meal plan for N days.",
    {"days": {**integer(), "default": 5}, "strategy": {"type": "string", "default": "balanced"}},
)
TABLE = "## Meal Plan\n\n| Day | Recipe |\n|---|---|\n| 1 | Lentil stew |\n| 2 | Tomato soup |"


async def test_a_cook_for_two_tonight_is_logged_for_today() -> None:
    step = await turn([LOG, PLAN], "I cooked the aglio e olio tonight for 2")
    today = local_now().date().isoformat()
    args = {"title": "aglio e olio", "cooked_on": today, "servings": 2}
    assert calls(step) == [("log_cook", args)], step.text


async def test_the_next_days_are_a_count_of_days_and_the_plan_is_shown() -> None:
    history: list[Item] = [UserMessage("plan my dinners for the next 3 days")]
    first = await OfflineRouter().respond(ModelRequest("", history, [LOG, PLAN]))
    assert calls(first) == [("suggest_meal_plan", {"days": 3})], first.text
    (call,) = first.tool_calls
    history.append(ToolCallItem(call.call_id, call.name, call.arguments))
    history.append(ToolResultItem(call.call_id, call.name, json.dumps({"result": TABLE})))
    answer = await OfflineRouter().respond(ModelRequest("", history, [LOG, PLAN]))
    assert "| 1 | Lentil stew |" in answer.text, answer.text


async def test_a_request_of_everything_answers_no_question() -> None:
    todo = {"todo_id": {"type": "string"}, "status": {"type": "string"}}
    tools = [
        LOG,
        tool("update_todo", "Update a todo", todo, "todo_id"),
        tool("delete_todo", "Delete a todo", {"todo_id": {"type": "string"}}, "todo_id"),
    ]
    history: list[Item] = [
        UserMessage("cooked the tomato soup today, 4 servings, and mark the plumber todo done")
    ]
    asked = await OfflineRouter().respond(ModelRequest("", history, tools))
    assert calls(asked) == [] and "log_cook" in asked.text, asked.text
    history += [*asked.items, UserMessage("delete everything")]
    reply = await OfflineRouter().respond(ModelRequest("", history, tools))
    assert "log_cook" not in [name for name, _ in calls(reply)], reply.text
