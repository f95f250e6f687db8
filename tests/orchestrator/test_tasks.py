"""The orchestrator as a task requestor, in subprocesses against the real fleet server (the
fleet tests' agent script as its agent CLI): a one-shot with `--detach` leaves `create_agent`
running as a task on a fleet served over HTTP and says its id; `orchestrator tasks` lists it;
`orchestrator tasks result ID` in a new process follows it to the end and prints the tool's
result; unknown ids and finished tasks are refused clearly. Then, in process over stdio on both
wires, a call made as a task is followed to its result with its status as progress, and a
cancelled call (Ctrl-C, `--timeout`) cancels its task and so the agent's run. (A task whose
stdio server stopped is followed on by the next server asked: tests/servers/fleet.)"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import _task_wire as task_wire
from orchestrator.config import load_config
from orchestrator.core import Orchestrator
from orchestrator.errors import UsageError
from orchestrator.handlers import ClientHandlers, Progress
from orchestrator.tasks import TaskEntry, TaskPolicy, TaskStore, left_running_text
from tests._http_server import http_process
from tests._processes import live_processes
from tests._wait import eventually
from tests.servers.bundled import FLEET

pytestmark = pytest.mark.processes


def _fleet_entry(tmp_path: Path) -> dict[str, Any]:
    database = f"sqlite:///{tmp_path / 'fleet.db'}"
    return {
        "command": sys.executable,
        "args": ["-m", "servers.fleet", *FLEET.server_args(tmp_path), "--database-url", database],
        "env": {"XDG_DATA_HOME": str(tmp_path / "data"), "FLEET_STATE_DIR": str(tmp_path / "h")},
    }


async def _run(config: Path, tmp_path: Path, *words: str) -> Any:
    command = [sys.executable, "-m", "orchestrator", "--config", str(config), *words]
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "ORCHESTRATOR_DAEMON": "0"}
    with anyio.fail_after(90):
        return await anyio.run_process(command, env=env, check=False)


async def test_a_detached_one_shot_task_is_fetched_later_by_id_in_a_new_process(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    database = f"sqlite:///{tmp_path / 'fleet.db'}"
    served = {"XDG_DATA_HOME": str(tmp_path / "data"), "FLEET_STATE_DIR": str(tmp_path / "h")}
    args = [*FLEET.server_args(tmp_path), "--database-url", database]
    async with http_process("servers.fleet", *args, env=served) as server:
        config = write_config({"fleet": {"transport": "streamable_http", "url": server.url}})
        await _fetched_later(config, tmp_path)


async def test_fetching_or_cancelling_a_task_starts_only_its_own_server(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    """`tasks result ID` and `tasks cancel ID` start the task's server and no other: beside it,
    a server that hangs at start-up and a required one that fails are not started (before, both
    were: the result waited out the start-up timeout and then failed on the required one)."""
    started = tmp_path / "started"
    started.mkdir()
    scripts = {"slow": "exec sleep 60", "broken": "exit 1"}
    for name, body in scripts.items():
        script = tmp_path / f"{name}.sh"
        script.write_text(f"#!/bin/sh\ntouch {started / name}\n{body}\n")
        script.chmod(0o755)
    database = f"sqlite:///{tmp_path / 'fleet.db'}"
    served = {"XDG_DATA_HOME": str(tmp_path / "data"), "FLEET_STATE_DIR": str(tmp_path / "h")}
    args = [*FLEET.server_args(tmp_path), "--database-url", database]
    async with http_process("servers.fleet", *args, env=served) as server:
        fleet = {"transport": "streamable_http", "url": server.url}
        alone = write_config({"fleet": fleet})
        request = 'create an agent named worker on project Setup with the task "lines=1 delay=0.2"'
        detached = await _run(alone, tmp_path, "--provider", "offline", "--detach", request)
        assert detached.returncode == 0, detached.stderr.decode()
        (entry,) = TaskStore(tmp_path / "state" / "mcp-orchestrator" / "tasks").entries()
        config = write_config(
            {
                "fleet": fleet,
                "slow": {"command": str(tmp_path / "slow.sh")},
                "broken": {"command": str(tmp_path / "broken.sh"), "required": True},
            },
            name="beside.config.yaml",
        )
        fetched = await _run(config, tmp_path, "tasks", "result", entry.task_id, "--json")
        cancelled = await _run(config, tmp_path, "tasks", "cancel", entry.task_id)
    assert fetched.returncode == 0, fetched.stderr.decode()
    assert json.loads(fetched.stdout)["structuredContent"]["agent"]["name"] == "worker"
    assert cancelled.returncode == 1  # the server was asked: the task has ended
    assert "is already completed: it cannot be cancelled" in cancelled.stderr.decode()
    assert sorted(p.name for p in started.iterdir()) == [], "no other server was started"


async def _fetched_later(config: Path, tmp_path: Path) -> None:
    request = 'create an agent named worker on project Setup with the task "lines=2 delay=0.5"'
    detached = await _run(config, tmp_path, "--provider", "offline", "--json", "--detach", request)
    said = detached.stderr.decode()
    assert detached.returncode == 0, said
    (entry,) = TaskStore(tmp_path / "state" / "mcp-orchestrator" / "tasks").entries()
    assert (entry.server, entry.tool, entry.status) == ("fleet", "create_agent", "working")
    assert f"orchestrator tasks result {entry.task_id}" in said
    # The answer says it was started, not that it was made (its outcome is not known yet)
    transcript = json.loads(detached.stdout)
    *_, call = transcript["tool_calls"]
    assert (call["tool"], call["status"]) == ("create_agent", "started")  # before: "ok"
    assert transcript["answer"] == left_running_text(entry)  # before: 'Created agent “worker”'
    assert transcript["done"] is True  # it was started, as asked
    listed = await _run(config, tmp_path, "tasks")
    fetched = await _run(config, tmp_path, "tasks", "result", entry.task_id[:8], "--json")
    after = await _run(config, tmp_path, "tasks", "--json")
    again = await _run(config, tmp_path, "tasks", "cancel", entry.task_id)
    unknown = await _run(config, tmp_path, "tasks", "result", "no-such-task")
    assert listed.returncode == 0
    shown = listed.stdout.decode()  # as its server says now: it may have ended already
    assert entry.task_id in shown and ("working" in shown or "completed" in shown)
    assert fetched.returncode == 0, fetched.stderr.decode()
    result = json.loads(fetched.stdout)
    assert result["structuredContent"]["agent"]["name"] == "worker"
    assert result["structuredContent"]["message"] == "Agent 'worker' created successfully"
    assert [t["status"] for t in json.loads(after.stdout)] == ["completed"]
    assert again.returncode == 1
    assert "is already completed: it cannot be cancelled" in again.stderr.decode()
    assert unknown.returncode == 2
    assert "task ID 'no-such-task': no task of this user has it" in unknown.stderr.decode()


@pytest.mark.parametrize("protocol", ["legacy", "modern"])
async def test_a_call_made_as_a_task_is_followed_and_cancelling_it_cancels_the_task(
    tmp_path: Path, write_config: Callable[..., Path], protocol: str
) -> None:
    entry = {**_fleet_entry(tmp_path), "protocol": protocol}
    settings = load_config(str(write_config({"fleet": entry})))
    seen: list[Progress] = []
    kept: list[TaskEntry] = []
    handlers = ClientHandlers(progress=seen.append, tasks=TaskPolicy(record=kept.append))
    marker = f"blocked-{uuid.uuid4().hex}"
    with anyio.fail_after(90):
        async with Orchestrator(settings, model_needed=False, handlers=handlers) as orch:
            done = await orch.discovery.call(
                "create_agent",
                {"name": "quick", "project": "Setup", "task": "lines=1 delay=0.5"},
            )
            call = asyncio.ensure_future(
                orch.discovery.call(
                    "create_agent",
                    {"name": "slow", "project": "Setup", "task": f"lines=0 block {marker}"},
                )
            )
            await eventually(lambda: live_processes(marker), timeout=30, what="the agent runs")
            call.cancel()  # as Ctrl-C or --timeout does
            with pytest.raises(asyncio.CancelledError):
                await call
            await eventually(lambda: not live_processes(marker), timeout=15, what="agent gone")
    assert not done.is_error
    assert (done.structured_content or {})["agent"]["name"] == "quick"
    assert any(p.tool == "create_agent" and "task working" in (p.message or "") for p in seen)
    assert seen[0].describe().startswith("fleet.create_agent: task working")
    statuses = {(e.tool, e.status) for e in kept}
    assert ("create_agent", "completed") in statuses and ("create_agent", "cancelled") in statuses


@pytest.mark.parametrize("protocol", ["legacy", "modern"])
async def test_a_call_cancelled_while_its_task_is_being_started_cancels_the_task(
    tmp_path: Path,
    write_config: Callable[..., Path],
    protocol: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server has made the task and started its agent, and the caller is cancelled before
    it has taken the answer (a loaded machine): the task is cancelled all the same."""
    real_start = task_wire.start
    made = asyncio.Event()

    async def slow_to_take_the_answer(*args: Any, **kwargs: Any) -> Any:
        started = await real_start(*args, **kwargs)
        made.set()
        await asyncio.sleep(1)
        return started

    monkeypatch.setattr(task_wire, "start", slow_to_take_the_answer)
    entry = {**_fleet_entry(tmp_path), "protocol": protocol}
    settings = load_config(str(write_config({"fleet": entry})))
    handlers = ClientHandlers(tasks=TaskPolicy())
    marker = f"blocked-{uuid.uuid4().hex}"
    with anyio.fail_after(90):
        async with Orchestrator(settings, model_needed=False, handlers=handlers) as orch:
            call = asyncio.ensure_future(
                orch.discovery.call(
                    "create_agent",
                    {"name": "slow", "project": "Setup", "task": f"lines=0 block {marker}"},
                )
            )
            with anyio.move_on_after(30):  # the call goes as a task
                await made.wait()
            if not made.is_set():
                outcome = (call.exception() or call.result()) if call.done() else "no answer"
                pytest.fail(f"the call did not go as a task in 30 s: {outcome!r}")
            await eventually(lambda: live_processes(marker), timeout=30, what="the agent runs")
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call
            await eventually(lambda: not live_processes(marker), timeout=15, what="agent gone")


