"""``python -m servers.agents`` and ``mcp-agents`` as MCP clients launch them: stdio (where a CLI
agent must never touch the server's stdin, the MCP pipe) and streamable HTTP."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests._http_server import http_server
from tests.servers.agents.conftest import CANARIES, call, call_error
from tests.servers.agents.fake_clis import success_output, write_fake

pytestmark = pytest.mark.processes

TOOLS = [
    "execute_agent_request",
    "list_available_agents",
    "probe_agent_status",
    "register_tool_with_agent",
]
SCRIPT = Path(sysconfig.get_path("scripts")) / "mcp-agents"


async def test_over_stdio_a_cli_agent_never_reads_the_mcp_pipe(
    tmp_path: Path, fake_bin: Path, environ: dict[str, str], orchestrator_config: Path
) -> None:
    fake = write_fake(fake_bin, "claude", stdout=success_output("claude-code"))
    database = tmp_path / "agents.db"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "servers.agents", "--database-url", f"sqlite:///{database}",
              "--config", str(orchestrator_config)],
        env=environ,
    )  # fmt: skip
    with anyio.fail_after(60):
        async with Client(params) as client:
            tools = [t.name for t in (await client.list_tools()).tools]
            probe = await call(client, "probe_agent_status", {"agent_name": "claude"})
            body = await call(
                client, "execute_agent_request", {"agent_name": "claude-code", "prompt": "hi"}
            )
            # The MCP pipe still works after the CLI ran.
            listed = await call(
                client, "list_available_agents", {"capability_filter": "code_editing"}
            )
    run = fake.last()
    assert tools == TOOLS
    assert probe["status"] == "operative" and probe["detail"] == "ANTHROPIC_API_KEY is set"
    assert body["content"] == "Answer to: hi"
    assert run["stdin_devnull"] is True
    assert run["sid"] == run["pid"]
    assert [a["name"] for a in listed["agents"]] == [
        "claude-code", "codex", "gemini-cli", "qwen-code", "opencode", "goose",
    ]  # fmt: skip
    assert database.is_file()


async def test_the_console_script_over_streamable_http(
    sqlite_url: str, environ: dict[str, str], orchestrator_config: Path
) -> None:
    env = {**environ, "AGENTS_CONFIG": str(orchestrator_config), "AGENTS_RATE_LIMIT": "1"}
    async with http_server("servers.agents", sqlite_url, env=env) as url, Client(url) as client:
        with anyio.fail_after(60):
            tools = [t.name for t in (await client.list_tools()).tools]
            probe = await call(client, "probe_agent_status", {"agent_name": "nobody"})
            refused = await call_error(
                client,
                "register_tool_with_agent",
                {"tool_name": "t", "tool_spec": {
                    "description": "d", "input_schema": {"type": "object"},
                    "binding": {"mcp": {"server": "agents", "tool": "x"}}}},
            )  # fmt: skip
            limited = [
                await client.call_tool(
                    "execute_agent_request", {"agent_name": "offline", "prompt": "hi"}
                )
                for _ in range(2)
            ]
    assert tools == TOOLS
    assert probe["status"] == "unavailable"
    assert refused["code"] == "unknown_server"  # AGENTS_CONFIG was read: 'agents' is itself
    codes = [r.content[0].text for r in limited]  # type: ignore[union-attr]
    assert '"code":"no_tools"' in codes[0] and '"code":"rate_limited"' in codes[1]


def test_the_console_script_is_installed_and_refuses_a_bad_rate_limit(tmp_path: Path) -> None:
    assert SCRIPT.is_file()
    helped = subprocess.run([SCRIPT, "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "--database-url" in helped.stdout
    assert "--config" in helped.stdout
    env = {**os.environ, "AGENTS_RATE_LIMIT": "lots", **CANARIES}
    bad = subprocess.run(
        [SCRIPT, "--database-url", f"sqlite:///{tmp_path / 'a.db'}"],
        capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        "python -m servers.agents: AGENTS_RATE_LIMIT must be a whole number of requests per "
        "minute, at least 1; got 'lots'"
    )
