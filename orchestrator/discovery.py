"""Servers up, tools catalogued, failures reported.

Every configured server is connected in parallel, each by the one connect routine
(`ServerConnection.open`), which start, reconnect and restart all use: spawn (or take the process
started early) or dial the URL, speak MCP with `mcp.Client`, list the tools. A server that fails
is reported with its reason and the last lines of its stderr and skipped; a `required` one raises
`ServerStartError`. A server that dies during a session (its transport closes) is restarted once
at its next use; if that fails too, its tools are withdrawn.

Each connection lives in a task of its own: the MCP client's contexts must be left by the task
that entered them, and this way connections open in parallel and close in any order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any, Literal

import anyio
from mcp import Client, MCPError
from mcp_types import CONNECTION_CLOSED, CallToolResult, Tool

from orchestrator.catalogue import Catalogue, build_catalogue
from orchestrator.config import MCPServerSettings, Settings
from orchestrator.errors import ServerStartError, ServerUnavailableError, UsageError
from orchestrator.stdio import (
    ServerProcess,
    discard_all,
    launch_for,
    process_transport,
    resolve_command,
)

__all__ = ["ClientHandlers", "Discovery", "ServerConnection", "ServerReport", "describe_failure"]

logger = logging.getLogger(__name__)

DEFAULT_CALL_TIMEOUT_SECONDS = 300.0
_LIST_PAGES = 100  # a server that pages forever cannot hang discovery

ServerState = Literal["up", "down", "withdrawn"]


@dataclass
class ServerReport:
    """What happened to one server."""

    name: str
    state: ServerState
    required: bool = False
    reason: str | None = None
    stderr: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    missing_tools: list[str] = field(default_factory=list)
    restarted: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "state": self.state,
            "required": self.required,
            "reason": self.reason,
            "stderr": self.stderr,
            "tools": self.tools,
            "missing_tools": self.missing_tools,
            "restarted": self.restarted,
        }

    def describe(self) -> str:
        """One line (plus stderr lines) saying why the server is not usable."""
        text = f"server {self.name!r} is {self.state}: {self.reason or 'unknown reason'}"
        if self.stderr:
            text += "\n" + "\n".join(f"    stderr: {line}" for line in self.stderr)
        return text


@dataclass(frozen=True)
class ClientHandlers:
    """What the client answers when a server asks (elicitation, sampling, roots) or tells (logs,
    notifications); given to every connection. None: the MCP SDK's default."""

    elicitation: Callable[..., Awaitable[Any]] | None = None
    sampling: Callable[..., Awaitable[Any]] | None = None
    list_roots: Callable[..., Awaitable[Any]] | None = None
    logging: Callable[..., Awaitable[None]] | None = None
    message: Callable[..., Awaitable[None]] | None = None

    def client_options(self) -> dict[str, Any]:
        options = {
            "elicitation_callback": self.elicitation,
            "sampling_callback": self.sampling,
            "list_roots_callback": self.list_roots,
            "logging_callback": self.logging,
            "message_handler": self.message,
        }
        return {k: v for k, v in options.items() if v is not None}


def describe_failure(entry: MCPServerSettings, exc: BaseException, timeout: float) -> str:
    """A short reason for a failed connection."""
    leaf = exc
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    if isinstance(leaf, FileNotFoundError) or (
        isinstance(leaf, PermissionError) and entry.transport == "stdio"
    ):
        command = resolve_command(entry.command or "", entry.env.get("PATH"))
        if isinstance(leaf, FileNotFoundError):
            return f"command not found: {command}"
        return f"cannot run {command}: {leaf.strerror or leaf}"
    if isinstance(leaf, TimeoutError):
        return f"no MCP handshake within {timeout:g}s"
    if _is_connection_lost(leaf):
        if entry.transport == "stdio":
            return "the process exited before the MCP handshake"
        return "the connection was closed"
    text = str(leaf) or type(leaf).__name__
    if entry.transport != "stdio":
        return f"cannot reach {entry.url}: {text}"
    return text


def _is_connection_lost(exc: BaseException) -> bool:
    """The transport went away: its error type or the MCP error code says so."""
    leaf = exc
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    if isinstance(leaf, MCPError):
        return leaf.code == CONNECTION_CLOSED
    return isinstance(
        leaf,
        anyio.ClosedResourceError | anyio.BrokenResourceError | BrokenPipeError | ConnectionError,
    )


