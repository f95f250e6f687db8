"""What the offline router's tests share: a tool built from its schema's parts, one turn of the
router over a request, and the calls a response makes."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter

__all__ = ["calls", "text", "tool", "turn"]


def text(description: str, **more: Any) -> dict[str, Any]:
    return {"type": "string", "description": description, **more}


def tool(name: str, description: str, properties: dict[str, Any], *required: str) -> ToolDefinition:
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return ToolDefinition(name, description, schema)


async def turn(tools: list[ToolDefinition], said: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], tools))


def calls(response: ModelResponse) -> list[tuple[str, dict[str, Any]]]:
    return [(c.name, c.arguments) for c in response.tool_calls]