async def test_the_listing_shows_each_task_as_its_server_says_now_or_marks_it_stale(
    tmp_path: Path, write_config: Callable[..., Path]
) -> None:
    """`orchestrator tasks` asks the servers of the tasks not ended how they are: a detached
    task that has finished since is listed completed (and kept so) with no `tasks result`; a
    task whose server cannot be reached, or is no longer in the config, keeps the status last
    seen, marked stale with the reason."""
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    database = f"sqlite:///{tmp_path / 'fleet.db'}"
    served = {"XDG_DATA_HOME": str(tmp_path / "data"), "FLEET_STATE_DIR": str(tmp_path / "h")}
    args = [*FLEET.server_args(tmp_path), "--database-url", database]
    async with http_process("servers.fleet", *args, env=served) as server:
        config = write_config({
            "fleet": {"transport": "streamable_http", "url": server.url},
            "gone": {"transport": "streamable_http", "url": f"http://127.0.0.1:{closed}/mcp"},
        })  # fmt: skip
        request = 'create an agent named worker on project Setup with the task "lines=2 delay=0.5"'
        detached = await _run(config, tmp_path, "--provider", "offline", "--detach", request)
        assert detached.returncode == 0, detached.stderr.decode()
        store = TaskStore(tmp_path / "state" / "mcp-orchestrator" / "tasks")
        (entry,) = store.entries()
        assert entry.status == "working"
        store.save(TaskEntry("gone", "job", "on-gone", "working", created=1.0))
        store.save(TaskEntry("dropped", "job", "on-dropped", "input_required", created=2.0))

        async def completed() -> dict[str, Any] | None:
            listed = await _run(config, tmp_path, "tasks", "--json")
            assert listed.returncode == 0, listed.stderr.decode()
            rows = {row["task_id"]: row for row in json.loads(listed.stdout)}
            return rows if rows[entry.task_id]["status"] == "completed" else None

        rows = await eventually(completed, timeout=45, interval=1, what="the task completed")
        assert rows[entry.task_id]["stale"] is None
        assert store.find(entry.task_id).status == "completed", "what the server said is kept"
        assert rows["on-gone"]["status"] == "working"
        assert rows["on-gone"]["stale"].startswith("server 'gone' could not be reached: ")
        assert rows["on-dropped"]["status"] == "input_required"
        assert rows["on-dropped"]["stale"] == "server 'dropped' is no longer in the config"
        listed = await _run(config, tmp_path, "tasks")
    lines = listed.stdout.decode().splitlines()
    assert listed.returncode == 0
    assert lines[0].split() == ["SERVER", "TOOL", "ID", "STATUS", "STARTED"]
    assert lines[1].split()[:4] == ["fleet", "create_agent", entry.task_id, "completed"]
    assert "(stale)" not in lines[1]
    assert lines[2].split()[:5] == ["dropped", "job", "on-dropped", "input_required", "(stale)"]
    assert lines[3].split()[:5] == ["gone", "job", "on-gone", "working", "(stale)"]
    assert lines[4] == (
        "(stale) server 'dropped' is no longer in the config: the status shown is the one last seen"
    )
    assert lines[5].startswith("(stale) server 'gone' could not be reached: ")
    assert lines[5].endswith(": the status shown is the one last seen")


