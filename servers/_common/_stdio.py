"""The stdio side of the runner: the SDK's stdio transport, plus answers to unreadable lines, and
the requests under way answered before the server exits when stdin closes.

The SDK's stdio server drops a line it cannot read without a word, so the client would wait for
its own timeout: here each such line gets the JSON-RPC error it calls for at once
(:mod:`servers._common._unreadable`).

When stdin closes (the client's way to end a stdio session, or the end of a file piped into the
server) the SDK cancels the requests still being handled, so a call sent just before the end was
cut without an answer, or answered for some and not others by how the race fell. Here the end of
stdin is held back from the SDK until every request read has been answered (or cancelled by the
client), for at most ``drain_timeout`` seconds; then the session ends as before.
"""

from __future__ import annotations

import logging
from types import TracebackType
from typing import Any, Self

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared._stream_protocols import ReadStream, WriteStream
from mcp.shared.message import SessionMessage
from mcp_types import JSONRPCError, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, RequestId

from servers._common._unreadable import error_for

__all__ = ["serve_stdio"]

logger = logging.getLogger(__name__)


class _UnderWay:
    """The ids of the requests read and not yet answered; ``idle`` is set when there are none."""

    def __init__(self) -> None:
        self._ids: set[RequestId] = set()
        self.idle = anyio.Event()
        self.idle.set()

    def add(self, request_id: RequestId) -> None:
        self._ids.add(request_id)
        if self.idle.is_set():
            self.idle = anyio.Event()

    def discard(self, request_id: object) -> None:  # any id a message carries
        self._ids.discard(request_id)
        if not self._ids:
            self.idle.set()

    def __len__(self) -> int:
        return len(self._ids)


class _Answers:
    """The server's write stream, noting each request it answers."""

    def __init__(self, inner: WriteStream[SessionMessage], under_way: _UnderWay) -> None:
        self._inner = inner
        self._under_way = under_way

    async def send(self, item: SessionMessage, /) -> None:
        await self._inner.send(item)
        if isinstance(item.message, JSONRPCResponse | JSONRPCError):
            self._under_way.discard(item.message.id)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        await self.aclose()
        return None


async def _forward(
    source: ReadStream[SessionMessage | Exception],
    sink: anyio.abc.ObjectSendStream[SessionMessage | Exception],
    replies: WriteStream[SessionMessage],
    under_way: _UnderWay,
    drain_timeout: float,
) -> None:
    """Forward what the server can read and answer the rest at once; at the end of stdin, wait
    for the requests under way to be answered before the server sees the end."""
    async with sink:
        async for item in source:
            if isinstance(item, Exception):
                error = error_for(item)
                logger.info("unreadable line on stdin: %s", error.error.message)
                await replies.send(SessionMessage(error))
                continue
            message = item.message
            if isinstance(message, JSONRPCRequest):
                under_way.add(message.id)
            elif isinstance(message, JSONRPCNotification) and message.method == (
                "notifications/cancelled"
            ):
                under_way.discard((message.params or {}).get("requestId"))
            await sink.send(item)
        with anyio.move_on_after(drain_timeout) as waited:
            await under_way.idle.wait()
        if waited.cancelled_caught:
            logger.warning(
                "stdin closed; %d request(s) still under way after %gs are stopped",
                len(under_way),
                drain_timeout,
            )


async def serve_stdio(server: Server[Any], *, drain_timeout: float = 25.0) -> None:
    """Serve ``server`` over this process's stdin and stdout until stdin closes and the requests
    under way are answered (for at most ``drain_timeout`` seconds)."""
    async with stdio_server() as (read_stream, write_stream):
        under_way = _UnderWay()
        answers = _Answers(write_stream, under_way)
        sink, readable = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        async with anyio.create_task_group() as tg, readable:
            tg.start_soon(_forward, read_stream, sink, answers, under_way, drain_timeout)
            await server.run(readable, answers, server.create_initialization_options())
            tg.cancel_scope.cancel()
