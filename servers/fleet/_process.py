"""Child processes of the fleet server: a clean environment and a bounded run.

Children (agent tasks, go-task) get the server's environment minus the fleet's own secrets:
the Coder session token, the HTTP bearer tokens and the database URLs are never passed on.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import anyio
from anyio.abc import Process
from anyio.streams.text import TextReceiveStream

__all__ = ["SECRET_VARS", "Finished", "child_env", "run_bounded"]

SECRET_VARS = frozenset(
    {
        "CODER_SESSION_TOKEN",
        "MCP_SERVER_TOKEN",
        "FLEET_METADATA_TOKEN",
        "FLEET_DATABASE_URL",
        "DATABASE_URL",
        "TODO_DATABASE_URL",
        "TASKS_DATABASE_URL",
    }
)


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The server's environment without the fleet's secrets, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in SECRET_VARS}
    env.update(extra or {})
    return env


@dataclass(frozen=True)
class Finished:
    """How a bounded run ended: ``returncode`` None means it timed out (and was killed)."""

    returncode: int | None
    stdout: str
    stderr: str


async def _drain(stream: object, into: list[str]) -> None:
    if stream is None:
        return
    async for chunk in TextReceiveStream(stream, errors="replace"):  # type: ignore[arg-type]
        into.append(chunk)


async def run_bounded(
    argv: Sequence[str], *, cwd: Path, timeout: float, env: Mapping[str, str] | None = None
) -> Finished:
    """Run ``argv`` in its own process group; kill the whole group after ``timeout`` seconds."""
    out: list[str] = []
    err: list[str] = []
    process: Process = await anyio.open_process(
        list(argv),
        cwd=cwd,
        env=dict(env) if env is not None else child_env(),
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    async with process:
        with anyio.move_on_after(timeout) as scope:
            async with anyio.create_task_group() as tg:
                tg.start_soon(_drain, process.stdout, out)
                tg.start_soon(_drain, process.stderr, err)
            await process.wait()
        if scope.cancelled_caught:
            _kill_group(process.pid)
            with anyio.CancelScope(shield=True):
                await process.wait()
            return Finished(None, "".join(out), "".join(err))
    return Finished(process.returncode, "".join(out), "".join(err))


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
