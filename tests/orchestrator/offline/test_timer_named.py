"""A timer started for a project named in capitals takes the whole name, and a second request
said after "and" is never its task (user trial 13, first sight: "start a timer for Website
Redesign" had started project "Website", task "Redesign"; "start a timer for Acme and add a todo
to send Acme the invoice on friday" had put the whole second request into the timer's task,
and made no todo)."""

from __future__ import annotations

import json

from orchestrator import UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool, turn

START = tool(
    "start_timer",
    "Start a time tracking timer for a project. Optionally add a task description.",
    {"project": {"type": "string"}, "task": {"type": "string", "default": ""}},
    "project",
)
STOP = tool("stop_timer", "Stop the running timer and log the time entry.", {})
TODO = tool(
    "create_todo",
    "Create a todo with a title and an optional due date.",
    {"title": text("What to do"), "due_date": text("ISO 8601 date")},
    "title",
)
TOOLS = [START, STOP, TODO]


async def test_the_whole_capitalised_name_is_the_project() -> None:
    assert calls(await turn(TOOLS, "start a timer for Website Redesign")) == [
        ("start_timer", {"project": "Website Redesign"})
    ]
    assert calls(await turn(TOOLS, "track time: writing docs for Website Redesign")) == [
        ("start_timer", {"project": "Website Redesign", "task": "writing docs"})
    ]
    assert calls(await turn(TOOLS, "start a timer on Acme")) == [
        ("start_timer", {"project": "Acme"})
    ]


async def test_a_second_request_after_and_is_made_apart() -> None:
    said = "start a timer for Acme and add a todo to send Acme the invoice on friday"
    first = await turn(TOOLS, said)
    assert calls(first) == [("start_timer", {"project": "Acme"})]
    (call,) = first.tool_calls
    history = [
        UserMessage(said),
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, json.dumps({"started": "Acme"})),
    ]
    second = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    ((name, args),) = calls(second)
    assert name == "create_todo" and args["title"] == "send Acme the invoice", args
    assert "due_date" in args
