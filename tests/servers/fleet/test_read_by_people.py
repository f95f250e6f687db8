"""What a person reads of the fleet through the orchestrator's one-shot (offline router), on
agents made through a real MCP client session against the real server and real git: a listing
says each agent's branch (a workspace field listed with it, ``git_branch``), on a terminal and
piped; a diff is its summary line, then the patch as the server gave it, in a fenced block."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import Client

from orchestrator._listing import listings_of, render
from orchestrator.result import ToolCall
from tests.servers.fleet.conftest import call, stdio_params, wait_status

pytestmark = pytest.mark.processes


def one_shot(tmp_path: Path, params: Any, request: str) -> str:
    """The orchestrator's answer to ``request`` over the same fleet, piped (plain text)."""
    config = tmp_path / "mcp_agent.config.yaml"
    server = {"command": params.command, "args": params.args, "env": params.env, "cwd": params.cwd}
    settings = {"mcp": {"servers": {"fleet": server}}, "orchestrator": {"provider": "offline"}}
    config.write_text(yaml.safe_dump(settings))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "d")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "c")
    done = subprocess.run(
        [sys.executable, "-m", "orchestrator", "--config", str(config), "--no-cache", request],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_a_listing_says_each_agents_branch(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    params = stdio_params(tmp_path, fleet_file, sqlite_url)
    async with Client(params) as c:
        for name in ("alpha", "beta"):
            await call(c, "create_agent", {"name": name, "project": "Setup", "task": "lines=1"})
        for name in ("alpha", "beta"):
            await wait_status(c, name, "idle")
        listed = await call(c, "list_agents", {})
    assert {a["name"]: a["metadata"] for a in listed["agents"]} == {
        "alpha": {"git_branch": "fleet/alpha"},
        "beta": {"git_branch": "fleet/beta"},
    }
    (listing,) = listings_of(ToolCall("list_agents", "fleet", {}, "ok", listed))
    head, *rows = render(listing, 100)
    assert head.split()[-2:] == ["GIT", "BRANCH"]  # on a terminal: a column
    assert sorted(row.split()[-1] for row in rows) == ["fleet/alpha", "fleet/beta"]
    answer = one_shot(tmp_path, params, "list my agents")  # piped: a line each
    lines = {line.split()[1]: line for line in answer.splitlines() if line.startswith("- ")}
    assert "git branch fleet/alpha" in lines["alpha"], answer
    assert "git branch fleet/beta" in lines["beta"], answer


async def test_a_diff_reads_as_a_summary_then_the_patch_as_is(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    params = stdio_params(tmp_path, fleet_file, sqlite_url)
    task = "write=notes.txt=hello lines=1"
    async with Client(params) as c:
        await call(c, "create_agent", {"name": "writer", "project": "Setup", "task": task})
        await wait_status(c, "writer", "idle")
        diff = await call(c, "show_agent_diff", {"agent_name": "writer"})
    (patched,) = diff["files"]
    patch = patched["patch"]
    assert patch.startswith("diff --git a/notes.txt b/notes.txt\n") and "\n+hello" in patch
    answer = one_shot(tmp_path, params, "show the diff of agent writer")
    summary = "- notes.txt (status added; insertions 1; deletions 0; binary False; truncated False)"
    assert f"{summary}\n```diff\n{patch.rstrip()}\n```" in answer, answer
    assert "patch diff" not in answer  # not in the summary's parentheses
