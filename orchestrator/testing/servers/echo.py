"""An MCP server that gives back what it is asked for (`orchestrator.testing`): `reply` sends a
body back as a success or as an error result, with or without structured content (how does a
client carry a tool's failure, whatever the shape of its body?); `environment` says which of the
named variables the server process has, and their values (what does a client pass on to the
servers it starts?). `ECHO_TOOLS_TTL_MS` sets the `ttlMs` of its 2026-07-28 `tools/list` and
`server/discover` results (the SDK's default is 0: stale at once)."""

from __future__ import annotations

import json
import os
from typing import Annotated, Any

from mcp.server.caching import CacheHint
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent
from pydantic import Field

_TTL_MS = int(os.environ.get("ECHO_TOOLS_TTL_MS", "0"))
mcp = MCPServer(
    "echo",
    cache_hints={
        "tools/list": CacheHint(ttl_ms=_TTL_MS),
        "server/discover": CacheHint(ttl_ms=_TTL_MS),
    },
)


@mcp.tool(description="Reply with `body`, as an error result when `is_error` is true")
def reply(
    body: Annotated[dict[str, Any], Field(description="the JSON object to send back")],
    is_error: Annotated[bool, Field(description="mark the result as an error")] = False,
    structured: Annotated[bool, Field(description="also send it as structured content")] = True,
) -> CallToolResult:
    text = TextContent(type="text", text=json.dumps(body))
    return CallToolResult(
        content=[text], structured_content=body if structured else None, is_error=is_error
    )


@mcp.tool(description="The values of the named environment variables in this server's process")
def environment(
    names: Annotated[list[str], Field(description="variable names to look up")],
) -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in names}


if __name__ == "__main__":
    mcp.run()
