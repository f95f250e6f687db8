"""The detached supervisor and the run records any server process reads back."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from servers.fleet._process import child_env
from servers.fleet.local import _runs
from servers.fleet.local._runs import (
    LaunchError,
    RunState,
    interrupt,
    launch,
    read_lines,
    read_run,
    stop,
)
from tests._processes import live_processes
from tests._wait import eventually

AGENT = str(Path(__file__).with_name("agent.py"))


async def start(tmp_path: Path, task: str) -> Path:
    run_dir = tmp_path / "run"
    env = child_env({"FLEET_TASK": task})
    await launch(run_dir, tmp_path, [sys.executable, AGENT, task], env)
    return run_dir


def state(run_dir: Path) -> RunState:
    return read_run(run_dir, datetime.now(UTC), datetime.now(UTC))


async def finished(run_dir: Path) -> RunState:
    async def check() -> RunState | None:
        current = state(run_dir)
        return current if current.phase == "finished" else None

    return await eventually(check)


def messages(run_dir: Path) -> list[tuple[str, str]]:
    return [(line.level, line.message) for line in read_lines(run_dir)]


async def test_a_task_runs_detached_and_records_its_output_and_exit(tmp_path: Path) -> None:
    run_dir = await start(tmp_path, "lines=2 warn fail")
    ended = await finished(run_dir)
    assert (ended.exit_code, ended.failed, ended.interrupted) == (3, True, False)
    lines = messages(run_dir)
    # Each stream keeps its order; the two streams interleave as the pipes deliver them.
    assert [m for level, m in lines if level == "INFO"] == [
        "working on: lines=2 warn fail",
        "env task: lines=2 warn fail",
        "secrets: none",
        "line 1",
        "line 2",
    ]
    assert [m for level, m in lines if level == "WARN"] == ["a warning", "giving up"]
    assert lines[-1] == ("ERROR", "exited with status 3")
    run = json.loads((run_dir / "run.json").read_text())
    assert run["supervisor"]["pid"] != os.getpid()
    # The supervisor has its own session: a client killing the server's group spares it.
    assert os.getsid(os.getpid()) != run["supervisor"]["pid"]


async def test_success_is_an_info_exit_line(tmp_path: Path) -> None:
    run_dir = await start(tmp_path, "lines=1")
    ended = await finished(run_dir)
    assert ended.succeeded and not ended.failed
    assert messages(run_dir)[-2:] == [("INFO", "done"), ("INFO", "exited with status 0")]


async def test_interrupt_is_forwarded_and_marks_the_run_interrupted(tmp_path: Path) -> None:
    run_dir = await start(tmp_path, "lines=0 block")

    async def waiting() -> bool:
        return ("INFO", "waiting") in messages(run_dir)

    await eventually(waiting)
    assert state(run_dir).phase == "running"
    assert interrupt(run_dir)
    ended = await finished(run_dir)
    assert (ended.exit_code, ended.interrupted, ended.failed) == (130, True, False)
    assert ("INFO", "interrupt sent (SIGINT)") in messages(run_dir)
    assert not interrupt(run_dir)  # nothing runs any more


async def test_stop_ends_a_task_that_ignores_interrupts(tmp_path: Path) -> None:
    run_dir = await start(tmp_path, f"lines=0 block stubborn marker-{tmp_path.name}")

    async def waiting() -> bool:
        return ("INFO", "waiting") in messages(run_dir)

    await eventually(waiting)
    assert interrupt(run_dir)

    async def ignored() -> bool:
        return ("INFO", "ignoring interrupt") in messages(run_dir)

    await eventually(ignored)
    assert state(run_dir).phase == "running"
    await stop(run_dir, tmp_path, "")
    ended = state(run_dir)
    assert ended.phase == "finished" and ended.stopped and ended.signal == "SIGTERM"
    assert not ended.failed
    assert live_processes(f"marker-{tmp_path.name}") == []


async def lost_run(tmp_path: Path) -> Path:
    """A run whose task blocks, its supervisor killed: lost, its task still running."""
    run_dir = await start(tmp_path, f"lines=0 block marker-{tmp_path.name}")
    run = json.loads((run_dir / "run.json").read_text())

    async def waiting() -> bool:
        return ("INFO", "waiting") in messages(run_dir)

    await eventually(waiting)
    os.kill(run["supervisor"]["pid"], signal.SIGKILL)

    async def lost() -> bool:
        return state(run_dir).phase == "lost"

    await eventually(lost)
    return run_dir


async def test_a_killed_supervisor_is_a_lost_run_and_stop_ends_its_task(tmp_path: Path) -> None:
    run_dir = await lost_run(tmp_path)
    assert live_processes(f"marker-{tmp_path.name}") != []  # the task itself still runs
    await stop(run_dir, tmp_path, "")
    assert live_processes(f"marker-{tmp_path.name}") == []


async def test_stop_returns_once_the_task_it_killed_has_exited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kill sent is not yet an exit: on a loaded machine the task of a lost run was seen
    running right after ``stop`` returned. Here the kill takes effect half a second late."""
    run_dir = await lost_run(tmp_path)
    killpg = os.killpg
    monkeypatch.setattr(os, "killpg", lambda *a: threading.Timer(0.5, killpg, a).start())
    monkeypatch.setattr(_runs, "kill_all", lambda find, **kw: 0)  # the group's kill alone
    await stop(run_dir, tmp_path, "")
    assert live_processes(f"marker-{tmp_path.name}") == []


def test_a_reused_pid_is_not_mistaken_for_the_supervisor(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    me = {"pid": os.getpid(), "start": "another-boot:12345"}  # a live pid, another process
    (run_dir / "run.json").write_text(json.dumps({"supervisor": me, "task": me}))
    assert state(run_dir).phase == "lost"
    assert not interrupt(run_dir)


def test_a_launch_that_never_wrote_records_is_launching_then_lost(tmp_path: Path) -> None:
    launched = datetime(2025, 1, 1, tzinfo=UTC)
    assert read_run(tmp_path, launched, launched).phase == "launching"
    later = datetime(2025, 1, 1, 0, 1, tzinfo=UTC)
    assert read_run(tmp_path, launched, later).phase == "lost"


async def test_a_command_that_cannot_start_is_a_launch_error(tmp_path: Path) -> None:
    with pytest.raises(LaunchError, match="cannot start '/no/such/agent'"):
        await launch(tmp_path / "run", tmp_path, ["/no/such/agent"], child_env())
