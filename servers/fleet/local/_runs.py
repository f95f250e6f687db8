"""One task run of a local agent: launched under the detached supervisor, read back from its
records (see :mod:`servers.fleet._supervisor` for what the run folder holds).

A run's state comes from its files and the liveness of the processes they name, never from
this process's memory, so any server process (or a later one) reads the same thing:

- ``launching``: no ``run.json`` yet, and the launch is recent (within LAUNCH_TIMEOUT_SECONDS)
- ``running``:   ``run.json`` names a supervisor that is still the same process, no ``exit.json``
- ``finished``:  ``exit.json`` is there
- ``lost``:      neither: the supervisor died without recording an end (or never started)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import anyio
import anyio.to_thread

from servers.fleet._checkpoint import checkpoint, checkpoint_message
from servers.fleet._process import child_env
from servers.fleet._procs import kill_all, marked, marker
from servers.fleet._supervisor import (
    EXIT_FILE,
    OUTPUT_FILE,
    RUN_FILE,
    USAGE_FILE,
    is_alive,
    write_json,
)
from servers.fleet._usage import AgentUsage
from servers.fleet.models import LogLevel

__all__ = [
    "LaunchError",
    "LogLine",
    "RunState",
    "interrupt",
    "last_line",
    "launch",
    "read_from",
    "read_lines",
    "read_run",
    "read_usage",
    "record_failure",
    "stop",
]

logger = logging.getLogger(__name__)

LAUNCH_TIMEOUT_SECONDS = 30.0
STOP_TIMEOUT_SECONDS = 10.0
_TAIL_BYTES = 64 * 1024

RunPhase = Literal["launching", "running", "finished", "lost"]


class LaunchError(Exception):
    """The task could not be started; the message says why."""


@dataclass(frozen=True)
class RunState:
    phase: RunPhase
    exit_code: int | None = None
    signal: str | None = None
    interrupted: bool = False
    stopped: bool = False
    error: str | None = None  # why it could not start
    reason: str | None = None  # why its supervisor stopped it (its budget)
    checkpoint_error: str | None = None  # why its checkpoint commit was not made

    @property
    def ending(self) -> str:
        """How it ended, in words ("exited with status 3")."""
        if self.error is not None:
            return f"could not start: {self.error}"
        if self.signal is not None:
            return f"killed by {self.signal}"
        if self.exit_code is None:
            return "stopped"
        return f"exited with status {self.exit_code}"

    @property
    def succeeded(self) -> bool:
        return self.phase == "finished" and self.exit_code == 0

    @property
    def failed(self) -> bool:
        """Ended badly on its own: not by an interrupt or a stop the user asked for."""
        if self.phase == "lost":
            return False
        return self.phase == "finished" and not (self.succeeded or self.interrupted or self.stopped)


@dataclass(frozen=True)
class LogLine:
    time: datetime
    level: LogLevel
    message: str


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        logger.warning("unreadable run record %s", path)
        return None
    return body if isinstance(body, dict) else None


def read_run(run_dir: Path, launched_at: datetime, now: datetime) -> RunState:
    """The state of the run in ``run_dir``, launched (its row written) at ``launched_at``."""
    ended = _read_json(run_dir / EXIT_FILE)
    if ended is not None:
        return _finished(ended)
    started = _read_json(run_dir / RUN_FILE)
    if started is None:
        recent = now - launched_at < timedelta(seconds=LAUNCH_TIMEOUT_SECONDS)
        return RunState("launching" if recent else "lost")
    supervisor = started.get("supervisor") or {}
    if is_alive(int(supervisor.get("pid", 0)), supervisor.get("start")):
        return RunState("running")
    ended = _read_json(run_dir / EXIT_FILE)  # it may have finished since the first look
    return _finished(ended) if ended is not None else RunState("lost")


def _finished(ended: dict[str, Any]) -> RunState:
    return RunState(
        "finished",
        exit_code=ended.get("exit_code"),
        signal=ended.get("signal"),
        interrupted=bool(ended.get("interrupted")),
        stopped=bool(ended.get("stopped")),
        error=ended.get("error") if isinstance(ended.get("error"), str) else None,
        reason=ended.get("reason") if isinstance(ended.get("reason"), str) else None,
        checkpoint_error=_text(ended.get("checkpoint_error")),
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def read_usage(run_dir: Path) -> AgentUsage | None:
    """The tokens and cost the run's CLI reported (so far); None when it reported nothing (or
    its command asks for no output the supervisor reads): unknown."""
    return AgentUsage.from_dict(_read_json(run_dir / USAGE_FILE))


def record_failure(run_dir: Path, reason: str) -> None:
    """Record that the run could not start (a queued task whose launch failed)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC).isoformat()
    with (run_dir / OUTPUT_FILE).open("a", encoding="utf-8") as out:
        entry = {"time": now, "level": "ERROR", "message": f"could not start: {reason}"}
        out.write(json.dumps(entry) + "\n")
    write_json(run_dir / EXIT_FILE, {"exit_code": None, "ended_at": now, "error": reason})


