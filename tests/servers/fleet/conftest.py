"""Fixtures for the fleet tests: a real git repository, a fleet file whose roles run the test
agent (``agent.py``), and the fleet server on it (``database_url`` comes from tests/conftest.py:
tests using it run on SQLite and on PostgreSQL)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import Client, StdioServerParameters
from mcp.server import Server

from servers.fleet.config import FleetSettings
from servers.fleet.local.fleetfile import load_fleet
from servers.fleet.tools import create_server
from tests._calls import call  # noqa: F401  (re-exported for the fleet tests)
from tests._processes import live_processes, marked_under
from tests._wait import eventually

AGENT = str(Path(__file__).with_name("agent.py"))

METADATA_TASKFILE = """
version: '3'
tasks:
  git_branch:
    desc: The name of the current git branch
    meta: {include_in_list: true}
    cmds: [git branch --show-current]
  pull_request_status:
    desc: The status of the pull request
    meta: {include_in_list: false}
    cmds: [echo open]
"""


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def make_repo(path: Path, taskfile: str | None = METADATA_TASKFILE) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "--quiet", "--initial-branch", "main")
    (path / "README.md").write_text("# a project\n")
    if taskfile is not None:
        (path / "Taskfile.yml").write_text(textwrap.dedent(taskfile))
    git(path, "add", "--all")
    git(path, "commit", "--quiet", "-m", "first")
    return path


def write_fleet(path: Path, projects: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump({"projects": projects}))
    return path


def agent_role(system_prompt: str | None = None) -> dict[str, Any]:
    role: dict[str, Any] = {"command": [sys.executable, AGENT, "{task}"]}
    if system_prompt:
        role["system_prompt"] = system_prompt
    return role


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "setup")


@pytest.fixture
def fleet_file(tmp_path: Path, repo: Path) -> Path:
    return write_fleet(
        tmp_path / "fleet.yaml",
        {
            "Setup": {
                "description": "This repository",
                "source": "setup",  # relative to the fleet file
                "roles": {"coder": agent_role(), "reviewer": agent_role("You review code.")},
                "default_role": "coder",
            }
        },
    )


@pytest.fixture
def settings(tmp_path: Path, fleet_file: Path, sqlite_url: str) -> FleetSettings:
    return fleet_settings(tmp_path, fleet_file, sqlite_url)


def fleet_settings(
    tmp_path: Path, fleet_file: Path, database_url: str, **changes: Any
) -> FleetSettings:
    given: dict[str, Any] = {
        "fleet": load_fleet(str(fleet_file), cwd=tmp_path, env={}),
        "database_url": database_url,
        "home": tmp_path / "home",
        "metadata_timeout": 5.0,
        "workspace": tmp_path,
    }
    return FleetSettings(**{**given, **changes})


@pytest.fixture
def server(settings: FleetSettings) -> Server[Any]:
    """The fleet server in process (connect with ``Client(server)``; its backend opens then)."""
    return create_server(settings)


@pytest.fixture(autouse=True)
def _no_fleet_settings_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    """The developer's own fleet settings never reach a test."""
    for name in list(os.environ):
        if name.startswith(("FLEET_", "CODER_")):
            monkeypatch.delenv(name)


@pytest.fixture(autouse=True)
def _no_task_left_behind(tmp_path: Path) -> Iterator[None]:
    """Whatever a test started under its tmp_path is stopped afterwards (and a test that checks
    for leftovers checks before this runs)."""
    yield
    for pid in {*live_processes(str(tmp_path)), *marked_under(tmp_path)}:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def stdio_params(tmp_path: Path, fleet_file: Path, database_url: str, **env: str) -> Any:
    return StdioServerParameters(
        command=sys.executable,
        args=[
            "-m",
            "servers.fleet",
            "--fleet-config",
            str(fleet_file),
            "--database-url",
            database_url,
        ],
        env={"XDG_DATA_HOME": str(tmp_path / "xdg-data"), "FLEET_METADATA_TIMEOUT": "5", **env},
        cwd=str(tmp_path),
    )


async def call_error(client: Client, tool: str, arguments: dict[str, Any], code: str) -> dict:
    """Call a tool expecting the contract's error body with ``code``, marked is_error."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.content
    assert result.structured_content is None  # clients check structured content against the schema
    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
    assert list(body) == ["error"] and list(body["error"]) == ["code", "message", "details"]
    assert body["error"]["code"] == code, body
    return body["error"]


async def wait_status(client: Client, name: str, *statuses: str, timeout: float = 30) -> dict:
    """Wait until the agent has one of ``statuses``; return it as show_agent does. A timeout
    says the status last seen (and the agent's attention, if any).

    It looks through list_agents, whose metadata may come from the cache: waiting does not run
    the workspace's Taskfile again and again."""
    seen: list[dict[str, Any]] = []

    async def check() -> bool:
        result = await client.call_tool("list_agents", {})
        agents = result.structured_content["agents"]  # type: ignore[index]
        seen[:] = [a for a in agents if a["name"].lower() == name.lower()]
        return any(a["status"] in statuses for a in seen)

    try:
        await eventually(check, timeout=timeout)
    except AssertionError as exc:
        last = {k: seen[0].get(k) for k in ("status", "attention")} if seen else "not listed"
        raise AssertionError(
            f"{exc}: agent {name!r} to be {' or '.join(statuses)}; last seen: {last}"
        ) from None
    result = await client.call_tool("show_agent", {"agent_name": name})
    return result.structured_content["agent"]  # type: ignore[index]


async def wait_log(client: Client, name: str, message: str, timeout: float = 20) -> None:
    """Wait until the agent's log holds ``message``."""

    async def check() -> bool:
        result = await client.call_tool("show_agent_log", {"agent_name": name, "page_size": 100})
        logs = result.structured_content["logs"]  # type: ignore[index]
        return any(entry["message"] == message for entry in logs)

    await eventually(check, timeout=timeout)


def worktree_of(repo: Path, name: str) -> Path:
    """The worktree of ``repo`` checked out on branch ``fleet/<name>``."""
    entries = git(repo, "worktree", "list", "--porcelain").split("\n\n")
    for entry in entries:
        fields = dict(line.split(" ", 1) for line in entry.splitlines() if " " in line)
        if fields.get("branch") == f"refs/heads/fleet/{name}":
            return Path(fields["worktree"])
    raise AssertionError(f"no worktree on fleet/{name}: {entries}")
