"""SIGTERM on a server over streamable HTTP while a call is under way, on both wires: the call
finishes and its answer is sent, or, past ``--drain-timeout``, it is answered with a JSON-RPC
error; either way the lifespan closes and the process exits 0 (trial 7: on the 2025-11-25 wire
the stream was cut without an answer while the call went on)."""

from __future__ import annotations

import json
import signal
from typing import Any

import anyio
import httpx2
import pytest

from tests._http_server import HttpServerProcess, http_process

pytestmark = pytest.mark.processes

PROBE = "tests.servers._common._probe_server"

# What each wire's request carries beside its body (the 2026-07-28 one routes on headers).
WIRES: dict[str, tuple[dict[str, str], dict[str, Any]]] = {
    "2025-11-25": ({"MCP-Protocol-Version": "2025-11-25"}, {}),
    "2026-07-28": (
        {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "wait"},
        {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {},
        },
    ),
}


async def _call_through_sigterm(server: HttpServerProcess, wire: str, seconds: float) -> Any:
    """Call ``wait`` on ``server``; once the server says the call started (its progress
    notification), SIGTERM it; return the last message of the response as the client read it."""
    headers, meta = WIRES[wire]
    request = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {
            "name": "wait",
            "arguments": {"seconds": seconds},
            "_meta": {**meta, "progressToken": "p"},
        },
    }
    messages = []
    async with (
        httpx2.AsyncClient(timeout=60) as client,
        client.stream(
            "POST",
            server.url,
            json=request,
            headers={**headers, "Accept": "application/json, text/event-stream"},
        ) as response,
    ):
        assert response.headers["content-type"].startswith("text/event-stream")
        async for line in response.aiter_lines():  # a cut stream raises here
            if line.startswith("data:"):
                messages.append(json.loads(line[5:]))
                if messages[-1].get("method") == "notifications/progress" and len(messages) == 1:
                    server.process.send_signal(signal.SIGTERM)
    return messages[-1]


@pytest.mark.parametrize("wire", WIRES)
async def test_sigterm_mid_call_lets_the_call_finish_and_answer(wire: str) -> None:
    with anyio.fail_after(60):
        async with http_process(PROBE) as server:
            answer = await _call_through_sigterm(server, wire, seconds=2)
            await server.process.wait()
    assert answer["id"] == 7
    assert answer["result"]["structuredContent"] == {"waited": 2}
    assert server.process.returncode == 0
    assert "probe: waited 2 s" in server.stderr
    assert "probe: backend closed after 1 opening(s)" in server.stderr
    assert "ASGI callable returned without completing response" not in server.stderr


@pytest.mark.parametrize("wire", WIRES)
async def test_a_call_past_the_drain_timeout_is_answered_with_an_error(wire: str) -> None:
    with anyio.fail_after(60):
        async with http_process(PROBE, "--drain-timeout", "1") as server:
            answer = await _call_through_sigterm(server, wire, seconds=30)
            await server.process.wait()
    assert answer["id"] == 7
    assert answer["error"]["message"].startswith(
        "the server is shutting down and stopped this request after 1 s of waiting"
    )
    assert server.process.returncode == 0
    assert "probe: waited" not in server.stderr  # the call was stopped, not left running
    assert "probe: backend closed after 1 opening(s)" in server.stderr
