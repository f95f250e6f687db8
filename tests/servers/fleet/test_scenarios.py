"""The fleet as people run it: ``python -m servers.fleet`` over stdio, tasks that outlive the
server process, and two servers sharing one fleet (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from servers.fleet.tools import create_server
from tests._processes import live_processes
from tests.servers.fleet.conftest import (
    call,
    call_error,
    fleet_settings,
    git,
    stdio_params,
    wait_log,
    wait_status,
)

pytestmark = pytest.mark.processes


async def test_two_agents_side_by_side_over_stdio_leave_nothing_behind(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    """The issue's "done when": create two agents in worktrees, run a task in each at the same
    time, cancel one, read history, logs and metadata, delete both."""
    marker = f"side-{tmp_path.name}"
    with anyio.fail_after(60):
        secrets = {"MCP_SERVER_TOKEN": "not-for-agents-0123456789", "CODER_SESSION_TOKEN": "x"}
        async with Client(stdio_params(tmp_path, fleet_file, sqlite_url, **secrets)) as c:
            await call(
                c,
                "create_agent",
                {"name": "left", "project": "Setup", "task": f"lines=1 block {marker}"},
            )
            await call(
                c,
                "create_agent",
                {
                    "name": "right",
                    "project": "Setup",
                    "role": "reviewer",
                    "task": f"lines=1 block {marker}",
                },
            )
            await wait_log(c, "left", "waiting")
            await wait_log(c, "right", "waiting")
            both = await call(c, "list_agents", {"status_filter": "busy"})
            assert len(live_processes(marker)) >= 2  # both tasks run at the same time
            await call(c, "cancel_agent_task", {"agent_name": "left"})
            left = await wait_status(c, "left", "idle")
            right = await call(c, "show_agent", {"agent_name": "right"})
            history = await call(c, "show_agent_task_history", {"agent_name": "left"})
            logs = await call(c, "show_agent_log", {"agent_name": "left", "page_size": 3})
            everything = await call(c, "show_agent_log", {"agent_name": "left", "page_size": 100})
            deleted = [
                await call(c, "delete_agent", {"agent_name": name}) for name in ("left", "right")
            ]
            remaining = await call(c, "list_agents", {})
    assert sorted(a["name"] for a in both["agents"]) == ["left", "right"]
    assert {a["metadata"]["git_branch"] for a in both["agents"]} == {"fleet/left", "fleet/right"}
    assert left["metadata"]["git_branch"]["value"] == "fleet/left"
    assert right["agent"]["status"] == "busy" and right["agent"]["role"] == "reviewer"
    assert right["agent"]["metadata"]["pull_request_status"] == {
        "value": "open",
        "error": None,
        "schema": {"description": "The status of the pull request", "include_in_list": False},
    }
    assert [t["message"] for t in history["tasks"]] == [f"lines=1 block {marker}"]
    assert [e["message"] for e in logs["logs"]] == [
        "exited with status 130",
        "checkpoint: nothing changed",
        "interrupted",
    ]
    assert "secrets: none" in [e["message"] for e in everything["logs"]]
    assert all(d["message"].startswith("Agent '") for d in deleted)
    assert remaining == {"agents": [], "total_count": 0, "queue": []}
    assert git(repo, "worktree", "list", "--porcelain").count("worktree ") == 1
    assert git(repo, "branch", "--list", "fleet/*") == ""
    assert live_processes(marker) == []
    assert live_processes(str(tmp_path / "xdg-data")) == []  # no supervisor either


async def test_a_task_outlives_the_server_and_a_new_one_reads_it_back(
    tmp_path: Path, fleet_file: Path, sqlite_url: str
) -> None:
    marker = f"outlive-{tmp_path.name}"
    params = stdio_params(tmp_path, fleet_file, sqlite_url)
    with anyio.fail_after(60):
        async with Client(params) as first:
            await call(
                first,
                "create_agent",
                {"name": "night", "project": "Setup", "task": f"lines=1 block {marker}"},
            )
            await wait_log(first, "night", "waiting")
        # That server process has exited; the task runs on.
        assert live_processes(marker) != []
        async with Client(params) as second:
            agent = await wait_status(second, "night", "busy")
            latest = await call(second, "show_agent_log", {"agent_name": "night"})
            await call(second, "cancel_agent_task", {"agent_name": "night"})
            await wait_status(second, "night", "idle")
            await call(second, "delete_agent", {"agent_name": "night"})
    assert agent["last_task"] == f"lines=1 block {marker}"
    assert latest["logs"][0]["message"] == "waiting"
    assert live_processes(marker) == []


async def test_concurrent_creates_of_one_name_one_wins_one_conflicts(
    tmp_path: Path, fleet_file: Path, database_url: str
) -> None:
    settings = fleet_settings(tmp_path, fleet_file, database_url)
    results: list[Any] = [None, None]
    async with Client(create_server(settings)) as a, Client(create_server(settings)) as b:

        async def create(index: int, client: Client, name: str) -> None:
            results[index] = await client.call_tool(
                "create_agent", {"name": name, "project": "Setup", "task": "lines=0"}
            )

        with anyio.fail_after(30):
            async with anyio.create_task_group() as tg:
                tg.start_soon(create, 0, a, "same")
                tg.start_soon(create, 1, b, "SAME")
        assert sorted(r.is_error for r in results) == [False, True]
        (loser,) = [r for r in results if r.is_error]
        assert '"code":"CONFLICT"' in loser.content[0].text
        listed = await call(a, "list_agents", {})
        assert [x["name"] for x in listed["agents"]] in (["same"], ["SAME"])

        # Two starts on one idle agent at once: one runs, one is told the agent is busy.
        name = listed["agents"][0]["name"]
        await wait_status(a, name, "idle")
        starts: list[Any] = [None, None]

        async def start(index: int, client: Client) -> None:
            starts[index] = await client.call_tool(
                "start_agent_task", {"agent_name": name, "task_description": "lines=0 block"}
            )

        with anyio.fail_after(30):
            async with anyio.create_task_group() as tg:
                tg.start_soon(start, 0, a)
                tg.start_soon(start, 1, b)
        assert sorted(r.is_error for r in starts) == [False, True]
        (busy,) = [r for r in starts if r.is_error]
        assert '"code":"CONFLICT"' in busy.content[0].text
        history = await call(b, "show_agent_task_history", {"agent_name": name})
        assert history["total_count"] == 2
        await call(b, "delete_agent", {"agent_name": name})


async def test_a_lost_supervisor_reads_as_stopped_until_a_restart(
    tmp_path: Path, fleet_file: Path, sqlite_url: str
) -> None:
    import json
    import os
    import signal

    settings = fleet_settings(tmp_path, fleet_file, sqlite_url)
    async with Client(create_server(settings)) as c:
        await call(c, "create_agent", {"name": "lost", "project": "Setup", "task": "block"})
        await wait_log(c, "lost", "waiting")
        (run,) = (tmp_path / "home" / "agents").glob("*/runs/*/run.json")
        os.kill(json.loads(run.read_text())["supervisor"]["pid"], signal.SIGKILL)
        await wait_status(c, "lost", "stopped")
        refused = await call_error(
            c, "start_agent_task", {"agent_name": "lost", "task_description": "x"}, "INVALID_INPUT"
        )
        restarted = await call(c, "restart_agent", {"agent_name": "lost"})
        await call(c, "start_agent_task", {"agent_name": "lost", "task_description": "lines=0"})
        await wait_status(c, "lost", "idle")
    assert refused["message"] == (
        "Agent 'lost' is stopped and cannot take a task; restart it first (restart_agent)"
    )
    assert restarted["status"] == "idle"
    assert live_processes(str(tmp_path)) == []


async def test_done_when_two_work_at_once_one_merges_one_conflicts_a_third_waits(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    """Issue 26's "done when", over stdio with ``python -m servers.fleet``: on a scratch
    repository with max_busy_agents 2, two agents work at once and a third waits in the queue;
    their diffs are read; one is merged into the base branch and the other is refused on the
    conflict, its file named."""
    from tests.servers.fleet.conftest import agent_role, call_error, write_fleet

    fleet = write_fleet(
        tmp_path / "two.yaml",
        {"Setup": {"source": str(repo), "roles": {"coder": agent_role()}, "max_busy_agents": 2}},
    )
    marker = f"done-when-{tmp_path.name}"
    with anyio.fail_after(120):
        async with Client(stdio_params(tmp_path, fleet, sqlite_url)) as c:
            for name, text in [("left", "left"), ("right", "right")]:
                task = f"lines=1 write=app.txt={text} block {marker}"
                await call(c, "create_agent", {"name": name, "project": "Setup", "task": task})
            third = await call(
                c, "create_agent", {"name": "third", "project": "Setup", "task": "lines=0"}
            )
            await wait_log(c, "left", "waiting")
            await wait_log(c, "right", "waiting")
            at_once = await call(c, "list_agents", {})
            running = len(live_processes(marker))
            for name in ("left", "right"):
                await call(c, "cancel_agent_task", {"agent_name": name})
            await wait_status(c, "left", "idle")
            await wait_status(c, "right", "idle")
            await wait_status(c, "third", "idle")  # it started once a slot freed
            diffs = {
                name: await call(c, "show_agent_diff", {"agent_name": name})
                for name in ("left", "right")
            }
            merged = await call(c, "merge_agent_work", {"agent_name": "left"})
            base = git(repo, "rev-parse", "main")
            conflict = await call_error(c, "merge_agent_work", {"agent_name": "right"}, "CONFLICT")
    statuses = {a["name"]: a["status"] for a in at_once["agents"]}
    assert statuses == {"left": "busy", "right": "busy", "third": "queued"}
    assert [q["agent_name"] for q in at_once["queue"]] == ["third"] and running >= 2
    assert third["agent"]["status"] == "queued"
    for name, diff in diffs.items():
        (changed,) = diff["files"]
        assert changed["path"] == "app.txt" and f"+{name}" in changed["patch"]
    assert merged["commits"] == 1 and merged["base_branch"] == "main"
    assert (repo / "app.txt").read_text() == "left\n"
    assert conflict["details"]["conflicts"] == ["app.txt"]
    assert "1 file(s) conflict (app.txt); nothing was changed" in conflict["message"]
    assert git(repo, "rev-parse", "main") == base
    assert live_processes(marker) == []