async def launch(
    run_dir: Path,
    cwd: Path,
    command: Sequence[str],
    env: Mapping[str, str],
    budget: float | None = None,
) -> None:
    """Start ``command`` in ``cwd`` under a detached supervisor recording into ``run_dir``
    (which stops it once the cost its CLI reports passes ``budget`` USD).

    Returns once the task process runs and ``run.json`` is written; raises LaunchError if the
    command cannot be started.
    """
    run_dir.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "servers.fleet._supervisor", str(run_dir), str(cwd)]
    argv += [*(["--budget-usd", repr(budget)] if budget is not None else []), "--"]
    process = await anyio.open_process(
        [*argv, *command],
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a client killing the server's process group spares tasks
    )
    async with process:
        assert process.stdout is not None
        received = b""
        with anyio.move_on_after(LAUNCH_TIMEOUT_SECONDS):
            async for chunk in process.stdout:
                received += chunk
                if b"\n" in received:
                    break
        await process.wait()  # the fork's parent, which exits at once
    try:
        answer = json.loads(received.split(b"\n", 1)[0] or b"{}")
    except ValueError:
        answer = {}
    if not answer.get("ok"):
        raise LaunchError(answer.get("error") or "the task supervisor did not start")


def interrupt(run_dir: Path) -> bool:
    """Ask the run's supervisor to forward SIGINT to the task; False if it is not running."""
    started = _read_json(run_dir / RUN_FILE)
    if started is None or (run_dir / EXIT_FILE).exists():
        return False
    supervisor = started.get("supervisor") or {}
    pid = int(supervisor.get("pid", 0))
    if not is_alive(pid, supervisor.get("start")):
        return False
    try:
        os.kill(pid, signal.SIGINT)
    except ProcessLookupError:
        return False
    return True


async def stop(run_dir: Path, worktree: Path, task_text: str) -> None:
    """Stop the run if anything of it still runs, and wait (bounded) until it has.

    Its supervisor stops the task, commits the checkpoint and records the end. A supervisor
    that is gone (killed with SIGKILL, say), or would not stop, leaves that to us: every process
    of the task is killed (its group, and whatever carries its marker), the checkpoint is made
    here and the end recorded as a stop, so no process and no change outlives the task."""
    started = _read_json(run_dir / RUN_FILE)
    supervisor = (started or {}).get("supervisor") or {}
    task = (started or {}).get("task") or {}
    pid = int(supervisor.get("pid", 0))
    if not (run_dir / EXIT_FILE).exists() and is_alive(pid, supervisor.get("start")):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        await _wait_gone(pid, supervisor.get("start"), STOP_TIMEOUT_SECONDS)
    task_pid = int(task.get("pid", 0))
    if task_pid and is_alive(task_pid, task.get("start")):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(task_pid, signal.SIGKILL)
    await anyio.to_thread.run_sync(_end_marked, run_dir)
    await _wait_killed(run_dir, task_pid, task.get("start"))
    gone = not is_alive(pid, supervisor.get("start"))
    if started is not None and gone and not (run_dir / EXIT_FILE).exists():
        await anyio.to_thread.run_sync(_record_stop, run_dir, worktree, task_text)


def _end_marked(run_dir: Path) -> None:
    kill_all(lambda: marked(marker(run_dir)))