def test_the_task_store_finds_a_task_by_a_unique_prefix_and_says_what_is_wrong_otherwise(
    tmp_path: Path,
) -> None:
    store = TaskStore(tmp_path / "tasks")
    first = TaskEntry("fleet", "create_agent", "abc123", "working", created=1.0)
    store.save(first)
    store.save(TaskEntry("agents", "execute_agent_request", "abd456", "working", created=2.0))
    store.save(first.seen("completed"))  # rewritten in place
    (tmp_path / "tasks" / "broken.json").write_text("{not json")
    assert [e.task_id for e in store.entries()] == ["abd456", "abc123"]
    assert store.find("abc").status == "completed"
    with pytest.raises(UsageError, match="more than one task starts so"):
        store.find("ab")
    with pytest.raises(UsageError, match="task ID 'zz': no task of this user has it"):
        store.find("zz")


def test_what_a_task_left_running_says_is_a_command_that_works_as_typed() -> None:
    plain = TaskEntry("fleet", "create_agent", "0a1b", "working")
    dashed = TaskEntry("elsewhere", "job", "-x9", "working")  # another server's id
    assert left_running_text(plain).endswith("its result: orchestrator tasks result 0a1b")
    assert left_running_text(dashed).endswith("its result: orchestrator tasks result -- -x9")


