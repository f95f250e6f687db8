"""A fake Gemini API on loopback, speaking the documented wire format.

`POST /{version}/models/{model}:generateContent` answers with

```
{"candidates": [{"content": {"role": "model",
                             "parts": [{"functionCall": {"name", "args": {...}}} | {"text"}]},
                 "finishReason": "STOP", "index": 0}],
 "usageMetadata": {"promptTokenCount", "candidatesTokenCount", "totalTokenCount"},
 "modelVersion": ...}
```

and errors as `{"error": {"code": 429, "message": ..., "status": "RESOURCE_EXHAUSTED"}}`.
`:streamGenerateContent?alt=sse` answers with one such response per server-sent event
(`stream_content`), the last one carrying the finish reason and the usage.
"""

from __future__ import annotations

import re
from typing import Any

from orchestrator.testing.vendors._server import FakeVendor, Recorded, Reply

MODEL = "gemini-test-1"
PATH = re.compile(
    r"^/(?P<version>v1|v1beta)/models/(?P<model>[^/:]+)"
    r":(?P<method>generateContent|streamGenerateContent)(?:\?.*)?$"
)
_STATUSES = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
}


def text(value: str) -> dict[str, Any]:
    return {"text": value}


def function_call(
    name: str, args: dict[str, Any], call_id: str | None = None, signature: str | None = None
) -> dict[str, Any]:
    call: dict[str, Any] = {"name": name, "args": args}
    if call_id is not None:
        call["id"] = call_id
    part: dict[str, Any] = {"functionCall": call}
    if signature is not None:
        part["thoughtSignature"] = signature  # base64, as on the wire
    return part


def content(
    *parts: dict[str, Any],
    finish: str = "STOP",
    prompt_tokens: int = 31,
    candidate_tokens: int = 8,
    thought_tokens: int | None = None,
) -> Reply:
    usage: dict[str, Any] = {
        "promptTokenCount": prompt_tokens,
        "candidatesTokenCount": candidate_tokens,
        "totalTokenCount": prompt_tokens + candidate_tokens + (thought_tokens or 0),
    }
    if thought_tokens is not None:
        usage["thoughtsTokenCount"] = thought_tokens
    candidate: dict[str, Any] = {"finishReason": finish, "index": 0}
    if parts:
        candidate["content"] = {"role": "model", "parts": list(parts)}
    return Reply(200, {"candidates": [candidate], "usageMetadata": usage, "modelVersion": MODEL})


def stream_content(*parts: dict[str, Any] | str, prompt_tokens: int = 31) -> Reply:
    """A streamed reply: each part (a string is a text part) in a chunk of its own."""
    events = []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        candidate: dict[str, Any] = {
            "content": {"role": "model", "parts": [text(part) if isinstance(part, str) else part]},
            "index": 0,
        }
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": MODEL}
        if last:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {
                "promptTokenCount": prompt_tokens,
                "candidatesTokenCount": len(parts),
                "totalTokenCount": prompt_tokens + len(parts),
            }
        events.append(chunk)
    return Reply(events=events)


def error(status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
    body = {"error": {"code": status, "message": message, "status": _STATUSES.get(status, "")}}
    return Reply(status, body, headers or {})


def fake_gemini() -> FakeVendor[Recorded]:
    return FakeVendor(
        PATH,
        not_found=error(404, "fake gemini: no such path"),
        exhausted=error(500, "fake gemini: no reply scripted for this request"),
        recorded=Recorded,
    )
