"""What the provider tests share: the weather tool, one model call as openai-agents makes it, and
a conversation with the awkward parts in it: an empty assistant message, parallel tool calls, a
failed call, an empty result, text as a parts list."""

from __future__ import annotations

import json
from typing import Any

import anyio
from agents import FunctionTool, Model, ModelResponse, ModelSettings, ModelTracing

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "a city"}},
    "required": ["city"],
}


def weather_tool() -> FunctionTool:
    async def invoke(_ctx: Any, raw: str) -> str:
        return raw

    return FunctionTool(
        name="get_weather",
        description="The weather in a city",
        params_json_schema=SCHEMA,
        on_invoke_tool=invoke,
        strict_json_schema=False,
    )


async def get_response(
    model: Model, items: str | list[Any], settings: ModelSettings | None = None
) -> ModelResponse:
    """One model call, as openai-agents makes it, offering the weather tool."""
    with anyio.fail_after(10):
        return await model.get_response(
            "Be brief.",
            items,
            settings or ModelSettings(),
            [weather_tool()],
            None,
            [],
            ModelTracing.DISABLED,
        )


def call(call_id: str, city: str) -> dict[str, Any]:
    arguments = json.dumps({"city": city})
    return {
        "type": "function_call",
        "call_id": call_id,
        "name": "get_weather",
        "arguments": arguments,
    }


def result(call_id: str, output: Any) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": output}


HISTORY: list[dict[str, Any]] = [
    {"role": "user", "content": "weather in Paris, Atlantis and Oslo?"},
    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": " "}]},
    call("c1", "Paris"),
    call("c2", "Atlantis"),
    call("c3", "Oslo"),
    result("c1", '{"sky": "clear"}'),
    result("c2", "ERROR: no such city"),
    result("c3", [{"type": "input_text", "text": ""}]),
    {"role": "user", "content": [{"type": "input_text", "text": "and tomorrow?"}]},
]