async def test_a_task_is_asked_of_the_server_of_the_config_it_was_started_with(
    tmp_path: Path,
) -> None:
    """The task store is the user's, so `orchestrator tasks` run in another folder lists a task
    started in this one; there `tasks result ID`, `tasks cancel ID` and the listing ask the
    task's server in the config it was started with, not the one of that name in the config in
    use (before: this folder's `fleet`, which could not be reached or did not know the task).
    With that config gone, they say so."""
    with socket.socket() as probe:  # a port nobody listens on: the other folder's `fleet`
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    database = f"sqlite:///{tmp_path / 'fleet.db'}"
    served = {"XDG_DATA_HOME": str(tmp_path / "data"), "FLEET_STATE_DIR": str(tmp_path / "h")}
    args = [*FLEET.server_args(tmp_path), "--database-url", database]
    folders = {name: tmp_path / name for name in ("here", "there")}
    configs = {name: folder / "mcp_agent.config.yaml" for name, folder in folders.items()}

    async def run(folder: str, *words: str) -> Any:
        env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "ORCHESTRATOR_DAEMON": "0"}
        command = [sys.executable, "-m", "orchestrator", *words]
        with anyio.fail_after(90):
            return await anyio.run_process(command, env=env, cwd=folders[folder], check=False)

    async with http_process("servers.fleet", *args, env=served) as server:
        urls = {"here": server.url, "there": f"http://127.0.0.1:{closed}/mcp"}
        for name, folder in folders.items():
            folder.mkdir()
            fleet = {"transport": "streamable_http", "url": urls[name]}
            configs[name].write_text(
                json.dumps({"mcp": {"servers": {"fleet": fleet}},
                            "orchestrator": {"startup_timeout_seconds": 20}})
            )  # fmt: skip
        request = 'create an agent named worker on project Setup with the task "lines=2 delay=0.5"'
        detached = await run("here", "--provider", "offline", "--detach", request)
        assert detached.returncode == 0, detached.stderr.decode()
        store = TaskStore(tmp_path / "state" / "mcp-orchestrator" / "tasks")
        (entry,) = store.entries()
        listed = await run("there", "tasks", "--json")
        fetched = await run("there", "tasks", "result", entry.task_id[:8], "--json")
        cancelled = await run("there", "tasks", "cancel", entry.task_id)
    configs["here"].rename(folders["here"] / "moved.yaml")
    gone = await run("there", "tasks", "result", entry.task_id)
    assert entry.config == str(configs["here"].resolve())
    assert entry.endpoint == server.url
    assert listed.returncode == 0, listed.stderr.decode()
    (row,) = json.loads(listed.stdout)
    assert row["stale"] is None, row  # before: "server 'fleet' could not be reached: ..."
    assert fetched.returncode == 0, fetched.stderr.decode()
    assert json.loads(fetched.stdout)["structuredContent"]["agent"]["name"] == "worker"
    assert cancelled.returncode == 1  # its server was asked: the task has ended
    assert "is already completed: it cannot be cancelled" in cancelled.stderr.decode()
    assert gone.returncode == 2
    assert (
        f"task {entry.task_id} was started with server 'fleet' of {configs['here'].resolve()}, "
        "which no longer exists"
    ) in gone.stderr.decode()


def test_a_task_kept_before_tasks_said_their_config_is_still_read(tmp_path: Path) -> None:
    """An entry saved without `config` and `endpoint` (an older version's) is read, with None
    for both (it is asked of the config in use, as before)."""
    (tmp_path / "t1.json").write_text(
        json.dumps({"server": "fleet", "tool": "create_agent", "task_id": "t1",
                    "status": "working", "created": 5.0, "updated": 5.0, "message": None})
    )  # fmt: skip
    (entry,) = TaskStore(tmp_path).entries()
    assert (entry.task_id, entry.server, entry.config, entry.endpoint) == (
        "t1",
        "fleet",
        None,
        None,
    )


def test_tasks_help_is_the_tasks_own_usage(capsys: pytest.CaptureFixture[str]) -> None:
    from orchestrator.cli import main

    assert main(["tasks", "--help"]) == 0
    assert main(["--config", "x.yaml", "tasks", "result", "-h"]) == 0
    first, second = capsys.readouterr().out.split("usage: ")[1:]
    assert first == second
    assert first.startswith("orchestrator [--config PATH] tasks [list | result ID | cancel ID]")
    assert "tasks result ID" in first and "tasks cancel ID" in first and "--json" in first
