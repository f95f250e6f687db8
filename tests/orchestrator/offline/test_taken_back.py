"""A reply to the router's question that takes the request back ("never mind", "cancel",
"nvm", "undo that", a form's `title: never mind`) drops the question and writes nothing; a
reply that is a request of its own is routed as one, never written as the value asked for
(user trial 10, F1)."""

from __future__ import annotations

from typing import Any

import pytest

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import AssistantMessage, Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, tool

TEXT: dict[str, Any] = {"type": "string"}
PRIORITY = {"type": "string", "enum": ["low", "medium", "high"]}
CREATE_TODO = tool(
    "create_todo",
    "Create a new todo/reminder",
    {"title": TEXT, "due_date": {"type": "string", "format": "date-time"}, "priority": PRIORITY},
    "title",
)
LIST_TODOS = tool("list_todos", "List todos", {"due_date_filter": TEXT})
TOOLS = [CREATE_TODO, LIST_TODOS]
ASKED = ("add todo call 555-1234", "add todo test item zzz", "remind me to call 555-1234 at 9am")


async def turn(tools: list[ToolDefinition], *history: Item | str) -> ModelResponse:
    items = [UserMessage(h) if isinstance(h, str) else h for h in history]
    return await OfflineRouter().respond(ModelRequest("", items, tools))


async def asked(request: str) -> AssistantMessage:
    response = await turn(TOOLS, request)
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    assert list(item.question.fields) == ["title"]
    return item


@pytest.mark.parametrize("request_", ASKED)
@pytest.mark.parametrize(
    "reply",
    [
        "never mind",
        "Never mind.",
        "nevermind",
        "cancel",
        "nvm",
        "undo that",
        "forget it",
        "stop",
        "no",
        "no, never mind",
        "oh, actually never mind",
        "ok cancel that!",
        "title: never mind",  # the REPL's form, answered so
        "title: nvm",
    ],
)
async def test_a_reply_that_takes_the_request_back_writes_nothing(
    request_: str, reply: str
) -> None:
    question = await asked(request_)
    response = await turn(TOOLS, request_, question, reply)
    assert calls(response) == [], calls(response)
    assert response.text == "OK, nothing was done."
    assert getattr(response.items[0], "question", None) is None  # the question is dropped


@pytest.mark.parametrize(
    "reply", ["what's due today?", "whats due today", "is anything due today?"]
)
async def test_a_reply_that_is_a_request_of_its_own_is_routed_as_one(reply: str) -> None:
    question = await asked(ASKED[0])
    response = await turn(TOOLS, ASKED[0], question, reply)
    assert [name for name, _ in calls(response)] == ["list_todos"], response.text


async def test_a_title_that_only_sounds_like_no_is_still_a_title() -> None:
    question = await asked(ASKED[0])
    for reply, title in [("no milk", "no milk"), ("call the plumber", "call the plumber")]:
        response = await turn(TOOLS, ASKED[0], question, reply)
        assert calls(response) == [("create_todo", {"title": title})]


async def test_a_listed_value_that_reads_as_taking_back_answers_the_question() -> None:
    action = {"type": "string", "enum": ["play", "pause", "stop"], "description": "what to do"}
    player = tool("control_player", "Control the music player", {"action": action}, "action")
    response = await turn([player], "control the music player")
    question = response.items[0]
    assert isinstance(question, AssistantMessage) and question.question is not None
    assert list(question.question.fields) == ["action"]
    response = await turn([player], "control the music player", question, "stop")
    assert calls(response) == [("control_player", {"action": "stop"})]  # a value, asked for
