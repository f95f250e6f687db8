"""A scripted loopback HTTP server: the mechanics under the vendor fakes.

A test queues replies; each request the server receives is recorded (method, path, lower-cased
headers, JSON body, and the client's address and port, which tell its connections apart) and
answered with the next one. A reply is a `Reply`, or a function of the recorded request
returning one, so a reply can echo what was sent. A `Reply` carries a JSON body, a list of
server-sent events or a raw body (not JSON, say), and extra headers, and may then drop the
connection or stall mid-body (`then`); or `SILENCE`: the request is read and never
answered (until the fake stops), as a provider that took it and hangs. A request the route does
not match gets the
`not_found` reply (a 404), and a request with nothing left to answer the `exhausted` one (a 500),
so a test that sends more than it scripted fails loudly instead of hanging. The server speaks
HTTP/1.1 with keep-alive, as real endpoints do.

The vendor modules (`openai`, `anthropic`, `gemini` in this package) supply the route, the body
shapes and the error replies; a layer may record requests as a subclass of `Recorded` that adds
accessors for its format.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Generic, Literal, Self, TypeVar


@dataclass(frozen=True)
class Reply:
    """One answer: a JSON `body`, or `events` sent as a `text/event-stream` instead.

    Each event is sent as one `data:` line: a string as it is (e.g. OpenAI's `[DONE]`), anything
    else as JSON; a `(name, data)` pair is sent with an `event: name` line first (Anthropic's
    named events).
    """

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    events: list[Any] | None = None
    silent: bool = False  # no answer at all: the connection stays open, unanswered
    raw: bytes | None = None  # a body sent as it is, as `content_type` (not JSON, say)
    content_type: str | None = None
    then: Literal["drop", "stall"] | None = None
    """After the body: "drop" closes the connection short of the length it announced (a
    connection lost mid-stream); "stall" keeps it open and sends nothing more."""


SILENCE = Reply(silent=True)


@dataclass(frozen=True)
class Recorded:
    """One request the fake received."""

    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    body: Any  # the JSON body, None if there was none
    peer: str = ""  # the client's "host:port": one per connection (keep-alive shows as one)


R = TypeVar("R", bound=Recorded)
Responder = Callable[[R], Reply]
Scripted = Reply | Callable[[R], Reply]


def _sse(event: Any) -> str:
    name = None
    if isinstance(event, tuple):
        name, event = event
    line = event if isinstance(event, str) else json.dumps(event)
    return (f"event: {name}\n" if name else "") + f"data: {line}\n\n"


class FakeVendor(Generic[R]):
    """A loopback server answering `route` with the scripted replies, in order.

    Use it as a context manager: the server runs for the length of the `with` block.
    """

    def __init__(
        self,
        route: re.Pattern[str],
        not_found: Scripted[R],
        exhausted: Scripted[R],
        *,
        recorded: type[R],
        methods: Iterable[str] = ("POST",),
    ) -> None:
        self.route = route
        self.methods = frozenset(methods)
        self.requests: list[R] = []
        self._replies: deque[Scripted[R]] = deque()
        self._lock = threading.Lock()
        self._not_found = not_found
        self._exhausted = exhausted
        self._recorded = recorded
        self._stopping = threading.Event()  # releases the requests left unanswered (`SILENCE`)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        """The server's root URL, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def routed(self) -> list[R]:
        """The requests the route matched (`requests` also holds the ones it did not)."""
        return [r for r in self.requests if self._matches(r)]

    def reply(self, *replies: Scripted[R]) -> None:
        """Queue replies: each a `Reply`, or a function of the recorded request returning one."""
        with self._lock:
            self._replies.extend(replies)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _matches(self, request: R) -> bool:
        return request.method in self.methods and self.route.match(request.path) is not None

    def _answer(self, request: R) -> Reply:
        with self._lock:
            self.requests.append(request)
            if not self._matches(request):
                scripted = self._not_found
            else:
                scripted = self._replies.popleft() if self._replies else self._exhausted
        return scripted if isinstance(scripted, Reply) else scripted(request)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive

            def _serve(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                headers = {k.lower(): v for k, v in self.headers.items()}
                peer = f"{self.client_address[0]}:{self.client_address[1]}"
                reply = fake._answer(fake._recorded(self.command, self.path, headers, body, peer))
                if reply.silent:
                    fake._stopping.wait()
                    self.close_connection = True
                    return
                if reply.raw is not None:
                    data, content_type = reply.raw, "application/json"
                elif reply.events is not None:
                    data = "".join(_sse(e) for e in reply.events).encode()
                    content_type = "text/event-stream"
                else:
                    data = json.dumps(reply.body).encode()
                    content_type = "application/json"
                self.send_response(reply.status)
                self.send_header("content-type", reply.content_type or content_type)
                length = len(data) + (1000 if reply.then else 0)  # more than will come
                self.send_header("content-length", str(length))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                try:
                    self.end_headers()
                    self.wfile.write(data)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):  # the client went: its affair
                    self.close_connection = True
                    return
                if reply.then == "stall":
                    fake._stopping.wait()
                if reply.then:
                    self.close_connection = True
                    with contextlib.suppress(OSError):
                        self.connection.shutdown(socket.SHUT_RDWR)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep the test output clean

        return Handler
