"""A fake Anthropic Messages API on loopback, speaking the documented wire format.

`POST /v1/messages` answers with a message:

```
{"id": "msg_...", "type": "message", "role": "assistant", "model": ...,
 "content": [{"type": "tool_use", "id", "name", "input": {...}} | {"type": "text", "text"}],
 "stop_reason": "tool_use" | "end_turn", "stop_sequence": null,
 "usage": {"input_tokens", "output_tokens"}}
```

and errors as `{"type": "error", "error": {"type": "rate_limit_error", "message": ...}}`.
With `"stream": true` it answers with named server-sent events (`stream_message`):
`message_start`, then per block `content_block_start`, `content_block_delta` (`text_delta` or
`input_json_delta`), `content_block_stop`, then `message_delta` (stop reason, usage) and
`message_stop`.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from orchestrator.testing.vendors._server import FakeVendor, Recorded, Reply

MODEL = "claude-test-1"
_ids = itertools.count(1)
_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def tool_use(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": name, "input": arguments}


def message(
    *content: dict[str, Any],
    input_tokens: int = 25,
    output_tokens: int = 9,
    stop_reason: str | None = None,
) -> Reply:
    calls = any(block["type"] == "tool_use" for block in content)
    return Reply(
        200,
        {
            "id": f"msg_{next(_ids):04d}",
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": list(content),
            "stop_reason": stop_reason or ("tool_use" if calls else "end_turn"),
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        },
        {"request-id": f"req_{next(_ids):04d}"},
    )


def stream_message(
    *content: dict[str, Any] | str, input_tokens: int = 25, output_tokens: int = 9
) -> Reply:
    """A streamed message: a string is a text block streamed as that one delta (pass several
    strings for several deltas of one block), a `tool_use` block is streamed as its JSON."""
    blocks: list[dict[str, Any]] = []
    for part in content:
        if isinstance(part, str) and blocks and blocks[-1]["type"] == "text":
            blocks[-1]["deltas"].append(part)
        elif isinstance(part, str):
            blocks.append({"type": "text", "deltas": [part]})
        else:
            blocks.append(part)
    calls = any(b["type"] == "tool_use" for b in blocks)
    message: dict[str, Any] = {
        "id": f"msg_{next(_ids):04d}",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": 1},
    }
    events: list[Any] = [("message_start", {"type": "message_start", "message": message})]
    for index, block in enumerate(blocks):
        start: dict[str, Any]
        if block["type"] == "text":
            start = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": piece} for piece in block["deltas"]]
        else:
            start = {**block, "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps(block["input"])}]
        events.append(
            (
                "content_block_start",
                {"type": "content_block_start", "index": index, "content_block": start},
            )
        )
        events += [
            ("content_block_delta", {"type": "content_block_delta", "index": index, "delta": d})
            for d in deltas
        ]
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    stop = "tool_use" if calls else "end_turn"
    events.append(
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": output_tokens},
            },
        )
    )
    events.append(("message_stop", {"type": "message_stop"}))
    return Reply(events=events)


def error(status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
    kind = _ERROR_TYPES.get(status, "api_error")
    body = {"type": "error", "error": {"type": kind, "message": message}}
    return Reply(status, body, headers or {})


def fake_anthropic() -> FakeVendor[Recorded]:
    return FakeVendor(
        re.compile(r"^/v1/messages$"),
        not_found=error(404, "fake anthropic: no such path"),
        exhausted=error(500, "fake anthropic: no reply scripted for this request"),
        recorded=Recorded,
    )
