"""Run a bundled server over streamable HTTP in a subprocess, for transport tests.

The server is started with ``--port 0`` and announces the port it bound on stderr
(``NAME: serving MCP on URL``); the helpers wait for that line, so there is no port race and no
polling.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import anyio.abc
from anyio.streams.text import TextReceiveStream

REPO = Path(__file__).resolve().parents[1]
_ANNOUNCE = re.compile(r"serving MCP on (http://\S+)")


@dataclass
class HttpServerProcess:
    """A server process over streamable HTTP: its URL and what it wrote on stderr so far."""

    url: str
    process: anyio.abc.Process
    stderr_lines: list[str] = field(default_factory=list)

    @property
    def stderr(self) -> str:
        return "".join(self.stderr_lines)


async def _read_lines(
    stream: anyio.abc.ByteReceiveStream, into: list[str], announced: anyio.Event
) -> None:
    """Collect stderr lines; set ``announced`` at the announcement line or at end of stream."""
    pending = ""
    async for chunk in TextReceiveStream(stream, errors="replace"):
        pending += chunk
        *complete, pending = pending.split("\n")
        into.extend(line + "\n" for line in complete)
        if any(_ANNOUNCE.search(line) for line in complete):
            announced.set()
    if pending:
        into.append(pending)
    announced.set()


@asynccontextmanager
async def http_process(
    module: str,
    *args: str,
    env: Mapping[str, str] | None = None,
    timeout: float = 30,
) -> AsyncIterator[HttpServerProcess]:
    """Start ``python -m MODULE --transport streamable-http --port 0 ARGS...``; yield it once it
    listens. On exit it is stopped with SIGTERM and its stderr is read to the end."""
    command = [sys.executable, "-m", module, "--transport", "streamable-http", "--port", "0"]
    process = await anyio.open_process(
        [*command, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env={**os.environ, **(env or {})},
    )
    lines: list[str] = []
    assert process.stderr is not None
    try:
        async with anyio.create_task_group() as tg:
            announced = anyio.Event()
            tg.start_soon(_read_lines, process.stderr, lines, announced)
            with anyio.fail_after(timeout):
                await announced.wait()
            found = [m.group(1) for line in lines if (m := _ANNOUNCE.search(line))]
            if not found:
                raise AssertionError(f"{module} exited before serving:\n{''.join(lines)}")
            url = found[0]
            server = HttpServerProcess(url=url, process=process, stderr_lines=lines)
            try:
                yield server
            finally:
                if process.returncode is None:
                    process.terminate()
                with anyio.fail_after(15):
                    await process.wait()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await process.aclose()


@asynccontextmanager
async def http_server(
    module: str, database_url: str | None = None, *args: str, env: Mapping[str, str] | None = None
) -> AsyncIterator[str]:
    """Start ``python -m MODULE`` over streamable HTTP (on ``database_url`` when given); yield
    its MCP URL once it accepts connections."""
    extra: Sequence[str] = ("--database-url", database_url) if database_url else ()
    async with http_process(module, *extra, *args, env=env) as server:
        yield server.url
