"""Stdio servers: how each is launched, started early, and adopted by its MCP client.

Starting a one-shot costs mostly imports: the client side (mcp, openai-agents, a provider's SDK)
and each server's own. So the server processes are spawned first, with `subprocess` only, and
boot while the client is still importing; `adopted_stdio_client` then speaks MCP over the pipes
of the process already running, where `mcp.client.stdio.stdio_client` would spawn a new one.
Shutdown follows the MCP lifecycle as the SDK's client does: close stdin, wait, then terminate
the process group, then kill it.

This module imports only the standard library at load time (mcp is imported inside
`adopted_stdio_client`), so it can run before the heavy imports.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

from orchestrator.config import MCPServerSettings, Settings

if TYPE_CHECKING:
    from mcp.client._transport import TransportStreams

__all__ = [
    "Launch",
    "Prestarted",
    "adopted_stdio_client",
    "discard_all",
    "launch_for",
    "prestart",
]

logger = logging.getLogger(__name__)

STOP_GRACE_SECONDS = 2.0
KILL_GRACE_SECONDS = 2.0
_POLL_SECONDS = 0.01
_LINE_LIMIT = 64 * 1024 * 1024  # one JSON-RPC message per line; tool results can be large


def resolve_command(command: str) -> str:
    """`python`/`python3` mean this interpreter, so bundled servers run from any directory."""
    if command in ("python", "python3"):
        return sys.executable
    return command


@dataclass(frozen=True)
class Launch:
    """What is run for one stdio server: the same whether started early or by the client."""

    command: str
    args: tuple[str, ...]
    env: dict[str, str]
    cwd: str | None

    def as_params(self) -> dict[str, Any]:
        """The `params` of openai-agents' `MCPServerStdio`."""
        params: dict[str, Any] = {"command": self.command, "args": list(self.args), "env": self.env}
        if self.cwd:
            params["cwd"] = self.cwd
        return params


def launch_for(settings: MCPServerSettings) -> Launch:
    """The child inherits our environment (TZ, XDG_DATA_HOME, database URLs), plus `env`."""
    assert settings.command is not None
    return Launch(
        command=resolve_command(settings.command),
        args=tuple(settings.args),
        env={**os.environ, **settings.env},
        cwd=settings.cwd,
    )


@dataclass
class Prestarted:
    """A server process spawned early, waiting for its MCP client."""

    name: str
    launch: Launch
    process: subprocess.Popen[bytes]
    errlog: TextIO
    adopted: bool = field(default=False)

    def take(self) -> subprocess.Popen[bytes] | None:
        """The process, once, if it has not been adopted or discarded yet."""
        if self.adopted:
            return None
        self.adopted = True
        return self.process

    def discard(self) -> None:
        """Stop the process if no client adopted it (the client stops the ones it adopted)."""
        discard_all([self])


def discard_all(early: Iterable[Prestarted]) -> None:
    """Stop, all at once, the processes no client adopted. They never had a request, so: close
    their stdin, wait for all of them together, then terminate the ones left, then kill."""
    left = [p for p in early if not p.adopted]
    for item in left:
        item.adopted = True
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
        item.errlog.close()


def prestart(settings: Settings) -> dict[str, Prestarted]:
    """Spawn every stdio server of `settings` now; a launch that fails is left to the client,
    which reports it the usual way. `ORCHESTRATOR_EARLY_START=0` turns this off (the client
    then spawns each server itself, after its imports)."""
    started: dict[str, Prestarted] = {}
    if os.environ.get("ORCHESTRATOR_EARLY_START", "1").strip().lower() in ("0", "false", "no"):
        return started
    for name, entry in settings.servers.items():
        if entry.problem or entry.transport != "stdio" or entry.command is None:
            continue
        launch = launch_for(entry)
        errlog = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 (handed on)
        try:
            process = subprocess.Popen(
                [launch.command, *launch.args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errlog,
                env=launch.env,
                cwd=launch.cwd,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:
            errlog.close()
            logger.debug("early start of %r failed (%s); the client will retry", name, exc)
            continue
        started[name] = Prestarted(name, launch, process, errlog)
    return started


@contextlib.asynccontextmanager
async def adopted_stdio_client(process: subprocess.Popen[bytes]) -> AsyncIterator[TransportStreams]:
    """MCP over the pipes of a running server process; stops the process on exit."""
    import anyio
    import mcp_types
    from mcp.shared.message import SessionMessage

    assert process.stdin is not None and process.stdout is not None
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=_LINE_LIMIT)
    try:  # cancelled here, before the session's `finally`, the process must still be stopped
        read_transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), process.stdout
        )
        write_transport, write_protocol = await loop.connect_write_pipe(
            lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), process.stdin
        )
    except BaseException:
        process.stdin.close()
        with anyio.CancelScope(shield=True):
            await _stop(process)
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
                text = line.decode("utf-8").strip()
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
                await _stop(process)
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
