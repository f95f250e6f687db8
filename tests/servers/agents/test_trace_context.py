"""A coding agent's CLI starts inside the caller's trace: the request's `traceparent` (from its
`_meta`, as the orchestrator sends it) reaches the CLI as `TRACEPARENT`, so a CLI that emits
OpenTelemetry (Claude Code does) joins the same trace; without one, nothing is added."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.servers.agents.conftest import ServiceFactory, connect
from tests.servers.agents.fake_clis import success_output, write_fake

pytestmark = pytest.mark.processes

TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


async def test_the_cli_gets_the_requests_trace_context(
    fake_bin: Path, make_service: ServiceFactory
) -> None:
    fake = write_fake(fake_bin, "claude", stdout=success_output("claude-code"))
    arguments = {"agent_name": "claude-code", "prompt": "explain this regex"}
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            traced = await client.call_tool(
                "execute_agent_request", arguments, meta={"traceparent": TRACEPARENT}
            )
            assert not traced.is_error, traced.content
            env = fake.last()["env"]
            assert env["TRACEPARENT"] == TRACEPARENT
            plain = await client.call_tool("execute_agent_request", arguments)
            assert not plain.is_error, plain.content
            assert "TRACEPARENT" not in fake.last()["env"]
