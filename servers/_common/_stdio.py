"""The stdio side of the runner: the SDK's stdio transport, plus answers to unreadable lines.

The SDK's stdio server drops a line it cannot read (not JSON, a lone surrogate, not a JSON-RPC
message) without a word, so the client waits for its own timeout. Here such a line gets the
JSON-RPC error it calls for, with a null id (the id could not be read): -32700 Parse error, or
-32600 Invalid Request for JSON that is not a JSON-RPC message.
"""

from __future__ import annotations

import logging
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared._stream_protocols import ReadStream, WriteStream
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

__all__ = ["serve_stdio"]

logger = logging.getLogger(__name__)


def _error_for(exc: Exception) -> types.JSONRPCError:
    unreadable = not isinstance(exc, ValidationError) or any(
        e["type"] == "json_invalid" for e in exc.errors(include_url=False)
    )
    code, message = (
        (types.PARSE_ERROR, "Parse error: the line is not valid JSON text")
        if unreadable
        else (types.INVALID_REQUEST, "Invalid Request: the line is not a JSON-RPC 2.0 message")
    )
    return types.JSONRPCError(
        jsonrpc="2.0", id=None, error=types.ErrorData(code=code, message=message)
    )


async def _answer_unreadable(
    source: ReadStream[SessionMessage | Exception],
    sink: anyio.abc.ObjectSendStream[SessionMessage | Exception],
    replies: WriteStream[SessionMessage],
) -> None:
    """Forward what the server can read; answer the rest at once."""
    async with sink:
        async for item in source:
            if isinstance(item, Exception):
                logger.info("unreadable line on stdin: %s", type(item).__name__)
                await replies.send(SessionMessage(_error_for(item)))
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
