"""What the offline router's tests share: a tool built from its schema's parts, one turn of the
router over a request (or over the next one, after a call), every call a request makes with
each answered from canned outputs, a conversation of several requests in turn, and the calls
a response makes."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter

__all__ = [
    "after_call",
    "after_listing",
    "after_result",
    "calls",
    "conversation",
    "integer",
    "run_with",
    "string",
    "text",
    "tool",
    "turn",
]


def string() -> dict[str, Any]:
    return {"type": "string"}


def integer() -> dict[str, Any]:
    return {"type": "integer"}


def text(description: str, **more: Any) -> dict[str, Any]:
    return {"type": "string", "description": description, **more}


def tool(
    name: str, description: str, properties: dict[str, Any], *required: str, server: str = ""
) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema, server=server)


async def turn(tools: list[ToolDefinition], said: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], tools))


async def _history(tools: list[ToolDefinition], first: str, result: str) -> list[Item]:
    """``first``, the one call it made, and that call's ``result``."""
    opening = UserMessage(first)
    (call,) = (await OfflineRouter().respond(ModelRequest("", [opening], tools))).tool_calls
    return [
        opening,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, result),
    ]


async def after_result(tools: list[ToolDefinition], first: str, result: str) -> ModelResponse:
    """The router's answer once the one call ``first`` made returned ``result``."""
    history = await _history(tools, first, result)
    return await OfflineRouter().respond(ModelRequest("", history, tools))


async def after_call(
    tools: list[ToolDefinition], first: str, result: str, said: str
) -> ModelResponse:
    """The turn of ``said``, after ``first`` made its one call and that call returned ``result``."""
    history = [*await _history(tools, first, result), UserMessage(said)]
    return await OfflineRouter().respond(ModelRequest("", history, tools))


async def after_listing(
    tools: list[ToolDefinition], said: str, listing: str, result: str
) -> ModelResponse:
    """The turn of ``said`` once the one listing it asked for first (``listing``, with no
    arguments) came back with ``result``."""
    request = UserMessage(said)
    first = await OfflineRouter().respond(ModelRequest("", [request], tools))
    assert calls(first) == [(listing, {})]
    (call,) = first.tool_calls
    history: list[Item] = [
        request,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, result),
    ]
    return await OfflineRouter().respond(ModelRequest("", history, tools))


async def run_with(
    tools: list[ToolDefinition], outputs: dict[str, str], said: str
) -> list[tuple[str, dict[str, object]]]:
    """Every call the router makes for ``said``, each answered from ``outputs``, in order."""
    history: list[Item] = [UserMessage(said)]
    made: list[tuple[str, dict[str, object]]] = []
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", history, tools))
        if not response.tool_calls:
            break
        for call in response.tool_calls:
            made.append((call.name, call.arguments))
            history.append(ToolCallItem(call.call_id, call.name, call.arguments))
            history.append(ToolResultItem(call.call_id, call.name, outputs[call.name]))
    return made


async def conversation(
    tools: list[ToolDefinition],
    *said: str,
    outputs: dict[str, str] | None = None,
    clock: Callable[[], datetime] | None = None,
) -> tuple[list[tuple[str, dict[str, Any]]], list[str]]:
    """Every call the router makes for each request said in turn, one conversation (each call
    answered from ``outputs``, else ``{"ok": true}``), and its last words for each request; the
    router's time is ``clock``'s when given (a request whose time of day matters: "tonight")."""
    history: list[Item] = []
    made: list[tuple[str, dict[str, Any]]] = []
    answers: list[str] = []
    for request in said:
        history.append(UserMessage(request))
        for _ in range(6):
            response = await OfflineRouter(clock).respond(ModelRequest("", history, tools))
            history.extend(response.items)
            if not response.tool_calls:
                answers.append(response.text)
                break
            for call in response.tool_calls:
                made.append((call.name, call.arguments))
                output = (outputs or {}).get(call.name, json.dumps({"ok": True}))
                history.append(ToolResultItem(call.call_id, call.name, output))
    return made, answers


def calls(response: ModelResponse) -> list[tuple[str, dict[str, Any]]]:
    return [(c.name, c.arguments) for c in response.tool_calls]
