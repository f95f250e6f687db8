"""`orchestrator fleet`: the configured fleet server's dashboard, found in the config and opened,
in subprocesses against a real fleet server over HTTP; the browser is a recording `$BROWSER`."""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from orchestrator._fleet import dashboard_url, is_fleet
from orchestrator.config import MCPServerSettings
from tests._http_server import http_process
from tests.servers.bundled import FLEET

pytestmark = pytest.mark.processes

TOKEN = "fleet-command-token-0123456789"
RECORDER = """import sys
from pathlib import Path
Path(sys.argv[1]).write_text(sys.argv[2])
"""


async def run(config: Path, *words: str, env: dict[str, str] | None = None) -> Any:
    command = [sys.executable, "-m", "orchestrator", "--config", str(config), *words]
    base = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    with anyio.fail_after(60):
        return await anyio.run_process(
            command, env={**base, "BROWSER": "", **(env or {})}, check=False
        )


def browser(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A `$BROWSER` that writes the URL it is given to a file, and a display to open it on."""
    script = tmp_path / "browser.py"
    script.write_text(RECORDER)
    opened = tmp_path / "opened.txt"
    return {"DISPLAY": ":0", "BROWSER": f"{sys.executable} {script} {opened} %s"}, opened


async def test_opens_the_dashboard_of_the_fleet_server_over_http(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    env, opened = browser(tmp_path)
    args = FLEET.server_args(tmp_path)
    served = {"XDG_DATA_HOME": str(tmp_path), "MCP_SERVER_TOKEN": TOKEN}
    async with http_process("servers.fleet", *args, env=served) as server:
        entry = {
            "transport": "streamable_http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {TOKEN}"},
        }
        config = write_config({"todo": {"command": "mcp-todo"}, "fleet": entry})
        opening = await run(config, "fleet", env=env)
        named = await run(config, "fleet", "fleet", "--no-browser", "--json")
        base = server.url.removesuffix("mcp")
        async with httpx2.AsyncClient() as http:
            page = await http.get(base, headers={"Authorization": f"Bearer {TOKEN}"})
    said = opening.stderr.decode()
    assert opening.returncode == 0, said
    assert opening.stdout.decode() == f"{base}\n" and opened.read_text() == base
    assert "the bearer token of mcp.servers.fleet.headers.Authorization" in said
    assert TOKEN not in said + opening.stdout.decode()
    assert named.returncode == 0 and json.loads(named.stdout) == {"server": "fleet", "url": base}
    assert page.status_code == 200 and "<h1>Agents" in page.text


async def test_no_browser_without_a_display_or_when_asked(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    env, opened = browser(tmp_path)
    async with http_process(
        "servers.fleet", *FLEET.server_args(tmp_path), env={"XDG_DATA_HOME": str(tmp_path)}
    ) as server:
        config = write_config({"fleet": {"transport": "streamable_http", "url": server.url}})
        asked = await run(config, "fleet", "--no-browser", env=env)
        headless = await run(config, "fleet", env={"BROWSER": ""})
    assert asked.returncode == headless.returncode == 0
    assert asked.stdout == headless.stdout == server.url.removesuffix("mcp").encode() + b"\n"
    assert not opened.exists()


async def test_a_fleet_server_over_stdio_is_told_how_to_run_it_over_http(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    env, opened = browser(tmp_path)
    entry = {
        "command": "mcp-fleet",
        "args": ["--state-dir", "/srv/fleet"],
        "env": {"FLEET_CONFIG": "/etc/fleet.yaml", "FLEET_DATABASE_URL": ""},
    }
    config = write_config({"todo": {"command": "mcp-todo"}, "agents-fleet": entry})
    done = await run(config, "fleet", env=env)
    said = done.stderr.decode()
    assert done.returncode == 1 and done.stdout == b"" and not opened.exists()
    assert f"The fleet server 'agents-fleet' of {config} runs over stdio" in said
    assert "with its env from the config set (FLEET_CONFIG)" in said
    assert "  mcp-fleet --state-dir /srv/fleet --transport streamable-http --port 8000\n" in said
    assert "agents-fleet: {transport: streamable_http, url: http://127.0.0.1:8000/mcp}" in said


async def test_a_fleet_server_that_does_not_answer_is_said(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    url = f"http://127.0.0.1:{port}/mcp"
    config = write_config({"fleet": {"transport": "streamable_http", "url": url}})
    done = await run(config, "fleet", "--no-browser")
    said = done.stderr.decode()
    assert done.returncode == 1 and done.stdout == b"", said
    assert said.startswith(
        f"orchestrator: the fleet server 'fleet' at http://127.0.0.1:{port}/ does not answer: "
    )
    assert "start it (mcp-fleet --transport streamable-http)" in said


async def test_no_fleet_server_or_several_is_a_usage_error(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    none = write_config({"todo": {"command": "mcp-todo"}}, name="none.yaml")
    two = write_config(
        {
            "a": {"command": "mcp-fleet"},
            "b": {"command": "python", "args": ["-m", "servers.fleet"]},
        },
        name="two.yaml",
    )
    missing = await run(none, "fleet")
    several = await run(two, "fleet")
    assert missing.returncode == several.returncode == 2
    assert missing.stderr.decode() == (
        f"orchestrator: no fleet server in {none} (its servers: todo): add one (fleet: "
        "{command: mcp-fleet}), or name the server: orchestrator fleet SERVER\n"
    )
    assert several.stderr.decode() == (
        f"orchestrator: {two} configures several fleet servers (a, b): name one, "
        "orchestrator fleet a\n"
    )


@pytest.mark.parametrize(
    ("entry", "fleet"),
    [
        ({"name": "fleet", "command": "anything"}, True),
        ({"name": "x", "command": "/usr/local/bin/mcp-fleet"}, True),
        ({"name": "x", "command": "python", "args": ["-m", "servers.fleet"]}, True),
        ({"name": "x", "command": "python", "args": ["-mservers.fleet"]}, True),
        (
            {"name": "x", "command": "python", "args": ["-m", "servers.todo", "servers.fleet"]},
            False,
        ),
        ({"name": "x", "transport": "streamable_http", "url": "http://h/mcp"}, False),
        ({"name": "Fleet", "transport": "streamable_http", "url": "http://h/mcp"}, True),
    ],
)
def test_what_counts_as_a_fleet_server(entry: dict[str, Any], fleet: bool) -> None:
    assert is_fleet(MCPServerSettings.model_validate(entry)) is fleet


@pytest.mark.parametrize(
    ("url", "dashboard"),
    [
        ("http://127.0.0.1:8000/mcp", "http://127.0.0.1:8000/"),
        ("https://example.com/fleet/mcp/", "https://example.com/fleet/"),
        ("http://h:1/sse?x=1", "http://h:1/"),
        ("http://h:1", "http://h:1/"),
    ],
)
def test_the_dashboard_is_at_the_root_the_endpoint_sits_under(url: str, dashboard: str) -> None:
    entry = MCPServerSettings(name="fleet", transport="streamable_http", url=url)
    assert dashboard_url(entry) == dashboard