async def _wait_killed(run_dir: Path, task_pid: int, start: str | None) -> None:
    """Wait (bounded) until the processes just killed have exited: a SIGKILL sent is not yet an
    exit, and on a loaded machine the task was seen running right after ``stop`` returned."""
    with anyio.move_on_after(STOP_TIMEOUT_SECONDS):
        if task_pid:
            await _wait_gone(task_pid, start, STOP_TIMEOUT_SECONDS)
        delay = 0.01
        while await anyio.to_thread.run_sync(marked, marker(run_dir)):
            await anyio.sleep(delay)
            delay = min(delay * 2, 0.2)


def _record_stop(run_dir: Path, worktree: Path, task_text: str) -> None:
    """Record the end of a run whose supervisor is gone: a checkpoint, a line, ``exit.json``."""
    ending = "was stopped by the fleet server (its supervisor was gone)"
    saved = checkpoint(worktree, checkpoint_message(task_text, ending), child_env())
    now = datetime.now(UTC).isoformat()
    with (run_dir / OUTPUT_FILE).open("a", encoding="utf-8") as out:
        lines = [] if saved.skipped else [("WARN" if saved.error else "INFO", saved.describe())]
        lines.append(("ERROR", "stopped by the fleet server: its supervisor was gone"))
        for level, message in lines:
            out.write(json.dumps({"time": now, "level": level, "message": message}) + "\n")
    write_json(
        run_dir / EXIT_FILE,
        {
            "exit_code": None,
            "signal": None,
            "ended_at": now,
            "interrupted": False,
            "stopped": True,
            "checkpoint": saved.commit,
            "checkpoint_error": saved.error,
        },
    )


async def _wait_gone(pid: int, start: str | None, timeout: float) -> None:
    """Wait until process (``pid``, ``start``) has exited, at most ``timeout`` seconds."""
    with anyio.move_on_after(timeout):
        pidfd = _pidfd(pid)
        if pidfd is not None:
            try:
                if is_alive(pid, start):  # the pidfd is for the process we mean
                    await anyio.wait_readable(pidfd)
            finally:
                os.close(pidfd)
            return
        delay = 0.01  # no pidfd (not Linux): a bounded, backing-off look
        while is_alive(pid, start):
            await anyio.sleep(delay)
            delay = min(delay * 2, 0.2)


def _pidfd(pid: int) -> int | None:
    opener = getattr(os, "pidfd_open", None)
    if opener is None:
        return None
    try:
        return int(opener(pid))
    except OSError:
        return None


def last_line(run_dir: Path) -> LogLine | None:
    """The run's newest output line (read from the end of the file, however long it is)."""
    try:
        with (run_dir / OUTPUT_FILE).open("rb") as f:
            size = f.seek(0, os.SEEK_END)
            f.seek(max(0, size - _TAIL_BYTES))
            tail = f.read()
    except FileNotFoundError:
        return None
    for raw in reversed(tail.splitlines()):
        line = _parse(raw.decode("utf-8", errors="replace"))
        if line is not None:
            return line
    return None


def _parse(raw: str) -> LogLine | None:
    try:
        entry = json.loads(raw)
        return LogLine(datetime.fromisoformat(entry["time"]), entry["level"], entry["message"])
    except (ValueError, KeyError, TypeError):
        return None  # a line cut short by a crash


def read_from(run_dir: Path, offset: int) -> tuple[list[LogLine], int]:
    """The run's whole output lines after byte ``offset``, and the offset after them."""
    try:
        with (run_dir / OUTPUT_FILE).open("rb") as f:
            f.seek(offset)
            data = f.read()
    except FileNotFoundError:
        return [], offset
    end = data.rfind(b"\n") + 1  # a line still being written waits for the next read
    lines = [
        line
        for raw in data[:end].splitlines()
        if (line := _parse(raw.decode("utf-8", errors="replace"))) is not None
    ]
    return lines, offset + end


def read_lines(run_dir: Path) -> list[LogLine]:
    """The run's output lines, oldest first."""
    try:
        text = (run_dir / OUTPUT_FILE).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    return [line for raw in text.splitlines() if (line := _parse(raw)) is not None]
