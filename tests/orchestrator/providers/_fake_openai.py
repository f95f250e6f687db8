"""A loopback HTTP server speaking OpenAI's Chat Completions wire format, scripted per test.

`POST <base>/v1/chat/completions` is answered by the next reply of the script: a function of the
recorded request returning a `Reply` (status, JSON body or server-sent events, headers). Every
request is recorded (path, headers, JSON body) so tests can assert on what the SDK really sent:
the tools and their schemas, the Authorization header, the tool results. A request beyond the
script gets a 500 naming the problem, so a test that makes more calls than it expects fails.

The body shapes follow OpenAI's API reference: a `chat.completion` object with `choices[0].message`
(text or `tool_calls` whose `arguments` is a JSON string), `usage`; errors as
`{"error": {"message", "type", "param", "code"}}`; streaming as `chat.completion.chunk` events
ending with `data: [DONE]`.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

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


@dataclass(frozen=True)
class Recorded:
    """One request the fake received."""

    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    body: Any

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", []))

    @property
    def tools(self) -> dict[str, dict[str, Any]]:
        """The tools offered, by name: `{"name", "description", "parameters", ...}`."""
        return {t["function"]["name"]: t["function"] for t in self.body.get("tools", [])}


@dataclass(frozen=True)
class Reply:
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    events: list[Any] | None = None  # server-sent events instead of a JSON body


Responder = Callable[[Recorded], Reply]


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


class FakeOpenAI:
    """The server; use `fake_openai(...)` to run one for the length of a `with` block."""

    def __init__(self, script: list[Responder]) -> None:
        self.script = list(script)
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        """The server's root URL; the Chat Completions base URL is `url + "/v1"`."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def completions(self) -> list[Recorded]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def _answer(self, request: Recorded) -> Reply:
        with self._lock:
            self.requests.append(request)
            if request.method != "POST" or not request.path.endswith("/v1/chat/completions"):
                return error(404, f"no route {request.method} {request.path}")(request)
            if not self.script:
                return error(500, "the fake's script is exhausted: unexpected request")(request)
            responder = self.script.pop(0)
        return responder(request)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as real endpoints do

            def _serve(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = fake._answer(Recorded(self.command, self.path, headers, body))
                if reply.events is not None:
                    payload = "".join(f"data: {json.dumps(e)}\n\n" for e in reply.events)
                    data = (payload + "data: [DONE]\n\n").encode()
                    content_type = "text/event-stream"
                else:
                    data = json.dumps(reply.body).encode()
                    content_type = "application/json"
                self.send_response(reply.status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            do_POST = _serve
            do_GET = _serve

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep the test output clean

        return Handler

    def start(self) -> None:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@contextmanager
def fake_openai(*script: Responder) -> Iterator[FakeOpenAI]:
    """Run a fake answering with `script`, one responder per request, in order."""
    fake = FakeOpenAI(list(script))
    fake.start()
    try:
        yield fake
    finally:
        fake.stop()
