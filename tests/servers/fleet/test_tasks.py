"""``create_agent`` and ``start_agent_task`` as tasks, against the real fleet server (stdio and
streamable HTTP processes, both wires, SQLite and PostgreSQL): the task follows the agent's run
(working while it runs, completed when it ends, the tool's result then); ``tasks/cancel`` from a
second server process on the same database cancels the run and ends the agent's process; a
call without a task is unchanged."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from orchestrator import _task_wire as wire
from tests._http_server import http_process
from tests._processes import live_processes
from tests._wait import eventually
from tests.servers.fleet.conftest import call, stdio_params, wait_status

pytestmark = pytest.mark.processes

MODES = ["legacy", "2026-07-28"]


async def _status(client: Client, task_id: str, *wanted: str) -> wire.TaskState:
    async def check() -> wire.TaskState | None:
        state = await wire.get(client, task_id)
        return state if state.status in wanted else None

    return await eventually(check, timeout=30, what=f"task {task_id} {' or '.join(wanted)}")


@pytest.mark.parametrize("mode", MODES)
async def test_a_create_agent_task_is_cancelled_from_another_process_and_the_agent_stops(
    tmp_path: Path, fleet_file: Path, database_url: str, mode: str
) -> None:
    marker = f"tasked-{uuid.uuid4().hex}"
    params = stdio_params(tmp_path, fleet_file, database_url)
    with anyio.fail_after(90):
        async with Client(params, mode=mode) as first:  # type: ignore[arg-type]
            tools = {t.name: t for t in (await first.list_tools()).tools}
            started = await wire.start(
                first,
                "create_agent",
                {"name": "tasked", "project": "Setup", "task": f"lines=0 block {marker}"},
            )
            assert isinstance(started, wire.TaskState) and started.status == "working"
            await eventually(lambda: live_processes(marker), timeout=30, what="the agent runs")
            busy = await wait_status(first, "tasked", "busy")
            async with Client(params, mode=mode) as second:  # type: ignore[arg-type]
                there = await _status(second, started.task_id, "working")
                await wire.cancel(second, started.task_id)
                after = await wire.get(first, started.task_id)
            idle = await wait_status(first, "tasked", "idle", "failed")
            await eventually(lambda: not live_processes(marker), timeout=10, what="agent gone")
    if mode == "legacy":
        assert tools["create_agent"].execution is not None
        assert tools["create_agent"].execution.task_support == "optional"
        assert tools["start_agent_task"].execution is not None
        assert tools["list_agents"].execution is None
    assert busy["status"] == "busy"
    assert "tasked" in (there.status_message or "")  # the agent's status, said by the task
    assert after.status == "cancelled"
    assert idle["status"] in ("idle", "failed")


@pytest.mark.parametrize("mode", MODES)
async def test_over_http_a_start_agent_task_task_completes_when_the_run_ends(
    tmp_path: Path, fleet_file: Path, sqlite_url: str, mode: str
) -> None:
    args = ["--fleet-config", str(fleet_file), "--database-url", sqlite_url]
    env = {"FLEET_STATE_DIR": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path)}
    with anyio.fail_after(90):
        async with (
            http_process("servers.fleet", *args, env=env) as server,
            Client(server.url, mode=mode) as c,  # type: ignore[arg-type]
        ):
            created = await call(  # a call without a task: answered at once, as before
                c, "create_agent", {"name": "worker", "project": "Setup", "task": "lines=1"}
            )
            await wait_status(c, "worker", "idle")
            started = await wire.start(
                c,
                "start_agent_task",
                {"agent_name": "worker", "task_description": "lines=2 delay=0.5"},
            )
            assert isinstance(started, wire.TaskState)
            working = await wire.get(c, started.task_id)
            result = await wire.follow(c, started)
            agent = await call(c, "show_agent", {"agent_name": "worker"})
    assert created["agent"]["name"] == "worker"
    assert working.status == "working"
    assert not result.is_error
    body: dict[str, Any] = result.structured_content or {}
    assert body["agent_name"] == "worker" and body["message"].startswith("Task assigned")
    assert agent["agent"]["status"] == "idle"
    assert agent["agent"]["last_task"] == "lines=2 delay=0.5"


async def test_a_task_whose_server_stopped_is_followed_on_by_the_next_server_asked(
    tmp_path: Path, fleet_file: Path, sqlite_url: str
) -> None:
    marker = f"adopted-{uuid.uuid4().hex}"
    params = stdio_params(tmp_path, fleet_file, sqlite_url)
    with anyio.fail_after(90):
        async with Client(params, mode="legacy") as first:
            started = await wire.start(
                first,
                "create_agent",
                {"name": "orphan", "project": "Setup", "task": f"lines=0 block {marker}"},
            )
            assert isinstance(started, wire.TaskState)
            # The call has returned and its run is followed: the agent's status is the message.
            await eventually(
                lambda: _said(first, started.task_id, "is busy"), timeout=30, what="followed"
            )
        # That server process has stopped; the agent goes on under its supervisor.
        assert live_processes(marker)
        async with Client(params, mode="legacy") as second:
            still = await wire.get(second, started.task_id)
            await call(second, "cancel_agent_task", {"agent_name": "orphan"})  # the run ends
            done = await _status(second, started.task_id, "completed", "failed")
            result = await wire.result(second, started.task_id)
    assert still.status == "working"
    assert done.status == "completed"
    assert (result.structured_content or {})["agent"]["name"] == "orphan"


async def _said(client: Client, task_id: str, words: str) -> bool:
    return words in ((await wire.get(client, task_id)).status_message or "")
