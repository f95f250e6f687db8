"""A bundled server as a real process over stdio, spoken to in raw JSON-RPC lines.

What the fuzzer needs beyond an SDK client: arguments are written with ``json.dumps`` (a lone
surrogate goes out as the escape ``\\ud800``, as any client in another language would send it),
every reply is waited for with a deadline (a missing one is a *hang*), and a process that dies
is noticed (a *crash*) and started again, so a run counts failures instead of stopping at one.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import anyio.from_thread
import mcp_types as types

from tests._http_server import REPO
from tests.servers.bundled import BundledServer

__all__ = ["Reply", "StdioSession", "stdio_session"]

REPLY_TIMEOUT = 30.0


@dataclass(frozen=True)
class Reply:
    """What one request got: a result, a JSON-RPC error, nothing in time (``hang``), or the
    process's end (``crash``)."""

    kind: str  # "result" | "rpc_error" | "hang" | "crash"
    message: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return json.dumps(self.message, ensure_ascii=False)


class _Process:
    """One server process: lines out, replies in by id."""

    def __init__(self, server: BundledServer, folder: Path) -> None:
        self.server, self.folder = server, folder
        self.process: anyio.abc.Process | None = None
        self.buffer = b""
        self.next_id = 1
        self.stderr = (folder / f"{server.name}.stderr").open("ab")

    async def start(self) -> None:
        self.process = await anyio.open_process(
            [sys.executable, "-m", self.server.module, *self.server.server_args(self.folder)],
            cwd=REPO,
            stderr=self.stderr,
        )
        self.buffer = b""
        hello = await self.request(
            "initialize",
            {
                "protocolVersion": types.LATEST_PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "fuzz", "version": "1"},
            },
        )
        if hello.kind != "result":
            raise RuntimeError(f"{self.server.name} did not start: {hello}")
        await self._write({"jsonrpc": "2.0", "method": "notifications/initialized"})

    async def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        if process.stdin is not None:
            await process.stdin.aclose()
        with anyio.move_on_after(10):
            await process.wait()
        if process.returncode is None:
            process.kill()
            await process.wait()
        await process.aclose()

    async def _write(self, message: dict[str, Any]) -> None:
        assert self.process is not None and self.process.stdin is not None
        await self.process.stdin.send(json.dumps(message).encode() + b"\n")

    async def request(self, method: str, params: dict[str, Any]) -> Reply:
        request_id = self.next_id
        self.next_id += 1
        try:
            await self._write(
                {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
            )
            with anyio.fail_after(REPLY_TIMEOUT):
                while True:
                    message = await self._receive()
                    if message.get("id") == request_id:
                        break
        except TimeoutError:
            return Reply("hang")
        except (anyio.EndOfStream, anyio.BrokenResourceError, anyio.ClosedResourceError):
            return Reply("crash")
        return Reply("rpc_error" if "error" in message else "result", message)

    async def _receive(self) -> dict[str, Any]:
        assert self.process is not None and self.process.stdout is not None
        while b"\n" not in self.buffer:
            self.buffer += await self.process.stdout.receive()
        line, self.buffer = self.buffer.split(b"\n", 1)
        return dict(json.loads(line))


class StdioSession:
    """A server over stdio driven from synchronous code; restarted after a hang or a crash."""

    def __init__(self, portal: anyio.from_thread.BlockingPortal, process: _Process) -> None:
        self._portal, self._process = portal, process

    def request(self, method: str, params: dict[str, Any]) -> Reply:
        reply = self._portal.call(self._process.request, method, params)
        if reply.kind in ("hang", "crash"):
            self._portal.call(self._restart)
        return reply

    async def _restart(self) -> None:
        await self._process.stop()
        await self._process.start()

    def call(self, tool: str, arguments: dict[str, Any]) -> Reply:
        return self.request("tools/call", {"name": tool, "arguments": arguments})

    def tools(self) -> dict[str, types.Tool]:
        reply = self.request("tools/list", {})
        listed = types.ListToolsResult.model_validate(reply.message["result"])
        return {tool.name: tool for tool in listed.tools}


@contextmanager
def stdio_session(server: BundledServer, folder: Path) -> Iterator[StdioSession]:
    """``server`` started over stdio with its state in ``folder``; stopped on exit."""
    folder.mkdir(parents=True, exist_ok=True)
    process = _Process(server, folder)
    try:
        with anyio.from_thread.start_blocking_portal() as portal:
            portal.call(process.start)
            try:
                yield StdioSession(portal, process)
            finally:
                portal.call(process.stop)
    finally:
        process.stderr.close()
