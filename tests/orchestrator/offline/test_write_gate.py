"""The write gate on tools the router has never seen (blind set B's wrong writes, in general
form): nothing is written with a value nobody gave (a clock time for a day alone, an enum member
the words do not name), a follow-up changes the record just made, a partial title that names
several records or none asks or says so, the words that address the list never fold into a
title, and a change to an existing thing is never made as a new one."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.conftest import ZONE

TOMORROW = datetime.now(ZONE).date() + timedelta(days=1)
TEXT: dict[str, Any] = {"type": "string"}
MOMENT = {"type": "string", "format": "date-time"}
PRIORITY = {"type": "string", "enum": ["low", "medium", "high", "urgent"]}


def tool(name: str, description: str, properties: dict[str, Any], *required: str) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema)


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}], "default": None}


CREATE_TODO = tool(
    "create_todo",
    "Create a new todo/reminder",
    {"title": TEXT, "due_date": MOMENT, "priority": PRIORITY, "tags": {"type": "array"}},
    "title",
)
CREATE_EVENT = tool(
    "create_calendar_event",
    "Create a calendar event",
    {"title": TEXT, "start_time": MOMENT, "end_time": MOMENT, "location": TEXT},
    "title",
    "start_time",
    "end_time",
)


async def turn(tools: list[ToolDefinition], *history: Item | str) -> ModelResponse:
    items = [UserMessage(h) if isinstance(h, str) else h for h in history]
    return await OfflineRouter().respond(ModelRequest("", items, tools))


def calls(response: ModelResponse) -> list[tuple[str, dict[str, Any]]]:
    return [(c.name, c.arguments) for c in response.tool_calls]


def asks(response: ModelResponse) -> bool:
    question = getattr(response.items[0], "question", None) if response.items else None
    return not response.tool_calls and question is not None


def question_text(response: ModelResponse) -> str:
    item = response.items[0]
    assert isinstance(item, AssistantMessage)
    return item.text


async def test_a_day_alone_for_a_date_time_asks_for_the_time_not_a_made_up_one() -> None:
    step = await turn([CREATE_TODO], "remind me to water the plants tomorrow")
    assert asks(step), calls(step)
    assert TOMORROW.isoformat() in str(getattr(step.items[0], "question", ""))
    step = await turn([CREATE_EVENT], "create an event called board review on thursday")
    assert asks(step), calls(step)
    step = await turn([CREATE_TODO], "remind me to water the plants tomorrow at 5pm")
    assert [name for name, _ in calls(step)] == ["create_todo"]
    assert "T17:00:00" in calls(step)[0][1]["due_date"]


async def test_a_day_alone_goes_as_the_day_where_the_description_says_it_may() -> None:
    due = {**MOMENT, "description": "Due date in ISO 8601 (a date alone: that day, 00:00)"}
    create = tool("create_todo", "Create a new todo", {"title": TEXT, "due_date": due}, "title")
    step = await turn([create], "remind me to water the plants tomorrow")
    assert calls(step) == [
        ("create_todo", {"title": "water the plants", "due_date": TOMORROW.isoformat()})
    ]


ADD_TODO = tool(
    "add_todo",
    "Add a new todo item.\n\n    Args:\n        text: The todo description text\n"
    "        priority: Priority level (A-Z), optional\n",
    {"text": TEXT, "priority": nullable(TEXT)},
    "text",
)


async def test_an_enum_in_the_description_takes_only_its_members() -> None:
    step = await turn([ADD_TODO], "add a top priority todo to fix the bike brakes")
    assert asks(step), calls(step)
    assert "A, B, C" in question_text(step)
    assert calls(await turn([ADD_TODO], "add a todo to fix the bike brakes, priority B")) == [
        ("add_todo", {"text": "fix the bike brakes", "priority": "B"})
    ]
    assert calls(await turn([ADD_TODO], "add a todo to fix the bike")) == [
        ("add_todo", {"text": "fix the bike"})
    ]


async def test_the_words_that_address_the_list_never_fold_into_the_text() -> None:
    todotxt = ToolDefinition(
        ADD_TODO.name, ADD_TODO.description, ADD_TODO.input_schema, server="todotxt"
    )
    step = await turn([todotxt], "add 'buy stamps' to my todo.txt with priority B")
    assert calls(step) == [("add_todo", {"text": "buy stamps", "priority": "B"})]
    step = await turn([todotxt], "add buy stamps to my todo.txt")
    assert calls(step) in ([], [("add_todo", {"text": "buy stamps"})])
