"""At most ``max_busy_agents`` tasks of a project run at once; the rest wait in a queue that
any server process sharing the fleet starts from when a slot frees."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from servers.fleet.local._store import open_store
from servers.fleet.local._tasks import LocalTasks
from servers.fleet.local.backend import LocalBackend
from servers.fleet.local.fleetfile import load_fleet
from servers.fleet.tools import create_server
from tests.servers.fleet.conftest import (
    agent_role,
    call,
    call_error,
    fleet_settings,
    stdio_params,
    wait_log,
    wait_status,
    write_fleet,
)

pytestmark = pytest.mark.processes


def limited_fleet(tmp_path: Path, repo: Path, limit: int) -> Path:
    return write_fleet(
        tmp_path / "limited.yaml",
        {
            "Setup": {
                "source": str(repo),
                "roles": {"coder": agent_role()},
                "max_busy_agents": limit,
            }
        },
    )


async def test_beyond_the_limit_tasks_queue_and_start_when_a_slot_frees_across_processes(
    tmp_path: Path, repo: Path, database_url: str
) -> None:
    fleet = limited_fleet(tmp_path, repo, 1)
    here = create_server(fleet_settings(tmp_path, fleet, database_url))
    with anyio.fail_after(90):
        async with (
            Client(stdio_params(tmp_path, fleet, database_url)) as there,
            Client(here) as c,
        ):
            await call(there, "create_agent", {"name": "one", "project": "Setup", "task": "block"})
            await wait_log(c, "one", "waiting")
            two = await call(c, "create_agent", {"name": "two", "project": "Setup", "task": "x"})
            three = await call(
                c, "create_agent", {"name": "three", "project": "Setup", "task": "block"}
            )
            busy = await call_error(
                c, "start_agent_task", {"agent_name": "two", "task_description": "y"}, "CONFLICT"
            )
            listed = await call(there, "list_agents", {})
            unqueued = await call(there, "cancel_agent_task", {"agent_name": "three"})
            dropped = await call(c, "show_agent", {"agent_name": "three"})
            queue_after_drop = (await call(c, "list_agents", {}))["queue"]
            interrupted = await call(there, "cancel_agent_task", {"agent_name": "one"})
            ran = await wait_status(c, "two", "idle")
            logs = await call(c, "show_agent_log", {"agent_name": "two", "page_size": 100})
            history = await call(c, "show_agent_task_history", {"agent_name": "three"})
            await wait_status(c, "one", "idle")
            one = await call(c, "show_agent_task_history", {"agent_name": "one"})
            two_history = await call(c, "show_agent_task_history", {"agent_name": "two"})
    assert two["agent"]["status"] == "queued"
    assert two["message"] == "Agent 'two' created successfully (its task waits in the queue)"
    assert three["agent"]["status"] == "queued"
    assert busy["message"] == "Agent 'two' is waiting in the queue; cancel it or wait until it ends"
    statuses = {a["name"]: a["status"] for a in listed["agents"]}
    assert statuses == {"one": "busy", "two": "queued", "three": "queued"}
    assert [(q["agent_name"], q["position"], q["task"]) for q in listed["queue"]] == [
        ("two", 1, "x"),
        ("three", 2, "block"),
    ]
    # A queued task is taken out of the queue, not said to be interrupted; a running one is.
    assert unqueued == {
        "agent_name": "three",
        "message": "The queued task of agent 'three' was taken out of the queue before it started",
        "interrupt_sent": False,
    }
    assert interrupted["interrupt_sent"] is True
    assert interrupted["message"] == "Interrupt signal sent to agent 'one'"
    assert dropped["agent"]["status"] == "idle" and queue_after_drop[0]["agent_name"] == "two"
    assert len(queue_after_drop) == 1
    assert ran["needs_user_attention"] is True  # it ran, and finished
    assert "done" in [e["message"] for e in logs["logs"]]
    # Its one task never ran: the history says so, and it is no last task of the agent's.
    assert [(t["message"], t["status"], t["needs_user_attention"], t["usage"])
            for t in history["tasks"]] == [("block", "cancelled", False, None)]  # fmt: skip
    assert dropped["agent"]["last_task"] is None and not dropped["agent"]["needs_user_attention"]
    assert [(t["message"], t["status"]) for t in one["tasks"]] == [("block", "interrupted")]
    assert [(t["message"], t["status"]) for t in two_history["tasks"]] == [("x", "finished")]


def test_the_default_limit_is_the_machines_cores(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    unlimited = write_fleet(
        tmp_path / "unlimited.yaml",
        {"Setup": {"source": str(repo), "roles": {"coder": agent_role()}}},
    )
    store = open_store(sqlite_url)
    try:
        fleet = load_fleet(str(unlimited), cwd=tmp_path, env={})
        tasks = LocalTasks(fleet, store, tmp_path, lambda: datetime.now(UTC))
        two = LocalTasks(load_fleet(str(limited_fleet(tmp_path, repo, 2)), cwd=tmp_path, env={}),
                         store, tmp_path, lambda: datetime.now(UTC))  # fmt: skip
    finally:
        store.close()
    assert tasks.limit("Setup") == (os.cpu_count() or 1) and two.limit("setup") == 2


async def test_start_agent_task_says_when_it_queued(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    fleet = limited_fleet(tmp_path, repo, 1)
    async with Client(create_server(fleet_settings(tmp_path, fleet, sqlite_url))) as c:
        await call(c, "create_agent", {"name": "a", "project": "Setup", "task": "lines=0"})
        await call(c, "create_agent", {"name": "b", "project": "Setup", "task": "lines=0"})
        await wait_status(c, "a", "idle")
        await wait_status(c, "b", "idle")
        await call(c, "start_agent_task", {"agent_name": "a", "task_description": "block"})
        started: dict[str, Any] = await call(
            c, "start_agent_task", {"agent_name": "b", "task_description": "lines=0"}
        )
        await call(c, "cancel_agent_task", {"agent_name": "a"})
        await wait_status(c, "b", "idle")
    assert started["queued"] is True
    assert started["message"] == (
        "Task assigned to agent 'b' (it waits in the queue for a free slot)"
    )


async def test_a_task_taken_out_of_the_queue_leaves_the_agent_as_its_task_before_left_it(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    fleet = limited_fleet(tmp_path, repo, 1)
    async with Client(create_server(fleet_settings(tmp_path, fleet, sqlite_url))) as c:
        await call(c, "create_agent", {"name": "a", "project": "Setup", "task": "lines=0"})
        await wait_status(c, "a", "idle")
        await call(c, "create_agent", {"name": "b", "project": "Setup", "task": "block"})
        await wait_log(c, "b", "waiting")  # b holds the one slot
        queued = await call(c, "start_agent_task", {"agent_name": "a", "task_description": "two"})
        unqueued = await call(c, "cancel_agent_task", {"agent_name": "a"})
        shown = (await call(c, "show_agent", {"agent_name": "a"}))["agent"]
        history = await call(c, "show_agent_task_history", {"agent_name": "a"})
        await call(c, "cancel_agent_task", {"agent_name": "b"})
        await wait_status(c, "b", "idle")
        again = await call(
            c, "start_agent_task", {"agent_name": "a", "task_description": "lines=1"}
        )
        await wait_status(c, "a", "idle")
        after = await call(c, "show_agent_task_history", {"agent_name": "a"})
    assert queued["queued"] is True and unqueued["interrupt_sent"] is False
    # The agent is what its finished task left: that task, its attention; not the one that
    # never ran.
    assert (shown["status"], shown["last_task"], shown["needs_user_attention"]) == (
        "idle", "lines=0", True,
    )  # fmt: skip
    assert [(t["message"], t["status"], t["needs_user_attention"]) for t in history["tasks"]] == [
        ("two", "cancelled", False),
        ("lines=0", "finished", True),
    ]
    assert again["queued"] is False  # the next task starts as any other
    assert [(t["message"], t["status"]) for t in after["tasks"]] == [
        ("lines=1", "finished"),
        ("two", "cancelled"),
        ("lines=0", "finished"),
    ]


async def test_list_agents_never_shows_an_agent_queued_beside_a_queue_without_it(
    tmp_path: Path, repo: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trial 6: agents "queued" beside `"queue": []` in one answer, the agents and the queue
    read apart while a task left the queue. Here the first read of the queue misses it (as if
    read across that moment): the listing reads both again and agrees with itself."""
    fleet = limited_fleet(tmp_path, repo, 1)
    async with Client(create_server(fleet_settings(tmp_path, fleet, sqlite_url))) as c:
        await call(c, "create_agent", {"name": "a", "project": "Setup", "task": "block"})
        await wait_log(c, "a", "waiting")
        await call(c, "create_agent", {"name": "b", "project": "Setup", "task": "lines=0"})
        await wait_status(c, "b", "queued")
        reads: list[int] = []
        real_queue = LocalBackend.queue

        async def queue_missed_once(self: LocalBackend) -> list[Any]:
            reads.append(1)
            return [] if len(reads) == 1 else await real_queue(self)

        monkeypatch.setattr(LocalBackend, "queue", queue_missed_once)
        listed: dict[str, Any] = await call(c, "list_agents", {})
        await call(c, "cancel_agent_task", {"agent_name": "a"})
        await wait_status(c, "b", "idle")
    queued = {a["name"] for a in listed["agents"] if a["status"] == "queued"}
    assert queued == {"b"} and [q["agent_name"] for q in listed["queue"]] == ["b"]
    assert len(reads) >= 2
