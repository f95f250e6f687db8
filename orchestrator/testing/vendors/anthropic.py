"""A fake Anthropic Messages API on loopback, speaking the documented wire format.

`POST /v1/messages` answers with a message:

```
{"id": "msg_...", "type": "message", "role": "assistant", "model": ...,
 "content": [{"type": "tool_use", "id", "name", "input": {...}} | {"type": "text", "text"}],
 "stop_reason": "tool_use" | "end_turn", "stop_sequence": null,
 "usage": {"input_tokens", "output_tokens"}}
```

and errors as `{"type": "error", "error": {"type": "rate_limit_error", "message": ...}}`.
"""

from __future__ import annotations

import itertools
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
