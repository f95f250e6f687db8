"""The stdio side of the runner: the SDK's stdio transport, plus answers to unreadable lines.

The SDK's stdio server drops a line it cannot read without a word, so the client would wait for
its own timeout: here each such line gets the JSON-RPC error it calls for at once
(:mod:`servers._common._unreadable`).
"""

from __future__ import annotations

import logging
from typing import Any

import anyio
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared._stream_protocols import ReadStream, WriteStream
from mcp.shared.message import SessionMessage

from servers._common._unreadable import error_for

__all__ = ["serve_stdio"]

logger = logging.getLogger(__name__)


async def _answer_unreadable(
    source: ReadStream[SessionMessage | Exception],
    sink: anyio.abc.ObjectSendStream[SessionMessage | Exception],
    replies: WriteStream[SessionMessage],
) -> None:
    """Forward what the server can read; answer the rest at once."""
    async with sink:
        async for item in source:
            if isinstance(item, Exception):
                error = error_for(item)
                logger.info("unreadable line on stdin: %s", error.error.message)
                await replies.send(SessionMessage(error))
            else:
                await sink.send(item)


async def serve_stdio(server: Server[Any]) -> None:
    """Serve ``server`` over this process's stdin and stdout until stdin closes."""
    async with stdio_server() as (read_stream, write_stream):
        sink, readable = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        async with anyio.create_task_group() as tg, readable:
            tg.start_soon(_answer_unreadable, read_stream, sink, write_stream)
            await server.run(readable, write_stream, server.create_initialization_options())
            tg.cancel_scope.cancel()
