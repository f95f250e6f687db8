"""No process outlives its task: not one that calls setsid, not after its supervisor is killed
with SIGKILL; and what the task left in its worktree is committed all the same."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server import Server

from tests._processes import live_processes
from tests._wait import eventually
from tests.servers.fleet.conftest import (
    call,
    git,
    stdio_params,
    wait_log,
    wait_status,
    worktree_of,
)

pytestmark = pytest.mark.processes


def supervisor_pid(home: Path) -> int:
    (run,) = home.glob("agents/*/runs/*/run.json")
    return int(json.loads(run.read_text())["supervisor"]["pid"])


async def gone(marker: str) -> bool:
    return live_processes(marker) == []


async def test_a_child_that_calls_setsid_ends_with_its_task(
    server: Server[Any], tmp_path: Path
) -> None:
    marker = f"setsid-{tmp_path.name}"
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "d", "project": "Setup", "task": f"daemon {marker}"})
        await wait_status(c, "d", "idle")
        logs = await call(c, "show_agent_log", {"agent_name": "d", "page_size": 100})
    messages = [e["message"] for e in logs["logs"]]
    assert "daemon started" in messages
    assert "ended 1 process(es) the task left running" in messages
    assert live_processes(marker) == []


@pytest.mark.parametrize("tool", ["restart_agent", "delete_agent"])
async def test_after_the_supervisor_is_killed_restart_and_delete_leave_no_process(
    tool: str, server: Server[Any], tmp_path: Path, repo: Path
) -> None:
    marker = f"orphan-{tool}-{tmp_path.name}"
    async with Client(server) as c:
        await call(
            c,
            "create_agent",
            {"name": "o", "project": "Setup", "task": f"lines=0 daemon touch=f.txt block {marker}"},
        )
        await wait_log(c, "o", "waiting")
        assert len(live_processes(marker)) >= 2  # the task, and the child that left its session
        worktree = worktree_of(repo, "o")
        os.kill(supervisor_pid(tmp_path / "home"), signal.SIGKILL)
        stopped = await wait_status(c, "o", "stopped")
        arguments: dict[str, Any] = {"agent_name": "o"}
        if tool == "delete_agent":
            arguments["force"] = True
        await call(c, tool, arguments)
        await eventually(lambda: gone(marker), timeout=5)
        if tool == "restart_agent":
            after = await call(c, "show_agent", {"agent_name": "o"})
            assert after["agent"]["status"] == "idle"
            # The work the task left is committed on its branch, by the server this time.
            subject = git(worktree, "log", "-1", "--format=%s")
            assert subject.startswith("fleet: checkpoint after 'lines=0 daemon touch=f.txt")
            assert git(worktree, "status", "--porcelain") == ""
    assert stopped["status"] == "stopped"


async def test_a_server_killed_while_making_an_agent_leaves_it_failed_not_starting(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    """``git worktree add`` runs the repository's post-checkout hook, which here holds the
    server inside create_agent until the test has killed it (SIGKILL)."""
    fifo, ready = tmp_path / "hold", tmp_path / "ready"
    os.mkfifo(fifo)
    hook = repo / ".git" / "hooks" / "post-checkout"
    hook.write_text(f"#!/bin/sh\ntouch {ready}\ncat {fifo} > /dev/null\n")
    hook.chmod(0o755)
    params = stdio_params(tmp_path, fleet_file, sqlite_url)

    async def create(c: Client) -> None:
        with contextlib.suppress(Exception):  # its server dies under it
            await c.call_tool("create_agent", {"name": "cut", "project": "Setup", "task": "x"})

    with anyio.fail_after(60):
        async with contextlib.AsyncExitStack() as stack:
            c = await stack.enter_async_context(Client(params))
            async with anyio.create_task_group() as tg:
                tg.start_soon(create, c)
                await eventually(lambda: _exists(ready))
                (pid,) = live_processes(f"servers.fleet --fleet-config {fleet_file}")
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(Exception):
                await stack.aclose()
        with open(fifo, "w"):  # the hook may finish now
            pass
        hook.unlink()
        async with Client(stdio_params(tmp_path, fleet_file, sqlite_url)) as c:
            shown = await call(c, "show_agent", {"agent_name": "cut"})
            deleted = await call(c, "delete_agent", {"agent_name": "cut"})
    agent = shown["agent"]
    assert agent["status"] == "failed"
    assert agent["attention_reason"] == (
        f"failed: the fleet server creating it (pid {pid}) stopped half-way; delete it, or "
        "restart it to finish it"
    )
    assert deleted["message"] == "Agent 'cut' deleted successfully"
    assert git(repo, "branch", "--list", "fleet/cut") == ""


async def _exists(path: Path) -> bool:
    return path.exists()
