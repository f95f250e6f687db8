"""A scripted loopback HTTP server: the mechanics under the vendor fakes.

A test queues `Reply`s; each request the server receives is recorded (method, path, headers,
JSON body) and answered with the next one. A request the route does not match gets a 404, and a
request with nothing left to answer a 500 saying so, so a test that sends more than it scripted
fails loudly instead of hanging.
"""

from __future__ import annotations

import json
import re
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Recorded:
    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    body: Any


class FakeVendor:
    """A loopback server answering `route` with the scripted replies, in order."""

    def __init__(self, route: re.Pattern[str], not_found: Reply, exhausted: Reply) -> None:
        self.route = route
        self.requests: list[Recorded] = []
        self._replies: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._not_found = not_found
        self._exhausted = exhausted
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def reply(self, *replies: Reply) -> None:
        with self._lock:
            self._replies.extend(replies)

    def __enter__(self) -> FakeVendor:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _answer(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            if not self.route.match(recorded.path):
                return self._not_found
            return self._replies.popleft() if self._replies else self._exhausted

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = fake._answer(Recorded("POST", self.path, headers, body))
                data = json.dumps(reply.body).encode()
                self.send_response(reply.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
