"""An MCP server whose one tool gives back the body it is asked for, as a success or as an error
result, with or without structured content (`orchestrator.testing`): for checking how a client
carries a tool's failure, whatever the shape of its body."""

from __future__ import annotations

import json
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent
from pydantic import Field

mcp = MCPServer("echo")


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


if __name__ == "__main__":
    mcp.run()
