"""Calls under way when an HTTP server is told to stop: let them finish, for a while.

On SIGTERM uvicorn stops accepting connections and waits for the requests it is serving. Two
things stood in the way of that wait on the 2025-11-25 wire, whose answers are server-sent
events: sse-starlette ends every event stream the moment uvicorn is told to exit (its
"automatic graceful drain", which cancels the response), so the client got a stream cut without
an answer while the call's work went on; and nothing bounded the wait, so one long call could
hold a replica for as long as it ran. Here the event streams are left to finish like any other
response (:func:`keep_event_streams_open`), and :class:`Drain` gives the calls under way
``timeout`` seconds: a call still running then is stopped and answered with a JSON-RPC error
that says so, on the stream it was answering on, instead of a cut connection.
"""

from __future__ import annotations

import asyncio
import json
import math
import socket
from collections.abc import Callable
from dataclasses import dataclass, field

import anyio
import uvicorn
from mcp_types import INTERNAL_ERROR
from sse_starlette.sse import AppStatus
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from servers._common._http import UvicornServer

__all__ = ["Drain", "DrainingServer", "keep_event_streams_open"]


def keep_event_streams_open() -> None:
    """Stop sse-starlette from ending every event stream when the server is told to exit: the
    response of a call under way is then waited for like any other (and bounded by
    :class:`Drain`)."""
    AppStatus.disable_automatic_graceful_drain()


@dataclass(eq=False)  # one per request, kept in a set
class _Call:
    """One request on the MCP endpoint while it is served."""

    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)
    body: list[bytes] = field(default_factory=list)
    content_type: bytes | None = None  # of the response, once it started
    complete: bool = False  # the response's last part was sent

    def request_id(self) -> str | int | None:
        try:
            message = json.loads(b"".join(self.body))
        except ValueError:
            return None
        found = message.get("id") if isinstance(message, dict) else None
        return found if isinstance(found, (str, int)) and not isinstance(found, bool) else None


class Drain:
    """ASGI middleware that knows the requests under way on ``mcp_path`` and, once
    :meth:`expire` is called (``timeout`` seconds into a shutdown), stops each and answers it
    with a JSON-RPC error naming the shutdown: a stream already started gets the error as its
    last event, a response not started gets it as its JSON body."""

    def __init__(self, app: ASGIApp, *, mcp_path: str, timeout: float) -> None:
        self.app = app
        self.timeout = timeout
        self._mcp_path = mcp_path
        self._calls: set[_Call] = set()
        self._expired = False

    def expire(self) -> None:
        """Stop every call still under way; each is answered with the shutdown's error."""
        self._expired = True
        for call in self._calls:
            call.scope.cancel()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] != self._mcp_path:
            await self.app(scope, receive, send)
            return
        call = _Call()

        async def receive_kept() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                call.body.append(message.get("body", b""))
            return message

        async def send_seen(message: Message) -> None:
            if call.complete:
                return  # answered already (with the shutdown's error)
            if message["type"] == "http.response.start":
                call.content_type = dict(message.get("headers", [])).get(b"content-type", b"")
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                call.complete = True
            await send(message)

        self._calls.add(call)
        try:
            with call.scope:
                if self._expired:  # (uvicorn no longer accepts connections by then)
                    call.scope.cancel()
                await self.app(scope, receive_kept, send_seen)
            if call.scope.cancelled_caught and not call.complete:
                await self._answer_stopped(call, send)
        finally:
            self._calls.discard(call)

    async def _answer_stopped(self, call: _Call, send: Send) -> None:
        error = {
            "jsonrpc": "2.0",
            "id": call.request_id(),
            "error": {
                "code": INTERNAL_ERROR,
                "message": f"the server is shutting down and stopped this request after "
                f"{self.timeout:g} s of waiting for it to finish; it may or may not have "
                "been done: check before sending it again",
            },
        }
        data = json.dumps(error, separators=(",", ":")).encode()
        call.complete = True
        if call.content_type is None:
            length = b"%d" % len(data)
            headers = [(b"content-type", b"application/json"), (b"content-length", length)]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": data})
        elif call.content_type.startswith(b"text/event-stream"):
            event = b"event: message\r\ndata: " + data + b"\r\n\r\n"
            await send({"type": "http.response.body", "body": event})
        # (a JSON body is sent whole: one started and not ended is not one of ours to finish)


class DrainingServer(UvicornServer):
    """:class:`UvicornServer` whose shutdown gives the calls under way ``drain.timeout`` seconds,
    then has ``drain`` stop and answer those left. uvicorn's own graceful timeout, a few seconds
    later, stays as a backstop for a request that does not end when it is stopped."""

    def __init__(
        self, config: uvicorn.Config, *, drain: Drain, on_listening: Callable[[int], None]
    ) -> None:
        config.timeout_graceful_shutdown = math.ceil(drain.timeout + _BACKSTOP)
        super().__init__(config, on_listening=on_listening)
        self._drain = drain

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        expiry = asyncio.get_running_loop().call_later(self._drain.timeout, self._drain.expire)
        try:
            await super().shutdown(sockets)
        finally:
            expiry.cancel()


_BACKSTOP = 5
