"""serve(): the server's own options, its lifespan opened once per process on stdio and on
streamable HTTP, and a clean exit 2 when it cannot start."""

from __future__ import annotations

import subprocess
import sys

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests._http_server import REPO, http_process

pytestmark = pytest.mark.processes

PROBE = "tests.servers._common._probe_server"


def _stdio(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", PROBE, *args], cwd=REPO)


async def test_stdio_builds_from_the_servers_own_arguments_and_opens_once() -> None:
    with anyio.fail_after(30):
        async with Client(_stdio("--greeting", "Ahoy")) as client:
            results = [await client.call_tool("greet", {"name": n}) for n in ("a", "b")]
    bodies = [r.structured_content for r in results]
    assert [b["text"] for b in bodies] == ["Ahoy, a", "Ahoy, b"]  # type: ignore[index]
    assert [b["opened"] for b in bodies] == [1, 1]  # type: ignore[index]


async def test_http_opens_the_backend_once_for_every_client_and_closes_it_on_sigterm() -> None:
    async with http_process(PROBE, "--greeting", "Hey") as server:
        seen = []
        for name in ("a", "b", "c"):  # three separate client sessions
            async with Client(server.url) as client:
                result = await client.call_tool("greet_blocking", {"name": name})
                seen.append(result.structured_content)
    assert [s["text"] for s in seen] == ["Hey, a", "Hey, b", "Hey, c"]  # type: ignore[index]
    assert {s["opened"] for s in seen} == {1}  # type: ignore[index]
    assert len({s["pid"] for s in seen}) == 1  # type: ignore[index]
    # SIGTERM stops serving, then the lifespan closes the backend and the process exits 0.
    assert "probe: backend closed after 1 opening(s)" in server.stderr
    assert server.process.returncode == 0


async def test_what_start_up_built_is_frozen_out_of_the_collectors_sight() -> None:
    """A full garbage collection would walk every module and schema again, every few hundred
    requests; frozen before serving, they are not walked."""
    with anyio.fail_after(60):
        async with Client(_stdio()) as client:
            over_stdio = (await client.call_tool("heap", {})).structured_content
        async with http_process(PROBE) as server, Client(server.url) as client:
            over_http = (await client.call_tool("heap", {})).structured_content
    assert over_stdio is not None and over_http is not None
    assert over_stdio["frozen"] > 10_000 and over_http["frozen"] > 10_000


@pytest.mark.parametrize("transport", ["stdio", "streamable-http"])
def test_a_lifespan_startup_error_exits_2_with_its_message(transport: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", PROBE, "--fail-start", "--transport", transport, "--port", "0"],
        capture_output=True, text=True, timeout=30, cwd=REPO, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == "probe: cannot reach the backend at example.invalid"


def test_help_lists_the_transport_options_and_the_servers_own() -> None:
    result = subprocess.run(
        [sys.executable, "-m", PROBE, "--help"],
        capture_output=True, text=True, timeout=30, cwd=REPO, check=True,
    )  # fmt: skip
    for option in ("--transport", "--host", "--port", "--path", "--log-level", "--greeting"):
        assert option in result.stdout


async def test_a_stateless_request_logs_no_session_ending_at_info() -> None:
    """Trial 7: every request logged 'INFO mcp.server.streamable_http: Terminating session:
    None' at the documented --log-level INFO, the bulk of a replica's log."""
    async with http_process(PROBE, "--log-level", "INFO") as server:
        for name in ("a", "b"):
            async with Client(server.url, mode="legacy") as client:
                await client.call_tool("greet", {"name": name})
    # INFO lines are still written, the SDK's included
    assert "INFO mcp.server.streamable_http_manager: StreamableHTTP session" in server.stderr
    assert "Terminating session" not in server.stderr
