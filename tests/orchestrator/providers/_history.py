"""A conversation as openai-agents hands it to a model, with the awkward parts in it: an empty
assistant message, parallel tool calls, a failed call, an empty result, text as a parts list."""

from __future__ import annotations

import json
from typing import Any


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
