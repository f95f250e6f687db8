"""Servers up, tools catalogued, failures reported.

All configured servers are connected in parallel through openai-agents' `MCPServerManager`
(startup costs about as much as the slowest server). A server that fails is reported with its
reason and the last lines of its stderr and skipped; a `required` one raises `ServerStartError`.
A server that dies during a session is restarted once at its next use; if that fails its tools
are withdrawn.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import tempfile
from collections import Counter
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any, Literal, TextIO

from agents.mcp import (
    MCPServer,
    MCPServerManager,
    MCPServerSse,
    MCPServerStdio,
    MCPServerStreamableHttp,
)
from mcp.client.stdio import stdio_client
from mcp.types import CallToolResult, Tool

from orchestrator.config import MCPServerSettings, Settings
from orchestrator.errors import ServerStartError, UsageError
from orchestrator.stdio import (
    Prestarted,
    adopted_stdio_client,
    discard_all,
    launch_for,
    resolve_command,
)

__all__ = ["Catalogue", "CatalogueTool", "Discovery", "ServerGoneError", "ServerReport"]

logger = logging.getLogger(__name__)

DESTRUCTIVE_PREFIXES = ("delete_", "remove_", "cancel_")
STDERR_LINES = 5
_CONNECTION_CLOSED = -32000

ServerState = Literal["up", "down", "withdrawn"]


@dataclass(frozen=True)
class CatalogueTool:
    """One tool as offered to the provider."""

    name: str
    server: str
    tool_name: str
    description: str
    input_schema: dict[str, Any]
    destructive: bool


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


class ServerGoneError(Exception):
    """A server died and could not be restarted; its tools are withdrawn."""


@dataclass
class Catalogue:
    """The tools of every server that is up, by the name offered to the provider."""

    tools: dict[str, CatalogueTool] = field(default_factory=dict)

    def by_server(self) -> dict[str, list[CatalogueTool]]:
        grouped: dict[str, list[CatalogueTool]] = {}
        for tool in self.tools.values():
            grouped.setdefault(tool.server, []).append(tool)
        return grouped


class _StdioServer(MCPServerStdio):
    """`MCPServerStdio` that keeps the child's stderr in a temporary file, for reports, and
    adopts the process started early for it (see `orchestrator.stdio`) on its first connect."""

    def __init__(self, *args: Any, prestarted: Prestarted | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prestarted = prestarted
        # Closed in close_errlog(), when discovery ends: it outlives this call.
        self.errlog: TextIO = (
            prestarted.errlog
            if prestarted is not None
            else tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115
        )

    def create_streams(self) -> Any:
        process = self._prestarted.take() if self._prestarted is not None else None
        if process is not None:
            return adopted_stdio_client(process)
        return stdio_client(self.params, errlog=self.errlog)

    def stderr_tail(self, lines: int = STDERR_LINES) -> list[str]:
        try:
            self.errlog.flush()
            self.errlog.seek(0)
            text = self.errlog.read()
        except (OSError, ValueError):
            return []
        return [line for line in text.splitlines() if line.strip()][-lines:]

    def close_errlog(self) -> None:
        self.errlog.close()


def is_destructive(tool: Tool) -> bool:
    annotations = tool.annotations
    hint = getattr(annotations, "destructive_hint", None) if annotations else None
    return bool(hint) or tool.name.startswith(DESTRUCTIVE_PREFIXES)


def build_server(
    settings: MCPServerSettings, timeout: float, prestarted: Prestarted | None = None
) -> MCPServer:
    """An openai-agents MCP server object for one config entry (adopting `prestarted`, if it
    was launched the same way)."""
    read_timeout = settings.read_timeout_seconds or 30.0
    if settings.transport == "stdio":
        launch = launch_for(settings)
        if prestarted is not None and prestarted.launch != launch:
            prestarted.discard()
            prestarted = None
        return _StdioServer(
            launch.as_params(),
            prestarted=prestarted,
            name=settings.name,
            cache_tools_list=True,
            client_session_timeout_seconds=read_timeout,
        )
    http: dict[str, Any] = {"url": settings.url, "headers": dict(settings.headers)}
    if settings.http_timeout_seconds:
        http["timeout"] = settings.http_timeout_seconds
    if settings.transport == "sse":
        return MCPServerSse(
            http,  # type: ignore[arg-type]
            name=settings.name,
            cache_tools_list=True,
            client_session_timeout_seconds=read_timeout,
        )
    return MCPServerStreamableHttp(
        http,  # type: ignore[arg-type]
        name=settings.name,
        cache_tools_list=True,
        client_session_timeout_seconds=read_timeout,
    )


def describe_failure(settings: MCPServerSettings, exc: BaseException, timeout: float) -> str:
    """A short reason for a failed connection."""
    leaf = exc
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    if isinstance(leaf, FileNotFoundError) or (
        isinstance(leaf, PermissionError) and settings.transport == "stdio"
    ):
        command = resolve_command(settings.command or "")
        if shutil.which(command) is None:
            return f"command not found: {command}"
        return f"cannot run {command}: {leaf.strerror or leaf}"
    if isinstance(leaf, TimeoutError):
        return f"no MCP handshake within {timeout:g}s"
    code = getattr(getattr(leaf, "error", None), "code", getattr(leaf, "code", None))
    if code == _CONNECTION_CLOSED or "Connection closed" in str(leaf):
        if settings.transport == "stdio":
            return "the process exited before the MCP handshake"
        return "the connection was closed"
    text = str(leaf) or type(leaf).__name__
    if settings.transport != "stdio":
        return f"cannot reach {settings.url}: {text}"
    return text


class Discovery:
    """Connects the configured servers and routes tool calls to them.

    Use as an async context manager; `reports` and `catalogue` are filled on entry.
    """

    def __init__(self, settings: Settings, prestarted: dict[str, Prestarted] | None = None) -> None:
        self.settings = settings
        self._prestarted = dict(prestarted or {})
        self.timeout = settings.orchestrator.startup_timeout_seconds
        self.reports: dict[str, ServerReport] = {}
        self.catalogue = Catalogue()
        self._offered: dict[str, list[Tool]] = {}
        self._servers: dict[str, MCPServer] = {}
        self._created: list[MCPServer] = []
        self._stack = AsyncExitStack()
        self._restart_lock = asyncio.Lock()

    async def __aenter__(self) -> Discovery:
        await self._stack.__aenter__()
        try:
            await self._start()
        except BaseException:
            await self.aclose()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        try:
            await self._stack.aclose()
        finally:
            discard_all(self._prestarted.values())
            for server in self._created:
                if isinstance(server, _StdioServer):
                    server.close_errlog()

    @property
    def degraded(self) -> bool:
        return any(r.state != "up" or r.missing_tools for r in self.reports.values())

    def down(self) -> list[ServerReport]:
        return [r for r in self.reports.values() if r.state != "up"]

    async def _start(self) -> None:
        candidates: list[tuple[MCPServerSettings, MCPServer]] = []
        for name, entry in self.settings.servers.items():
            if entry.problem:
                self.reports[name] = ServerReport(
                    name, "down", required=entry.required, reason=entry.problem
                )
                continue
            server = build_server(entry, self.timeout, self._prestarted.get(name))
            candidates.append((entry, server))
            self._created.append(candidates[-1][1])
        manager = MCPServerManager(
            [server for _, server in candidates],
            connect_in_parallel=True,
            connect_timeout_seconds=self.timeout,
            cleanup_timeout_seconds=5.0,
        )
        await self._stack.enter_async_context(manager)
        errors = {server.name: exc for server, exc in manager.errors.items()}
        listed = await asyncio.gather(
            *(self._list(server) for _, server in candidates if server.name not in errors),
            return_exceptions=True,
        )
        tools: dict[str, list[Tool]] = {}
        up = [server for _, server in candidates if server.name not in errors]
        for server, result in zip(up, listed, strict=True):
            if isinstance(result, BaseException):
                errors[server.name] = result
            else:
                tools[server.name] = result
        for entry, server in candidates:
            self._servers[entry.name] = server
            if entry.name in errors:
                report = ServerReport(
                    entry.name,
                    "down",
                    required=entry.required,
                    reason=describe_failure(entry, errors[entry.name], self.timeout),
                    stderr=server.stderr_tail() if isinstance(server, _StdioServer) else [],
                )
                logger.warning("%s", report.describe())
            else:
                tools[entry.name], report = self._up(entry, tools[entry.name])
            self.reports[entry.name] = report
        failed_required = [r for r in self.reports.values() if r.required and r.state != "up"]
        if failed_required:
            raise ServerStartError("\n".join(r.describe() for r in failed_required))
        self._build_catalogue(tools)

    def _up(self, entry: MCPServerSettings, offered: list[Tool]) -> tuple[list[Tool], ServerReport]:
        """The tools a server that came up offers (after `allowed_tools`), and its report."""
        if entry.allowed_tools is not None:
            offered = [t for t in offered if t.name in entry.allowed_tools]
        names = [t.name for t in offered]
        missing = [t for t in entry.expected_tools if t not in names]
        for tool_name in missing:
            logger.warning(
                "server %r does not offer expected tool %r; going on without it",
                entry.name,
                tool_name,
            )
        report = ServerReport(
            entry.name, "up", required=entry.required, tools=names, missing_tools=missing
        )
        return offered, report

    async def reconnect(self, name: str) -> ServerReport:
        """Start a server that is down or withdrawn again; its tools join the catalogue."""
        entry = self.settings.servers.get(name)
        if entry is None:
            known = ", ".join(self.settings.servers) or "none"
            raise UsageError(f"no server named {name!r} in the config (known: {known})")
        report = self.reports.get(name)
        if entry.problem or (report is not None and report.state == "up"):
            return self.reports[name]
        fresh = build_server(entry, self.timeout)
        self._created.append(fresh)
        manager = MCPServerManager(
            [fresh], connect_timeout_seconds=self.timeout, cleanup_timeout_seconds=5.0
        )
        await self._stack.enter_async_context(manager)
        error: BaseException | None = manager.errors.get(fresh)
        offered: list[Tool] = []
        if error is None:
            try:
                offered = await self._list(fresh)
            except Exception as exc:
                error = exc
        self._servers[name] = fresh
        if error is not None:
            report = ServerReport(
                name,
                "down",
                required=entry.required,
                reason=describe_failure(entry, error, self.timeout),
                stderr=fresh.stderr_tail() if isinstance(fresh, _StdioServer) else [],
            )
        else:
            self._offered[name], report = self._up(entry, offered)
            self._build_catalogue(self._offered)
        self.reports[name] = report
        return report

    async def _list(self, server: MCPServer) -> list[Tool]:
        async with asyncio.timeout(self.timeout):
            return await server.list_tools()

    def _build_catalogue(self, tools: dict[str, list[Tool]]) -> None:
        self._offered = tools
        counts = Counter(t.name for offered in tools.values() for t in offered)
        catalogue: dict[str, CatalogueTool] = {}
        for server_name in self.settings.servers:
            for tool in tools.get(server_name, []):
                exposed = tool.name if counts[tool.name] == 1 else f"{server_name}__{tool.name}"
                catalogue[exposed] = CatalogueTool(
                    name=exposed,
                    server=server_name,
                    tool_name=tool.name,
                    description=tool.description or "",
                    input_schema=dict(tool.input_schema or {"type": "object", "properties": {}}),
                    destructive=is_destructive(tool),
                )
        self.catalogue = Catalogue(catalogue)

    async def call(self, name: str, arguments: dict[str, Any]) -> CallToolResult:
        """Call a catalogued tool; restart its server once if it has died."""
        tool = self.catalogue.tools.get(name)
        if tool is None:
            raise KeyError(name)
        server = self._servers[tool.server]
        try:
            return await server.call_tool(tool.tool_name, arguments)
        except Exception as exc:
            if not _is_connection_lost(exc):
                raise
            logger.warning("server %r stopped; restarting it once", tool.server)
        server = await self._restart(tool.server, server)
        try:
            return await server.call_tool(tool.tool_name, arguments)
        except Exception as exc:
            if not _is_connection_lost(exc):
                raise
            self._withdraw(tool.server, "stopped again after its one restart")
            raise ServerGoneError(self.reports[tool.server].describe()) from exc

    def _withdraw(self, name: str, reason: str) -> None:
        report = self.reports[name]
        report.state, report.reason = "withdrawn", reason
        self.catalogue = Catalogue(
            {k: t for k, t in self.catalogue.tools.items() if t.server != name}
        )
        logger.warning("%s; its tools are withdrawn", report.describe())

    async def _restart(self, name: str, dead: MCPServer) -> MCPServer:
        async with self._restart_lock:
            report = self.reports[name]
            if self._servers[name] is not dead:  # another call restarted it already
                return self._servers[name]
            if report.restarted or report.state != "up":
                if report.state == "up":
                    self._withdraw(name, "stopped again after its one restart")
                raise ServerGoneError(report.describe())
            report.restarted = True
            entry = self.settings.servers[name]
            fresh = build_server(entry, self.timeout)
            self._created.append(fresh)
            manager = MCPServerManager(
                [fresh], connect_timeout_seconds=self.timeout, cleanup_timeout_seconds=5.0
            )
            await self._stack.enter_async_context(manager)
            error = manager.errors.get(fresh)
            if error is None:
                try:
                    await self._list(fresh)
                except Exception as exc:
                    error = exc
            self._servers[name] = fresh
            if error is not None:
                report.stderr = fresh.stderr_tail() if isinstance(fresh, _StdioServer) else []
                self._withdraw(
                    name,
                    "stopped during the session and did not restart: "
                    + describe_failure(entry, error, self.timeout),
                )
                raise ServerGoneError(report.describe()) from error
            return fresh


def _is_connection_lost(exc: BaseException) -> bool:
    leaf = exc
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    code = getattr(getattr(leaf, "error", None), "code", getattr(leaf, "code", None))
    text = str(leaf)
    return (
        code == _CONNECTION_CLOSED
        or "Connection closed" in text
        or "Connection lost" in text
        or "not initialized" in text
        or isinstance(leaf, BrokenPipeError | ConnectionError)
    )
