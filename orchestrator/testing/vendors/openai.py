"""A loopback HTTP server speaking OpenAI's Chat Completions wire format, scripted per test.

`POST <base>/v1/chat/completions` is answered by the next reply of the script: a function of the
recorded request returning a `Reply` (status, JSON body or server-sent events, headers). Every
request is recorded (path, headers, JSON body) so tests can assert on what the SDK really sent:
the tools and their schemas, the Authorization header, the tool results. A request beyond the
script gets a 500 naming the problem, so a test that makes more calls than it expects fails.
The server is `_server`'s `FakeVendor`; this module adds the route and the body shapes.

The body shapes follow OpenAI's API reference: a `chat.completion` object with `choices[0].message`
(text or `tool_calls` whose `arguments` is a JSON string), `usage`; errors as
`{"error": {"message", "type", "param", "code"}}`; streaming as `chat.completion.chunk` events
ending with `data: [DONE]`.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from orchestrator.testing.vendors import _server as vendor
from orchestrator.testing.vendors._server import FakeVendor, Reply

__all__ = [
    "FakeOpenAI",
    "Recorded",
    "Reply",
    "error",
    "fake_openai",
    "stream_text",
    "text",
    "tool_call",
]

ROUTE = re.compile(r"^.*/v1/chat/completions$")


class Recorded(vendor.Recorded):
    """One request the fake received, with accessors for the Chat Completions body."""

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", []))

    @property
    def tools(self) -> dict[str, dict[str, Any]]:
        """The tools offered, by name: `{"name", "description", "parameters", ...}`."""
        return {t["function"]["name"]: t["function"] for t in self.body.get("tools", [])}


Responder = vendor.Responder[Recorded]


def _completion(request: Recorded, message: dict[str, Any], finish_reason: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.body.get("model", "unknown"),
        "choices": [
            {"index": 0, "message": message, "logprobs": None, "finish_reason": finish_reason}
        ],
        "usage": {"prompt_tokens": 42, "completion_tokens": 7, "total_tokens": 49},
    }


def tool_call(name: str, arguments: dict[str, Any], call_id: str = "call_1") -> Responder:
    """The assistant asks for one function call."""

    def respond(request: Recorded) -> Reply:
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(arguments)},
                }
            ],
        }
        return Reply(body=_completion(request, message, "tool_calls"))

    return respond


def text(content: str | Callable[[Recorded], str]) -> Responder:
    """The assistant answers in words (`content` may be computed from the request)."""

    def respond(request: Recorded) -> Reply:
        words = content(request) if callable(content) else content
        message = {"role": "assistant", "content": words}
        return Reply(body=_completion(request, message, "stop"))

    return respond


def stream_text(*pieces: str) -> Responder:
    """The assistant answers in words, streamed as `chat.completion.chunk` events."""

    def respond(request: Recorded) -> Reply:
        base = {
            "id": "chatcmpl-stream",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": request.body.get("model", "unknown"),
        }
        deltas: list[dict[str, Any]] = [{"role": "assistant", "content": ""}]
        deltas += [{"content": piece} for piece in pieces]
        events: list[Any] = [
            {**base, "choices": [{"index": 0, "delta": d, "finish_reason": None}]} for d in deltas
        ]
        events.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        events.append("[DONE]")
        return Reply(events=events)

    return respond


def error(
    status: int,
    message: str | Callable[[Recorded], str],
    *,
    kind: str = "server_error",
    code: str | None = None,
    headers: dict[str, str] | None = None,
) -> Responder:
    """An API error in OpenAI's error shape."""

    def respond(request: Recorded) -> Reply:
        words = message(request) if callable(message) else message
        body = {"error": {"message": words, "type": kind, "param": None, "code": code}}
        return Reply(status=status, body=body, headers=dict(headers or {}))

    return respond


class FakeOpenAI(FakeVendor[Recorded]):
    """The server; its Chat Completions base URL is `url + "/v1"`."""

    def __init__(self) -> None:
        super().__init__(
            ROUTE,
            not_found=error(404, lambda r: f"no route {r.method} {r.path}"),
            exhausted=error(500, "the fake's script is exhausted: unexpected request"),
            recorded=Recorded,
        )

    @property
    def completions(self) -> list[Recorded]:
        return self.routed


def fake_openai(*script: Responder) -> FakeOpenAI:
    """A fake answering with `script`, one responder per request, in order; run it with `with`."""
    fake = FakeOpenAI()
    fake.reply(*script)
    return fake
