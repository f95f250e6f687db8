"""Running a child program: argv only, its own process group, no stdin, a deadline for the group.

The agents server runs coding CLIs with it, the fleet server go-task and git.

- No shell: the command is an argv list, so nothing in a prompt is ever interpreted.
- stdin is ``/dev/null``: the server's own stdin is the MCP pipe, which a child must never read.
- ``start_new_session=True`` puts the program in a process group (and session) of its own, so
  the deadline reaches everything it started: on expiry the group gets SIGTERM, then SIGKILL
  after :data:`KILL_GRACE_SECONDS`. When the program exits on its own, whatever it left running
  in its group is killed too; so is the whole group when the caller is cancelled.
- With ``die_with_server``, the group dies with the server, even one killed with SIGKILL (the
  agents server's CLI runs; a short one, git's or go-task's, goes without): the program is started
  through :mod:`servers._common._launch`, which leaves a watcher in the group that ends it
  (SIGTERM, then SIGKILL) once the server's end of a pipe closes. The program keeps its pid
  (the launcher execs it): it is still the server's child and its group's leader.
- Output is read concurrently (no pipe can fill up and stall the child), capped at
  ``output_limit`` bytes per stream (:data:`OUTPUT_LIMIT` by default); ``truncated`` says so.

:func:`child_environment` is the one policy for what a child sees of the server's environment:
no secret (a variable whose name says it holds one, :func:`is_secret_name`) unless the server
passes it on purpose (an agent CLI the keys it reads, :func:`keys_read_by`, whether the agents
gateway or a fleet task runs it; what a fleet file's ``pass_env`` names), never a database URL,
and no empty variable (a config's ``${VAR:-}`` means "not set").
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import anyio
import anyio.abc

__all__ = [
    "ARGUMENT_LIMIT",
    "CLI_KEYS",
    "KILL_GRACE_SECONDS",
    "OUTPUT_LIMIT",
    "PROVIDER_KEYS",
    "Completed",
    "child_environment",
    "is_secret_name",
    "keys_read_by",
    "run_command",
]

ARGUMENT_LIMIT = 120_000
"""Bytes one command-line argument or environment variable may take (Linux allows 128 KiB for
each; a longer one fails the launch with E2BIG): a prompt or task given to a CLI that way."""
KILL_GRACE_SECONDS = 1.0
OUTPUT_LIMIT = 8 * 1024 * 1024
_DRAIN_SECONDS = 2.0
_LAUNCHER = Path(__file__).with_name("_launch.py")
_SECRET_NAME = re.compile(
    r"PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY"
    r"|(^|_)(SECRETS?|TOKENS?)(_|$)|(^|_)(PAT|PASS|DSN)$|_KEY$|DATABASE_URL$"
)


PROVIDER_KEYS = (
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "DEEPSEEK_API_KEY",
    "DASHSCOPE_API_KEY",
    "OPENROUTER_API_KEY",
    "GROQ_API_KEY",
    "MISTRAL_API_KEY",
    "XAI_API_KEY",
)
"""The model providers' keys: what a CLI that may use any of them reads."""
CLI_KEYS: dict[str, tuple[str, ...]] = {
    "claude": ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"),
    "codex": ("OPENAI_API_KEY", "CODEX_API_KEY"),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "qwen": ("DASHSCOPE_API_KEY", "OPENAI_API_KEY"),
    "opencode": PROVIDER_KEYS,
    "goose": PROVIDER_KEYS,
    "orchestrator": PROVIDER_KEYS,  # this project's own one-shot, a fleet role
}
"""The secrets each agent CLI reads, by its program's name: the only ones it is given."""


def keys_read_by(program: str) -> tuple[str, ...]:
    """The secrets the agent CLI ``program`` reads (a name or a path: ``claude``,
    ``/usr/bin/codex``); none for a program not in :data:`CLI_KEYS`."""
    return CLI_KEYS.get(Path(program).name, ())


def is_secret_name(name: str) -> bool:
    """Whether an environment variable's name says it holds a secret: a password
    (``PGPASSWORD``, ``SMTP_PASS``), a key (``*_API_KEY``, ``AWS_SECRET_ACCESS_KEY``,
    ``*_PRIVATE_KEY``, ``*_KEY``), a token or secret (``GITHUB_TOKEN``, ``CLIENT_SECRET``,
    ``GITHUB_PAT``), a DSN or a database URL. Not a path to one (``SSH_AUTH_SOCK``,
    ``GOOGLE_APPLICATION_CREDENTIALS``) nor a word that only contains one
    (``TOKENIZERS_PARALLELISM``)."""
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


async def _started(status: int, program: str) -> None:
    """Wait until the launcher has become the program; raise the ``OSError`` it failed with."""
    os.set_blocking(status, False)
    told = b""
    while True:
        await anyio.wait_readable(status)
        try:
            chunk = os.read(status, 64)
        except BlockingIOError:
            continue
        if not chunk:
            break
        told += chunk
    if told.strip().isdigit():
        code = int(told)
        raise OSError(code, os.strerror(code), program)


async def run_command(
    argv: Sequence[str],
    *,
    env: Mapping[str, str],
    timeout: float,
    cwd: str | os.PathLike[str] | None = None,
    kill_grace: float = KILL_GRACE_SECONDS,
    output_limit: int = OUTPUT_LIMIT,
    die_with_server: bool = False,
) -> Completed:
    """Run ``argv`` in its own process group with ``/dev/null`` as stdin, within ``timeout``.
    ``die_with_server``: start it through the launcher, so that its group dies with this
    process even killed with SIGKILL (a Python start-up more: for a long run, an agent CLI's).

    Raises ``FileNotFoundError`` / ``PermissionError`` when the program cannot be started.
    """
    watch_r, watch_w = os.pipe()  # close-on-exec: of the server's processes, only it holds watch_w
    status_r, status_w = os.pipe()
    try:
        try:
            launcher = (
                [
                    sys.executable,
                    "-I",
                    "-S",
                    str(_LAUNCHER),
                    str(watch_r),
                    str(status_w),
                    str(kill_grace),
                ]
                if die_with_server
                else []
            )
            process = await anyio.open_process(
                [*launcher, *argv],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
                pass_fds=(watch_r, status_w) if die_with_server else (),
            )  # fmt: skip
        finally:
            os.close(watch_r)
            os.close(status_w)
        out, err = _Sink(output_limit), _Sink(output_limit)
        timed_out = False
        try:
            if die_with_server:
                await _started(status_r, argv[0])
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
    finally:
        os.close(status_r)
        os.close(watch_w)  # a watcher still there (its group's leader gone) ends the group
    return Completed(
        exit_code=None if timed_out else process.returncode,
        stdout=out.text(),
        stderr=err.text(),
        timed_out=timed_out,
        truncated=out.truncated or err.truncated,
    )
