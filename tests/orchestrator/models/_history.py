"""What the provider tests share: the weather tool, one model turn as the session makes it, and a
conversation with the awkward parts in it: a blank assistant message, parallel tool calls, a
failed call, an empty result."""

from __future__ import annotations

from typing import Any

import anyio

from orchestrator.messages import (
    AssistantMessage,
    Item,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models import Model, ModelRequest, ModelResponse, ModelSettings, ToolDefinition
from orchestrator.models.retry import RetryPolicy
from orchestrator.registry import get_provider

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "a city"}},
    "required": ["city"],
}
WEATHER = ToolDefinition("get_weather", "The weather in a city", SCHEMA)


def model_of(provider: str, name: str | None = None, attempts: int = 2) -> Model:
    """The provider's model, configured from the environment, with few attempts."""
    return get_provider(provider).model(name, RetryPolicy(attempts=attempts))


async def respond(
    model: Model, history: str | list[Item], settings: ModelSettings | None = None
) -> ModelResponse:
    """One model turn, as the session makes it, offering the weather tool."""
    items = [UserMessage(history)] if isinstance(history, str) else history
    with anyio.fail_after(60):
        return await model.respond(
            ModelRequest("Be brief.", items, [WEATHER], settings or ModelSettings())
        )


def call(call_id: str, city: str) -> ToolCallItem:
    return ToolCallItem(call_id, "get_weather", {"city": city})


HISTORY: list[Item] = [
    UserMessage("weather in Paris, Atlantis and Oslo?"),
    AssistantMessage(" "),
    call("c1", "Paris"),
    call("c2", "Atlantis"),
    call("c3", "Oslo"),
    ToolResultItem("c1", "get_weather", '{"sky": "clear"}'),
    ToolResultItem("c2", "get_weather", "no such city", "error"),
    ToolResultItem("c3", "get_weather", ""),
    UserMessage("and tomorrow?"),
]