class ServerConnection:
    """One server's MCP client, in a task of its own: `open`, `call`, `aclose`."""

    def __init__(
        self,
        entry: MCPServerSettings,
        *,
        timeout: float,
        process: ServerProcess | None = None,
        handlers: ClientHandlers | None = None,
    ) -> None:
        self.entry = entry
        self.timeout = timeout
        self.process = process  # the one spawned early, if its launch is still this one
        self.handlers = handlers or ClientHandlers()
        self.client: Client | None = None
        self._opened: asyncio.Future[list[Tool]] | None = None
        self._closing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def alive(self) -> bool:
        return self.client is not None and self._task is not None and not self._task.done()

    def stderr_tail(self) -> list[str]:
        return self.process.stderr_tail() if self.process is not None else []

    async def open(self) -> list[Tool]:
        """Connect and list the tools, within the startup timeout. Raises what failed."""
        self._opened = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._run(), name=f"mcp-server:{self.entry.name}")
        return await asyncio.shield(self._opened)

    async def _run(self) -> None:
        assert self._opened is not None
        try:
            async with AsyncExitStack() as stack:
                try:
                    async with asyncio.timeout(self.timeout):
                        client = Client(
                            await self._transport(stack),
                            mode="legacy",
                            read_timeout_seconds=self.entry.read_timeout_seconds
                            or DEFAULT_CALL_TIMEOUT_SECONDS,
                            cache=None,
                            **self.handlers.client_options(),
                        )
                        await stack.enter_async_context(client)
                        tools = await _list_tools(client)
                except Exception as exc:
                    self._opened.set_exception(exc)
                    return
                self.client = client
                self._opened.set_result(tools)
                await self._closing.wait()
        except Exception as exc:  # the transport failed while the session was open, or on close
            logger.debug("server %r: connection ended: %r", self.entry.name, exc)
        finally:
            if not self._opened.done():
                self._opened.set_exception(ConnectionError("the connection task ended"))
            self.client = None

    async def _transport(self, stack: AsyncExitStack) -> Any:
        entry = self.entry
        if entry.transport == "stdio":
            launch = launch_for(entry)
            if self.process is not None and self.process.launch != launch:
                discard_all([self.process])  # started early, but the config changed since
                self.process.close()
                self.process = None
            process = self.process.take() if self.process is not None else None
            if process is None:
                self.process = launch.spawn(entry.name)
                process = self.process.take()
                assert process is not None
            return process_transport(process)
        assert entry.url is not None
        if entry.transport == "sse":
            from mcp.client.sse import sse_client

            return sse_client(
                entry.url,
                headers=dict(entry.headers),
                timeout=entry.http_timeout_seconds or 30.0,
                sse_read_timeout=entry.read_timeout_seconds or DEFAULT_CALL_TIMEOUT_SECONDS,
            )
        import httpx2
        from mcp.client.streamable_http import streamable_http_client

        http = httpx2.AsyncClient(
            headers=dict(entry.headers),
            timeout=httpx2.Timeout(
                entry.http_timeout_seconds or 30.0,
                read=entry.read_timeout_seconds or DEFAULT_CALL_TIMEOUT_SECONDS,
            ),
        )
        await stack.enter_async_context(http)
        return streamable_http_client(entry.url, http_client=http)

    async def call(self, tool: str, arguments: dict[str, Any]) -> CallToolResult:
        """Call a tool; `ConnectionError` when the connection is gone."""
        client = self.client
        if client is None or not self.alive:
            raise ConnectionError(f"server {self.entry.name!r} is not connected")
        try:
            return await client.call_tool(tool, arguments)
        except Exception as exc:
            if _is_connection_lost(exc):
                raise ConnectionError(f"server {self.entry.name!r}: {exc}") from exc
            raise

    async def aclose(self) -> None:
        self._closing.set()
        if self._task is not None:
            try:
                await self._task
            finally:
                if self.process is not None:
                    self.process.close()


async def _list_tools(client: Client) -> list[Tool]:
    tools: list[Tool] = []
    cursor: str | None = None
    for _ in range(_LIST_PAGES):
        page = await (client.list_tools(cursor=cursor) if cursor else client.list_tools())
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            break
    return tools


