"""Stdio servers: how each is launched, spawned (early or on demand), spoken to, and stopped.

A one-shot's cost is mostly imports: the client side (mcp, a provider's SDK) and each server's
own. So `prestart` spawns the server processes first, with `subprocess` only, and they boot
while the client is still importing; `Launch.spawn` is the one way a server process starts,
early or not. `process_transport` then speaks MCP over the pipes of the running process.
Shutdown follows the MCP lifecycle as the SDK's client does: close stdin, wait, then terminate
the process group, then kill it.

What a server process gets, as in every other MCP client:
- its command is looked up as the process that runs it would (on the config's `env.PATH` when
  it gives one), then on our `PATH`, then in this interpreter's own scripts folder, so
  `mcp-todo` works from a virtual environment that is not activated; a bundled server's command
  (`mcp-todo`, …) is looked up in that folder first;
- its environment is a short allowlist of ours (`SAFE_ENV_VARS`: HOME, PATH, locale, TZ, the
  XDG folders, …) plus the config's `env`; provider keys and database URLs reach a server only
  through its `env`. `inherit_env: true` on a server gives it our whole environment.

This module imports only the standard library at load time (mcp is imported inside
`process_transport`), so it can run before the heavy imports.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import subprocess
import sysconfig
import tempfile
import time
from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from orchestrator import tracing
from orchestrator.config import MCPServerSettings, Settings

if TYPE_CHECKING:
    from mcp.client._transport import TransportStreams

__all__ = [
    "BUNDLED_COMMANDS",
    "SAFE_ENV_VARS",
    "Launch",
    "ServerProcess",
    "discard_all",
    "launch_for",
    "prestart",
    "process_transport",
    "resolve_command",
]

logger = logging.getLogger(__name__)

STOP_GRACE_SECONDS = 2.0
KILL_GRACE_SECONDS = 2.0
STDERR_LINES = 5
_POLL_SECONDS = 0.01
_LINE_LIMIT = 64 * 1024 * 1024  # one JSON-RPC message per line; tool results can be large

# The bundled servers' console scripts: found in this interpreter's environment first.
BUNDLED_COMMANDS = frozenset({"mcp-todo", "mcp-tasks", "mcp-fleet", "mcp-agents"})
# What a child inherits from us (the MCP SDKs' default allowlist, plus locale, time zone,
# temporary and XDG folders, which carry no secret and which servers need to behave as ours).
SAFE_ENV_VARS = frozenset(
    {
        "HOME",
        "LOGNAME",
        "PATH",
        "SHELL",
        "TERM",
        "USER",
        "LANG",
        "LANGUAGE",
        "TZ",
        "TMPDIR",
        "XDG_CACHE_HOME",
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_RUNTIME_DIR",
        "XDG_STATE_HOME",
    }
)
_SAFE_PREFIXES = ("LC_",)


def _own_scripts() -> str:
    return sysconfig.get_path("scripts")


def resolve_command(command: str, env_path: str | None = None) -> str:
    """The executable a command names, found as other MCP clients find it (see above); the
    command itself when it is not found (spawning it then reports it missing)."""
    if os.sep in command or (os.altsep and os.altsep in command):
        return command
    own = _own_scripts()
    if command in BUNDLED_COMMANDS and (found := shutil.which(command, path=own)):
        return found
    for path in (env_path, os.environ.get("PATH"), own):
        if path and (found := shutil.which(command, path=path)):
            return found
    return command


def is_bundled(entry: MCPServerSettings) -> bool:
    """Whether `entry` runs one of this package's servers (its console script or module)."""
    command = os.path.basename(entry.command or "")
    module = entry.args[1] if len(entry.args) > 1 and entry.args[0] == "-m" else ""
    return command in BUNDLED_COMMANDS or module.startswith("servers.")


def child_environment(entry: MCPServerSettings, environ: Mapping[str, str]) -> dict[str, str]:
    """The environment a stdio server gets: the allowlist (or all, with `inherit_env`) + `env`.
    A bundled server, while we trace, also gets where to send its spans
    (`orchestrator.tracing.server_environment`)."""
    if entry.inherit_env:
        base = dict(environ)
    else:
        base = {
            k: v
            for k, v in environ.items()
            if (k in SAFE_ENV_VARS or k.startswith(_SAFE_PREFIXES)) and not v.startswith("()")
        }
    traced = tracing.server_environment(entry.name) if is_bundled(entry) else {}
    return {**base, **traced, **entry.env}


