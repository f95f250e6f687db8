"""Running a child program: argv only, its own process group, no stdin, a deadline for the group.

The agents server runs coding CLIs with it, the fleet server go-task and git.

- No shell: the command is an argv list, so nothing in a prompt is ever interpreted.
- stdin is ``/dev/null``: the server's own stdin is the MCP pipe, which a child must never read.
- ``start_new_session=True`` puts the program in a process group (and session) of its own, so
  the deadline reaches everything it started: on expiry the group gets SIGTERM, then SIGKILL
  after :data:`KILL_GRACE_SECONDS`. When the program exits on its own, whatever it left running
  in its group is killed too; so is the whole group when the caller is cancelled.
- Output is read concurrently (no pipe can fill up and stall the child), capped at
  ``output_limit`` bytes per stream (:data:`OUTPUT_LIMIT` by default); ``truncated`` says so.

:func:`child_environment` is the one policy for what a child sees of the server's environment:
no secret (a variable whose name says it holds one, :func:`is_secret_name`) unless the server
passes it on purpose (a CLI agent its own key, a fleet task the keys its agent reads), never a
database URL, and no empty variable (a config's ``${VAR:-}`` means "not set").
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import anyio
import anyio.abc

__all__ = [
    "KILL_GRACE_SECONDS",
    "OUTPUT_LIMIT",
    "Completed",
    "child_environment",
    "is_secret_name",
    "run_command",
]

KILL_GRACE_SECONDS = 1.0
OUTPUT_LIMIT = 8 * 1024 * 1024
_DRAIN_SECONDS = 2.0
_SECRET_NAME = re.compile(r"(_API_KEY|_AUTH_TOKEN|_TOKEN|_SECRET|_PASSWORD|DATABASE_URL)$")


def is_secret_name(name: str) -> bool:
    """Whether an environment variable's name says it holds a secret."""
    return _SECRET_NAME.search(name.upper()) is not None


def child_environment(
    environ: Mapping[str, str],
    passed: Collection[str] | Callable[[str], bool] = (),
    extra: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """What a child gets of ``environ``: no secret but those ``passed`` names (or accepts), no
    database URL whatever ``passed`` says, no empty variable; then ``extra``."""
    keep = passed if callable(passed) else frozenset(passed).__contains__
    env = {
        k: v
        for k, v in environ.items()
        if v.strip()
        and not k.upper().endswith("DATABASE_URL")
        and (not is_secret_name(k) or keep(k))
    }
    env.update(extra or {})
    return env


@dataclass(frozen=True)
class Completed:
    """How a command ended: its exit code (None when it was killed at the deadline)."""

    exit_code: int | None
    stdout: str
    stderr: str
    timed_out: bool = False
    truncated: bool = False


class _Sink:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data = bytearray()
        self.truncated = False
        self.done = anyio.Event()

    async def drain(self, stream: anyio.abc.ByteReceiveStream | None) -> None:
        try:
            if stream is None:
                return
            async for chunk in stream:
                room = self.limit - len(self.data)
                if room > 0:
                    self.data.extend(chunk[:room])
                if len(chunk) > room:
                    self.truncated = True
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            pass
        finally:
            self.done.set()

    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(pgid, sig)


async def _stop_group(process: anyio.abc.Process, grace: float) -> None:
    """SIGTERM the process group, then SIGKILL whatever is left after ``grace`` seconds."""
    pgid = process.pid
    if process.returncode is None:
        _signal_group(pgid, signal.SIGTERM)
        with anyio.move_on_after(grace):
            await process.wait()
    _signal_group(pgid, signal.SIGKILL)
    await process.wait()


async def run_command(
    argv: Sequence[str],
    *,
    env: Mapping[str, str],
    timeout: float,
    cwd: str | os.PathLike[str] | None = None,
    kill_grace: float = KILL_GRACE_SECONDS,
    output_limit: int = OUTPUT_LIMIT,
) -> Completed:
    """Run ``argv`` in its own process group with ``/dev/null`` as stdin, within ``timeout``.

    Raises ``FileNotFoundError`` / ``PermissionError`` when the program cannot be started.
    """
    process = await anyio.open_process(
        list(argv),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(env),
        cwd=cwd,
        start_new_session=True,
    )
    out, err = _Sink(output_limit), _Sink(output_limit)
    timed_out = False
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(out.drain, process.stdout)
            tg.start_soon(err.drain, process.stderr)
            with anyio.move_on_after(timeout) as deadline:
                await process.wait()
            timed_out = deadline.cancelled_caught
            with anyio.CancelScope(shield=True):
                await _stop_group(process, kill_grace if timed_out else 0.0)
            # Every writer is dead now, so the pipes reach their end, unless a child escaped
            # into a session of its own still holding them: that one is not waited for.
            with anyio.move_on_after(_DRAIN_SECONDS):
                await out.done.wait()
                await err.done.wait()
            tg.cancel_scope.cancel()
    finally:
        if process.returncode is None:  # cancelled from outside: the group goes too
            with anyio.CancelScope(shield=True):
                await _stop_group(process, kill_grace)
        await process.aclose()
    return Completed(
        exit_code=None if timed_out else process.returncode,
        stdout=out.text(),
        stderr=err.text(),
        timed_out=timed_out,
        truncated=out.truncated or err.truncated,
    )
