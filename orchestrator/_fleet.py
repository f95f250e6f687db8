"""`orchestrator fleet [SERVER]`: open the configured fleet server's live dashboard.

The fleet server is the one named, else the configured server that runs the bundled fleet
(`command: mcp-fleet`, or `python -m servers.fleet`) or is called `fleet`. Over HTTP its
dashboard is at the root of its URL (`http://127.0.0.1:8000/mcp` -> `http://127.0.0.1:8000/`):
the command checks that it answers (`GET /health`), prints the URL, and opens it in the browser
when there is one to open (a display, or `$BROWSER`) unless `--no-browser`. A server behind a
token asks for it once on the page; the token itself is never printed. Over stdio a server has
no web page: the command says how to run the same fleet over HTTP (the fleet's state is shared
by every server process on the machine) and exits 1.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import sys
import webbrowser
from collections.abc import Mapping
from pathlib import PurePosixPath
from urllib.parse import urlsplit, urlunsplit

from orchestrator.config import MCPServerSettings, Settings
from orchestrator.errors import UsageError

__all__ = ["dashboard_url", "find_fleet", "is_fleet", "open_dashboard"]

HEALTH_TIMEOUT_SECONDS = 5.0
FLEET_COMMAND = "mcp-fleet"
FLEET_MODULE = "servers.fleet"


def is_fleet(entry: MCPServerSettings) -> bool:
    """Whether ``entry`` is a fleet server: the bundled one's command, or called fleet."""
    if entry.name.casefold() == "fleet":
        return True
    if entry.transport != "stdio" or not entry.command:
        return False
    if PurePosixPath(entry.command).name == FLEET_COMMAND:
        return True
    args = entry.args
    return any(
        a == f"-m{FLEET_MODULE}" or (a == "-m" and args[i + 1 : i + 2] == [FLEET_MODULE])
        for i, a in enumerate(args)
    )


def find_fleet(settings: Settings, name: str | None) -> MCPServerSettings:
    """The fleet server: the one called ``name``, else the only fleet server configured."""
    if name is not None:
        return settings.servers[name]
    found = [entry for entry in settings.servers.values() if is_fleet(entry)]
    over_http = [entry for entry in found if entry.transport != "stdio"]
    if len(found) == 1 or len(over_http) == 1:
        return over_http[0] if over_http else found[0]
    if found:
        names = ", ".join(entry.name for entry in found)
        raise UsageError(
            f"{settings.source} configures several fleet servers ({names}): name one, "
            f"orchestrator fleet {found[0].name}"
        )
    configured = ", ".join(settings.servers) or "none"
    raise UsageError(
        f"no fleet server in {settings.source} (its servers: {configured}): add one "
        f"(fleet: {{command: {FLEET_COMMAND}}}), or name the server: orchestrator fleet SERVER"
    )


def dashboard_url(entry: MCPServerSettings) -> str:
    """Where an HTTP fleet server's dashboard is: the root its MCP endpoint sits under."""
    assert entry.url is not None
    parts = urlsplit(entry.url)
    path = parts.path.rstrip("/")
    if path.rsplit("/", 1)[-1] in ("mcp", "sse"):
        path = path.rsplit("/", 1)[0]
    return urlunsplit((parts.scheme, parts.netloc, path + "/", "", ""))


def _has_browser(env: Mapping[str, str]) -> bool:
    if sys.platform in ("darwin", "win32"):
        return True
    return any(env.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER"))


async def _answers(url: str) -> str | None:
    """None when the server at ``url`` answers its health check, else why not."""
    import httpx2

    try:
        async with httpx2.AsyncClient(timeout=HEALTH_TIMEOUT_SECONDS) as client:
            response = await client.get(url + "health")
    except httpx2.HTTPError as exc:
        return str(exc) or type(exc).__name__
    if response.status_code != 200:
        return f"GET {url}health answered {response.status_code}"
    return None


def _over_stdio(entry: MCPServerSettings, settings: Settings) -> str:
    command = shlex.join([entry.command or FLEET_COMMAND, *entry.args])
    env = sorted(k for k, v in entry.env.items() if v)
    with_env = f", with its env from the config set ({', '.join(env)})" if env else ""
    return (
        f"The fleet server '{entry.name}' of {settings.source} runs over stdio, which has no web "
        "page. Run the same fleet over HTTP (every fleet server on this machine shares its "
        f"agents){with_env}:\n"
        f"  {command} --transport streamable-http --port 8000\n"
        "and open http://127.0.0.1:8000/, or configure it so that `orchestrator fleet` opens it:\n"
        f"  {entry.name}: {{transport: streamable_http, url: http://127.0.0.1:8000/mcp}}"
    )


async def open_dashboard(
    settings: Settings,
    name: str | None,
    *,
    browser: bool,
    json_output: bool = False,
    env: Mapping[str, str] = os.environ,
) -> int:
    """Print the dashboard's URL and open it; 1 when there is none to open."""
    entry = find_fleet(settings, name)
    if entry.transport == "stdio":
        print(_over_stdio(entry, settings), file=sys.stderr)
        return 1
    if entry.transport not in ("streamable_http", "sse") or entry.url is None:
        print(f"orchestrator: the fleet server '{entry.name}' is not reachable over HTTP "
              f"(transport: {entry.transport})", file=sys.stderr)  # fmt: skip
        return 1
    url = dashboard_url(entry)
    problem = await _answers(url)
    if problem is not None:
        print(
            f"orchestrator: the fleet server '{entry.name}' at {url} does not answer: {problem}; "
            f"start it (mcp-fleet --transport streamable-http) and try again",
            file=sys.stderr,
        )
        return 1
    if json_output:
        print(json.dumps({"server": entry.name, "url": url}), flush=True)
    else:
        print(url, flush=True)
    if any(k.casefold() == "authorization" for k in entry.headers):
        print(
            f"The page asks once for the server's token: the bearer token of "
            f"mcp.servers.{entry.name}.headers.Authorization in {settings.source}",
            file=sys.stderr,
        )
    if browser and _has_browser(env) and not await asyncio.to_thread(webbrowser.open, url):
        print("orchestrator: no browser could be opened; open the URL above", file=sys.stderr)
    return 0
