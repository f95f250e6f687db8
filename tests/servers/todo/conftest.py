from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.server import Server

from servers.todo.tools import create_server
from tests._calls import call  # noqa: F401  (re-exported for this server's tests)

CONTRACT = Path(__file__).resolve().parents[3] / "contracts" / "todo-tools.md"


def contract_schemas() -> dict[str, dict[str, Any]]:
    """The tool schemas written in the contract document, by tool name."""
    blocks = re.findall(r"\*\*Tool Schema\*\*:\s*```json\n(.*?)```", CONTRACT.read_text(), re.S)
    schemas = [json.loads(block) for block in blocks]
    return {s["name"]: s for s in schemas}


def stdio_params(database_url: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "servers.todo", "--database-url", database_url]
    )


@pytest.fixture
def server(database_url: str) -> Server[Any]:
    """The todo server, in process, on each backend (connect with ``Client(server)``)."""
    return create_server(database_url)


async def call_error(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call a tool expecting the contract's error body, marked as an error result."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    # The body is the text content; an error claims no structured output (see _common/app.py).
    assert result.structured_content is None
    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
    assert set(body) == {"success", "error_type", "message", "recoverable"}
    assert body["success"] is False
    return body