class Discovery:
    """The configured servers: connected, catalogued, called, restarted, closed.

    Use as an async context manager; `reports` and `catalogue` are filled on entry.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        prestarted: Mapping[str, ServerProcess] | None = None,
        handlers: ClientHandlers | None = None,
    ) -> None:
        self.settings = settings
        self.timeout = settings.orchestrator.startup_timeout_seconds
        self.handlers = handlers or ClientHandlers()
        self.reports: dict[str, ServerReport] = {}
        self.catalogue = Catalogue()
        self._prestarted = dict(prestarted or {})
        self._connections: dict[str, ServerConnection] = {}
        self._listed: dict[str, list[Tool]] = {}
        self._closed: list[ServerConnection] = []
        self._restart_lock = asyncio.Lock()

    async def __aenter__(self) -> Discovery:
        try:
            await self._start()
        except BaseException:
            await self.aclose()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        connections = [*self._connections.values(), *self._closed]
        self._connections.clear()
        self._closed.clear()
        try:
            with anyio.CancelScope(shield=True):
                await asyncio.gather(*(c.aclose() for c in connections), return_exceptions=True)
        finally:
            discard_all(self._prestarted.values())
            for process in self._prestarted.values():
                process.close()

    @property
    def degraded(self) -> bool:
        return any(r.state != "up" or r.missing_tools for r in self.reports.values())

    def connection(self, name: str) -> ServerConnection:
        """The live connection to server `name` (`KeyError` when it is not up)."""
        return self._connections[name]

    def down(self) -> list[ServerReport]:
        return [r for r in self.reports.values() if r.state != "up"]

    async def connect(self, entry: MCPServerSettings) -> ServerReport:
        """The one connect routine: start `entry`'s server and catalogue its tools."""
        name = entry.name
        if entry.problem:
            return ServerReport(name, "down", required=entry.required, reason=entry.problem)
        connection = ServerConnection(
            entry,
            timeout=self.timeout,
            process=self._prestarted.pop(name, None),
            handlers=self.handlers,
        )
        try:
            tools = await connection.open()
        except Exception as exc:
            report = ServerReport(
                name,
                "down",
                required=entry.required,
                reason=describe_failure(entry, exc, self.timeout),
                stderr=connection.stderr_tail(),
            )
            logger.warning("%s", report.describe())
            self._closed.append(connection)
            return report
        old = self._connections.pop(name, None)
        if old is not None:
            self._closed.append(old)
        self._connections[name] = connection
        self._listed[name] = tools
        names = [
            t.name for t in tools if entry.allowed_tools is None or t.name in entry.allowed_tools
        ]
        missing = [t for t in entry.expected_tools if t not in names]
        for tool_name in missing:
            logger.warning(
                "server %r does not offer expected tool %r; going on without it", name, tool_name
            )
        return ServerReport(name, "up", required=entry.required, tools=names, missing_tools=missing)

    async def _start(self) -> None:
        entries = list(self.settings.servers.values())
        reports = await asyncio.gather(*(self.connect(e) for e in entries))
        self.reports = {r.name: r for r in reports}
        failed_required = [r for r in reports if r.required and r.state != "up"]
        if failed_required:
            raise ServerStartError("\n".join(r.describe() for r in failed_required))
        self._catalogue()

    def _catalogue(self) -> None:
        up = {n: t for n, t in self._listed.items() if self.reports[n].state == "up"}
        self.catalogue = build_catalogue(up, self.settings.servers)

    async def reconnect(self, name: str) -> ServerReport:
        """Start a server that is down or withdrawn again; its tools join the catalogue."""
        entry = self.settings.servers.get(name)
        if entry is None:
            known = ", ".join(self.settings.servers) or "none"
            raise UsageError(f"no server named {name!r} in the config (known: {known})")
        report = self.reports.get(name)
        if report is not None and report.state == "up":
            return report
        self.reports[name] = await self.connect(entry)
        self._catalogue()
        return self.reports[name]

    async def call(self, name: str, arguments: dict[str, Any]) -> CallToolResult:
        """Call a catalogued tool; restart its server once if it has died."""
        tool = self.catalogue.get(name)
        connection = self._connections.get(tool.server)
        if connection is not None:
            try:
                return await connection.call(tool.tool_name, arguments)
            except ConnectionError:
                logger.warning("server %r stopped; restarting it once", tool.server)
        connection = await self._restart(tool.server, connection)
        try:
            return await connection.call(tool.tool_name, arguments)
        except ConnectionError as exc:
            self._withdraw(tool.server, "stopped again after its one restart")
            raise ServerUnavailableError(tool.server, self.reports[tool.server].describe()) from exc

    def _withdraw(self, name: str, reason: str) -> None:
        report = self.reports[name]
        report.state, report.reason = "withdrawn", reason
        self.catalogue = self.catalogue.without(name)
        logger.warning("%s; its tools are withdrawn", report.describe())

    async def _restart(self, name: str, dead: ServerConnection | None) -> ServerConnection:
        async with self._restart_lock:
            report = self.reports[name]
            current = self._connections.get(name)
            if current is not None and current is not dead and current.alive:
                return current  # another call restarted it already
            if report.restarted or report.state != "up":
                if report.state == "up":
                    self._withdraw(name, "stopped again after its one restart")
                raise ServerUnavailableError(name, report.describe())
            fresh = await self.connect(self.settings.servers[name])
            if fresh.state != "up":
                report.stderr = fresh.stderr
                self._withdraw(
                    name, "stopped during the session and did not restart: " + (fresh.reason or "")
                )
                raise ServerUnavailableError(name, report.describe())
            fresh.restarted = True
            self.reports[name] = fresh
            self._catalogue()
            return self._connections[name]