@dataclass(frozen=True)
class Launch:
    """What is run for one stdio server: the same whether spawned early or on demand."""

    command: str
    args: tuple[str, ...]
    env: dict[str, str]
    cwd: str | None

    def spawn(self, name: str) -> ServerProcess:
        """Start the process, in its own process group, stderr kept in a temporary file.
        Raises `OSError` (e.g. `FileNotFoundError`) when it cannot be started."""
        errlog = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 (handed on)
        try:
            process = subprocess.Popen(
                [self.command, *self.args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errlog,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
            )
        except BaseException:
            errlog.close()
            raise
        return ServerProcess(name, self, process, errlog)


def launch_for(entry: MCPServerSettings, environ: Mapping[str, str] | None = None) -> Launch:
    assert entry.command is not None
    environ = os.environ if environ is None else environ
    return Launch(
        command=resolve_command(entry.command, entry.env.get("PATH")),
        args=tuple(entry.args),
        env=child_environment(entry, environ),
        cwd=entry.cwd,
    )


@dataclass
class ServerProcess:
    """A running server process, waiting for (or owned by) its MCP client."""

    name: str
    launch: Launch
    process: subprocess.Popen[bytes]
    errlog: TextIO
    taken: bool = field(default=False)

    def take(self) -> subprocess.Popen[bytes] | None:
        """The process, once, if nobody took or discarded it yet."""
        if self.taken:
            return None
        self.taken = True
        return self.process

    def stderr_tail(self, lines: int = STDERR_LINES) -> list[str]:
        """The last non-blank lines the process wrote to stderr."""
        try:
            self.errlog.flush()
            self.errlog.seek(0)
            text = self.errlog.read()
        except (OSError, ValueError):
            return []
        return [line for line in text.splitlines() if line.strip()][-lines:]

    def close(self) -> None:
        """Release the stderr file (the process is stopped by whoever took it)."""
        self.errlog.close()


def discard_all(processes: Iterable[ServerProcess]) -> None:
    """Stop, all at once, the processes nobody took. They never had a request, so: close their
    stdin, wait for all of them together, then terminate the ones left, then kill."""
    left = [p for p in processes if not p.taken]
    for item in left:
        item.taken = True
        for pipe in (item.process.stdin, item.process.stdout):
            if pipe is not None:
                pipe.close()
    running = [p.process for p in left]
    for sig, grace in ((None, STOP_GRACE_SECONDS), (signal.SIGTERM, KILL_GRACE_SECONDS)):
        if sig is not None:
            for process in running:
                _signal_group(process, sig)
        deadline = time.monotonic() + grace
        while running and time.monotonic() < deadline:
            running = [process for process in running if process.poll() is None]
            if running:
                time.sleep(_POLL_SECONDS)
    for process in running:
        _signal_group(process, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(KILL_GRACE_SECONDS)
    for item in left:
        item.close()


def prestart(settings: Settings, names: Iterable[str] | None = None) -> dict[str, ServerProcess]:
    """Spawn the stdio servers of `settings` (or just `names`) now; one that cannot be spawned
    is left to its connection, which reports it the usual way."""
    started: dict[str, ServerProcess] = {}
    wanted = set(settings.servers) if names is None else set(names)
    for name, entry in settings.servers.items():
        if name not in wanted or entry.problem or entry.transport != "stdio":
            continue
        try:
            started[name] = launch_for(entry).spawn(name)
        except (OSError, ValueError) as exc:
            logger.debug("early start of %r failed (%s); its connection will report it", name, exc)
    return started


@contextlib.asynccontextmanager
async def process_transport(process: subprocess.Popen[bytes]) -> AsyncIterator[TransportStreams]:
    """MCP over the pipes of a running server process; stops the process on exit."""
    import anyio
    import mcp_types
    from mcp.shared.message import SessionMessage

    assert process.stdin is not None and process.stdout is not None
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=_LINE_LIMIT)
    read_transport: asyncio.ReadTransport | None = None
    try:  # cancelled here, before the session's `finally`, the process must still be stopped
        read_transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), process.stdout
        )
        write_transport, write_protocol = await loop.connect_write_pipe(
            lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), process.stdin
        )
    except BaseException:
        process.stdin.close()
        try:
            with anyio.CancelScope(shield=True):
                await _stop(process)
        finally:  # a transport left open warns when it is collected, in whatever runs then
            if read_transport is not None:
                read_transport.close()
            process.stdout.close()
        raise
    writer = asyncio.StreamWriter(write_transport, write_protocol, None, loop)

    read_send, read_receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_send, write_receive = anyio.create_memory_object_stream[SessionMessage](0)

    async def stdout_reader() -> None:
        async with read_send:
            while True:
                try:
                    line = await reader.readline()
                except (ConnectionError, ValueError, OSError) as exc:
                    logger.debug("reading the server's stdout failed: %s", exc)
                    return
                if not line:
                    return  # the process closed its stdout: the session sees the stream end
                text = line.decode("utf-8", errors="replace").strip()
                if not text:
                    continue
                item: SessionMessage | Exception
                try:
                    message = mcp_types.jsonrpc_message_adapter.validate_json(text, by_name=False)
                    item = SessionMessage(message)
                except ValueError as exc:
                    logger.warning("the server wrote a line that is not JSON-RPC")
                    item = exc
                try:
                    await read_send.send(item)
                except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                    return

    async def stdin_writer() -> None:
        try:
            async with write_receive:
                async for session_message in write_receive:
                    data = session_message.message.model_dump_json(
                        by_alias=True, exclude_unset=True
                    )
                    writer.write((data + "\n").encode("utf-8"))
                    await writer.drain()
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, ConnectionError, OSError):
            await read_send.aclose()

    async with anyio.create_task_group() as tg:
        tg.start_soon(stdout_reader)
        tg.start_soon(stdin_writer)
        try:
            yield read_receive, write_send
        finally:
            with anyio.CancelScope(shield=True):
                write_send.close()
                read_receive.close()
                writer.close()  # closes the server's stdin: the spec's first shutdown step
                try:
                    await _stop(process)
                finally:
                    read_transport.close()
            tg.cancel_scope.cancel()


async def _wait_exit(process: subprocess.Popen[bytes], timeout: float) -> bool:
    deadline = asyncio.get_running_loop().time() + timeout
    while process.poll() is None:
        if asyncio.get_running_loop().time() >= deadline:
            return False
        await asyncio.sleep(_POLL_SECONDS)
    return True


async def _stop(process: subprocess.Popen[bytes]) -> None:
    if await _wait_exit(process, STOP_GRACE_SECONDS):
        return
    _signal_group(process, signal.SIGTERM)
    if await _wait_exit(process, KILL_GRACE_SECONDS):
        return
    _signal_group(process, signal.SIGKILL)
    if not await _wait_exit(process, KILL_GRACE_SECONDS):
        logger.warning("server process %d is still alive after SIGKILL; abandoning it", process.pid)


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)
