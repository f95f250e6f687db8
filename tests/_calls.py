"""Calling a tool through a real MCP client in tests."""

from __future__ import annotations

import json
from typing import Any

from mcp import Client


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call a tool expecting success; return its structured body (equal to its JSON text)."""
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.structured_content
    body = result.structured_content
    assert body is not None
    assert json.loads(result.content[0].text) == body  # type: ignore[union-attr]
    return body
