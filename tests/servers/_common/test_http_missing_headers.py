"""2026-07-28 over HTTP, by hand: a request that leaves out a header the wire needs beside its
body (`Mcp-Method`, `Mcp-Name`) is told that header is missing and what it must hold, not that
it "does not match"; one sent with another value keeps the SDK's words. Raw requests to the real
todo server over streamable HTTP."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests._http_server import http_process

pytestmark = pytest.mark.processes

VERSION = "2026-07-28"
META = {
    "io.modelcontextprotocol/protocolVersion": VERSION,
    "io.modelcontextprotocol/clientCapabilities": {},
}
HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": VERSION}


def request(method: str, **params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 7, "method": method, "params": {**params, "_meta": META}}


async def test_a_missing_routing_header_is_called_missing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'todo.db'}"
    async with (
        http_process("servers.todo", "--database-url", database) as server,
        httpx2.AsyncClient(headers=HEADERS, timeout=30) as http,
    ):

        async def post(body: dict[str, Any], **headers: str) -> httpx2.Response:
            return await http.post(server.url, json=body, headers=headers)

        discover = await post(request("server/discover"))
        call = request("tools/call", name="list_todos", arguments={})
        unnamed = await post(call, **{"Mcp-Method": "tools/call"})
        read = await post(
            request("resources/read", uri="todo://x"), **{"Mcp-Method": "resources/read"}
        )
        other = await post(call, **{"Mcp-Method": "tools/list"})
        called = await post(call, **{"Mcp-Method": "tools/call", "Mcp-Name": "list_todos"})
    errors = [r.json() for r in (discover, unnamed, read, other)]
    assert [r.status_code for r in (discover, unnamed, read, other)] == [400] * 4
    assert all(e["id"] == 7 and e["error"]["code"] == -32020 for e in errors)
    assert [e["error"]["message"] for e in errors] == [
        "missing Mcp-Method header (must be 'server/discover', the request body's method)",
        "missing Mcp-Name header (must be 'list_todos', the request body's 'name' parameter)",
        "missing Mcp-Name header (must be 'todo://x', the request body's 'uri' parameter)",
        "mcp-method header does not match the request body's method",  # sent, another value
    ]
    assert called.status_code == 200 and '"isError":false' in called.text


async def test_an_unsupported_protocol_version_header_is_called_that(tmp_path: Path) -> None:
    """A version no one speaks in MCP-Protocol-Version gets a 400 that says so and lists the
    versions the server speaks (the SDK's words were about the 2026-07-28 `_meta` envelope; a
    trial); a supported one is answered."""
    database = f"sqlite:///{tmp_path / 'todo.db'}"
    plain = {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}
    async with (
        http_process("servers.todo", "--database-url", database) as server,
        httpx2.AsyncClient(timeout=30) as http,
    ):
        refused = await http.post(
            server.url, json=plain, headers={**HEADERS, "MCP-Protocol-Version": "1999-01-01"}
        )
        answered = await http.post(
            server.url, json=plain, headers={**HEADERS, "MCP-Protocol-Version": "2025-11-25"}
        )
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["message"] == (
        "unsupported MCP-Protocol-Version '1999-01-01': this server speaks 2024-11-05, "
        "2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28"
    )
    assert answered.status_code == 200 and "list_todos" in answered.text
