"""Servers up, tools catalogued, failures reported; servers started as late as a request allows.

`Discovery` holds every configured server's `ServerReport` and the `Catalogue` of their tools,
and routes tool calls to them. How servers start (`start`):

- `all`: every server is connected on entry, in parallel (`tools`, `doctor`, `--no-cache`);
- `lazy`: a server whose tools are in the catalogue cache (`orchestrator.cache`) is not started
  (its state is `idle`) until a tool of its is called; the others start on entry. The offline
  router uses this: a request starts only the server it uses;
- `background`: as `lazy`, but the cached servers start at once in the background, while a
  model thinks over the cached catalogue (LLM providers).

A server whose allowed tools are all renamed with a schema of the caller's (`renamed`, see
`orchestrator.catalogue.RenamedTool`) is known as if it were cached: the agents gateway starts a
bound server only when one of its tools is called.

A server marked `required` always starts on entry. Each start goes through one connect routine
(`ServerConnection.open`, in `orchestrator.connection`): a server that fails is reported with its
reason and the last lines of its stderr; a `required` one raises `ServerStartError` as soon as it
has failed (the other starts are cancelled then, and their processes stopped). A server
that starts refreshes its cache entry; if a tool vanished since, the call fails with the tools it
offers now, and the model routes again on the fresh catalogue. A server that dies during a
session (its transport closes) is restarted once at its next use (once per request in a warm
orchestrator: `retry_down`); if that fails too, its tools are withdrawn. A call whose
connection could not be made (a remote server refusing it) was not sent: it is sent once after
the restart, and a remote server that still cannot be reached is down, with the reason a start
gives, not withdrawn. A server that says its tools changed (`notifications/tools/list_changed`) is
listed again and its part of the catalogue rebuilt.

This module imports no MCP code: a stdio server's process is spawned before the MCP SDK is
imported (`orchestrator.connection`), so it boots meanwhile.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from orchestrator import tracing
from orchestrator.cache import CatalogueCache
from orchestrator.catalogue import (
    Catalogue,
    CatalogueTool,
    ListedTool,
    RenamedTool,
    build_catalogue,
    described,
)
from orchestrator.config import MCPServerSettings, Settings
from orchestrator.errors import (
    CallInterruptedError,
    ServerStartError,
    ServerUnavailableError,
    UsageError,
)
from orchestrator.handlers import ClientHandlers
from orchestrator.stdio import ServerProcess, discard_all, launch_for

if TYPE_CHECKING:
    from mcp_types import CallToolResult

    from orchestrator.connection import ServerConnection

__all__ = ["Discovery", "ServerReport", "StartMode"]

logger = logging.getLogger(__name__)

ServerState = Literal["up", "idle", "down", "withdrawn"]
StartMode = Literal["all", "lazy", "background"]


@dataclass
class ServerReport:
    """What happened to one server (`idle`: known from the cache, not started yet)."""

    name: str
    state: ServerState
    required: bool = False
    reason: str | None = None
    stderr: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    missing_tools: list[str] = field(default_factory=list)
    restarted: bool = False
    retry: str | None = None  # how a warm orchestrator starts it again, when not waited for

    def describe(self) -> str:
        """One line (plus stderr lines) saying why the server is not usable."""
        text = f"server {self.name!r} is {self.state}: {self.reason or 'unknown reason'}"
        if self.retry:
            text += f" ({self.retry})"
        if self.stderr:
            text += "\n" + "\n".join(f"    stderr: {line}" for line in self.stderr)
        return text


@dataclass
class _Backoff:
    """A server whose last start failed slowly (it timed out, or took at least half the start-up
    timeout): started again only in the background, not before `due` (`time.monotonic()`)."""

    failures: int
    due: float


_BACKOFF_LIMIT = 300.0  # seconds: the longest wait between two background starts


def _report_up(
    entry: MCPServerSettings, tools: list[ListedTool], state: ServerState
) -> ServerReport:
    offered = build_catalogue({entry.name: tools}, {entry.name: entry}).tools.values()
    names = [t.tool_name for t in offered]  # after the config's allowed/include/exclude
    missing = [t for t in entry.expected_tools if t not in names]
    return ServerReport(
        entry.name, state, required=entry.required, tools=names, missing_tools=missing
    )


class Discovery:
    """The configured servers: started, catalogued, called, restarted, closed.

    Use as an async context manager; `reports` and `catalogue` are filled on entry.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        prestarted: Mapping[str, ServerProcess] | None = None,
        handlers: ClientHandlers | None = None,
        cache: CatalogueCache | None = None,
        start: StartMode = "all",
        renamed: Sequence[RenamedTool] = (),
    ) -> None:
        self.settings = settings
        self.timeout = settings.orchestrator.startup_timeout_seconds
        self.handlers = handlers or ClientHandlers()
        self.cache = cache
        self.start = start
        self.renamed = tuple(renamed)
        self.reports: dict[str, ServerReport] = {}
        self.catalogue = Catalogue()
        self._prestarted = dict(prestarted or {})
        self._connections: dict[str, ServerConnection] = {}
        self._every_connection: list[ServerConnection] = []
        self._listed: dict[str, list[ListedTool]] = {}
        self._starting: dict[str, asyncio.Task[ServerReport]] = {}
        self._backoff: dict[str, _Backoff] = {}
        self._context = contextvars.copy_context()
        self._restart_lock = asyncio.Lock()

    async def __aenter__(self) -> Discovery:
        self._context = contextvars.copy_context()  # a start in the background runs in it
        try:
            await self._start()
        except BaseException:
            await self.aclose()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        starting = list(self._starting.values())
        for task in starting:
            task.cancel()
        connections = list(self._every_connection)
        self._connections.clear()
        self._every_connection.clear()
        try:
            await asyncio.shield(self._close(starting, connections))
        finally:
            discard_all(self._prestarted.values())
            for process in self._prestarted.values():
                process.close()

    @staticmethod
    async def _close(starting: list[asyncio.Task[Any]], connections: list[Any]) -> None:
        await asyncio.gather(*starting, return_exceptions=True)
        await asyncio.gather(*(c.aclose() for c in connections), return_exceptions=True)

    @property
    def degraded(self) -> bool:
        return any(
            r.state in ("down", "withdrawn") or r.missing_tools for r in self.reports.values()
        )

    def down(self) -> list[ServerReport]:
        return [r for r in self.reports.values() if r.state in ("down", "withdrawn")]

    def connection(self, name: str) -> ServerConnection:
        """The live connection to server `name` (`KeyError` when it is not up)."""
        return self._connections[name]

    # -- starting ------------------------------------------------------------------------
    async def connect(
        self, entry: MCPServerSettings, *, apart_from: tracing.Cause | None = None
    ) -> ServerReport:
        """The one connect routine: start `entry`'s server and list its tools (in a
        `connect {server}` span: under the current one, or a trace of its own linked to
        `apart_from`)."""
        with tracing.connect_span(
            entry.name, entry.transport, entry.url, apart_from=apart_from
        ) as span:
            report = await self._connect(entry)
            span.set(
                mcp_orchestrator__server__state=report.state,
                mcp_orchestrator__server__tools=len(report.tools),
            )
            if report.state != "up":
                span.fail("server_down", report.reason)
        return report

    def _failed_after(self, name: str, took: float) -> None:
        """A start of server `name` failed after `took` seconds: one that failed slowly (it
        timed out, or took half the start-up timeout) gets a backoff, the start-up timeout
        doubled at each slow failure in a row (at most `_BACKOFF_LIMIT`); one that failed fast
        none (it is started again at each request)."""
        if took < self.timeout / 2:
            self._backoff.pop(name, None)
            return
        failures = self._backoff[name].failures + 1 if name in self._backoff else 1
        wait = min(self.timeout * 2 ** (failures - 1), _BACKOFF_LIMIT)
        self._backoff[name] = _Backoff(failures, time.monotonic() + wait)

    def retry_note(self, name: str) -> str | None:
        """How server `name`, down after a slow failed start, is started again (`retry_down`):
        "starting again in the background", "started again in the background in 8s"; None for
        any other server (one that failed fast is started again at each request)."""
        backoff = self._backoff.get(name)
        entry = self.settings.servers.get(name)
        if backoff is None or entry is None or entry.required:
            return None
        if name in self._starting:
            return "starting again in the background"
        left = max(0, round(backoff.due - time.monotonic()))
        return f"started again in the background in {left}s"

    async def _connect(self, entry: MCPServerSettings) -> ServerReport:
        name = entry.name
        if entry.problem:
            return ServerReport(name, "down", required=entry.required, reason=entry.problem)
        process = self._prestarted.pop(name, None)
        if process is None and entry.transport == "stdio":
            try:  # spawned before the MCP SDK is imported, so it boots meanwhile
                process = launch_for(entry).spawn(name)
            except (OSError, ValueError):
                process = None  # the connection tries again, and reports why it cannot
        from orchestrator.connection import ServerConnection, describe_failure

        era = self.cache.era(entry) if self.cache is not None else None
        connection = ServerConnection(
            entry,
            timeout=self.timeout,
            process=process,
            handlers=self.handlers,
            on_tools_changed=self._tools_changed,
            era=era,
        )
        self._every_connection.append(connection)
        began = time.monotonic()  # the handshake only (not the import above, nor the spawn)
        try:
            try:
                tools = await connection.open()
            except Exception as exc:
                if era is None or isinstance(exc, TimeoutError):
                    raise
                # The protocol it spoke last time failed: negotiate afresh (the server changed).
                logger.info("server %r: the cached protocol %s failed: %r", name, era.version, exc)
                await connection.aclose()
                connection = ServerConnection(
                    entry,
                    timeout=self.timeout,
                    handlers=self.handlers,
                    on_tools_changed=self._tools_changed,
                )
                self._every_connection.append(connection)
                tools = await connection.open()
        except Exception as exc:
            report = ServerReport(
                name,
                "down",
                required=entry.required,
                reason=describe_failure(entry, exc, self.timeout, connection.http_status),
                stderr=connection.stderr_tail(),
            )
            logger.warning("%s", report.describe())
            self._failed_after(name, time.monotonic() - began)
            return report
        self._backoff.pop(name, None)
        self._connections[name] = connection
        fresh = list(tools) != list(self._listed.get(name, ())) or connection.era != era
        if self.cache is not None and (fresh or connection.ttl_ms is not None):
            # new, changed since it was cached, or with a `ttlMs` (counted from this listing)
            self.cache.save(entry, tools, connection.era, connection.ttl_ms)
        self._listed[name] = tools
        report = _report_up(entry, tools, "up")
        for tool_name in report.missing_tools:
            logger.warning(
                "server %r does not offer expected tool %r; going on without it", name, tool_name
            )
        return report

    def _tools_changed(self, connection: ServerConnection, tools: list[ListedTool]) -> None:
        """A server said its tools changed (`notifications/tools/list_changed`) and was listed
        again: its part of the catalogue is rebuilt (and its cache entry rewritten)."""
        name = connection.entry.name
        if self._connections.get(name) is not connection:
            return  # a connection that was replaced since
        before = {t.name for t in self._listed.get(name, [])}
        self._listed[name] = tools
        if self.cache is not None:
            self.cache.save(connection.entry, tools, connection.era, connection.ttl_ms)
        report = self.reports.get(name)
        if report is not None and report.state == "up":
            fresh = _report_up(connection.entry, tools, "up")
            report.tools, report.missing_tools = fresh.tools, fresh.missing_tools
        self._catalogue()
        now = {t.name for t in tools}
        logger.info(
            "server %r changed its tools: added %s; removed %s",
            name,
            ", ".join(sorted(now - before)) or "none",
            ", ".join(sorted(before - now)) or "none",
        )

    def _known(self, entries: list[MCPServerSettings]) -> dict[str, list[ListedTool]]:
        """The tools of those `entries` that wait to start until used (cached or renamed)."""
        cached: dict[str, list[ListedTool]] = {}
        if self.start != "all":
            for entry in entries:
                if entry.problem or entry.required:
                    continue
                tools = self.cache.load(entry) if self.cache is not None else None
                if self.cache is not None:
                    tracing.cache_lookup(entry.name, tools is not None)
                tools = tools if tools is not None else described(entry, self.renamed)
                if tools is not None:
                    cached[entry.name] = tools
        return cached

    async def _start(self) -> None:
        entries = list(self.settings.servers.values())
        cached = self._known(entries)
        now = [e for e in entries if e.name not in cached]
        reports = await _until_required_fails([self.connect(entry) for entry in now])
        started = {report.name: report for report in reports}
        for entry in entries:
            if entry.name in cached:
                self._listed[entry.name] = cached[entry.name]
                self.reports[entry.name] = _report_up(entry, cached[entry.name], "idle")
            else:
                self.reports[entry.name] = started[entry.name]
        self._catalogue()
        if self.start == "background":
            for name in cached:
                self._start_later(name)

    async def retry_down(self) -> None:
        """Start again, as entering would, every server that is down or withdrawn (not one
        whose config entry is invalid: that cannot change): one known from the cache is idle
        again (started when used, or now in the background), the others start now and are
        waited for. What a warm orchestrator (`orchestrator.daemon`) does before each request,
        so that one answers as a new run would. Servers up are left as they are; with none
        down this does nothing. Each start is one `_starting` task: a call of that server
        meanwhile waits for it, never starts it twice.

        A server whose last start failed slowly (it hung until the start-up timeout) is not
        waited for: it stays down, and is started again in the background once its backoff is
        over (the timeout, doubled at each slow failure in a row, at most `_BACKOFF_LIMIT`),
        so that one hanging server does not hold up every request. One marked `required` is
        waited for all the same; once it has failed, the others are not (`ServerStartError`:
        their starts go on until the owner, who is told, closes this).

        The one restart a server gets is this request's, as a new run's: one restarted at an
        earlier request (its connection lost, a remote server back after an outage) may be
        restarted once again at this one."""
        for report in self.reports.values():
            report.restarted = False
        entries = [
            self.settings.servers[name]
            for name, report in self.reports.items()
            if report.state in ("down", "withdrawn")
            and name not in self._starting
            and name in self.settings.servers
            and not self.settings.servers[name].problem
        ]
        slow = [e for e in entries if self.retry_note(e.name) is not None]
        entries = [e for e in entries if e not in slow]
        for entry in slow:
            if self._backoff[entry.name].due <= time.monotonic():
                logger.info("starting again in the background: %s", entry.name)
                self._start_later(entry.name, apart=True)
            self.reports[entry.name].retry = self.retry_note(entry.name)
        if not entries:
            return
        logger.info("starting again: %s", ", ".join(e.name for e in entries))
        cached = self._known(entries)
        for entry in entries:
            if entry.name in cached:
                self._listed[entry.name] = cached[entry.name]
                self.reports[entry.name] = _report_up(entry, cached[entry.name], "idle")
        self._catalogue()
        for entry in entries:
            if entry.name not in cached or self.start == "background":
                self._start_later(entry.name)
        now = [e.name for e in entries if e.name not in cached]
        await _until_required_fails([self.ensure(name) for name in now])

    def _start_later(self, name: str, *, apart: bool = False) -> asyncio.Task[ServerReport]:
        """Start server `name` in a `_starting` task, dropped when done (waited for or not);
        `apart`: in the context this was entered in, not the caller's (a start no request
        waits for outlives it: in the daemon, it must not write to that request's files), and
        its span a trace of its own, linked to the caller's (not a request's, which ends
        before it). Else it runs in the caller's context: its span is under the caller's."""
        context = self._context.copy() if apart else None
        cause = tracing.cause() if apart else None
        task = asyncio.create_task(self._start_one(name, cause), context=context)
        self._starting[name] = task

        def drop(done: asyncio.Task[ServerReport]) -> None:
            if self._starting.get(name) is done:
                del self._starting[name]

        task.add_done_callback(drop)
        return task

    async def _start_one(self, name: str, cause: tracing.Cause | None = None) -> ServerReport:
        report = await self.connect(self.settings.servers[name], apart_from=cause)
        self.reports[name] = report
        self._catalogue()
        return report

    async def ensure(self, name: str) -> ServerReport:
        """Start server `name` if it is idle (or wait for its start under way)."""
        task = self._starting.get(name)
        if task is None and self.reports[name].state == "idle":
            task = self._start_later(name)
        if task is not None:
            await asyncio.shield(task)
        return self.reports[name]

    async def start_all(self) -> None:
        """Start every idle server (what `/servers` and `doctor` show is then live)."""
        await asyncio.gather(*(self.ensure(n) for n in list(self.reports)))

    def _catalogue(self) -> None:
        self.catalogue = build_catalogue(self._usable(), self.settings.servers, self.renamed)

    def _usable(self) -> dict[str, list[ListedTool]]:
        return {
            n: t for n, t in self._listed.items() if self.reports.get(n, _GONE).state in _USABLE
        }

    def with_down_servers(self) -> Catalogue | None:
        """The catalogue as it would be were the servers that are down up: their tools as last
        listed (in this run, else in the catalogue cache). None when no such server has any."""
        down: dict[str, list[ListedTool]] = {}
        for report in self.down():
            tools = self._listed.get(report.name)
            entry = self.settings.servers.get(report.name)
            if tools is None and self.cache is not None and entry is not None:
                tools = self.cache.load(entry)
            if tools:
                down[report.name] = tools
        if not down:
            return None
        listed = {**self._usable(), **down}
        return build_catalogue(listed, self.settings.servers, self.renamed)

    async def reconnect(self, name: str) -> ServerReport:
        """Start a server that is down or withdrawn again; its tools join the catalogue."""
        entry = self.settings.servers.get(name)
        if entry is None:
            known = ", ".join(self.settings.servers) or "none"
            raise UsageError(f"no server named {name!r} in the config (known: {known})")
        report = await self.ensure(name)
        if report.state == "up":
            return report
        self.reports[name] = await self.connect(entry)
        self._catalogue()
        return self.reports[name]

    # -- calling -------------------------------------------------------------------------
    async def call(self, name: str, arguments: dict[str, Any]) -> CallToolResult:
        """Call a catalogued tool: start its server if need be, restart it once if it died. A
        call that may change things and was cut off under way is not sent again (the server
        may have done it): `CallInterruptedError`; a read is. So is a call a load balancer or
        proxy answered with a 5xx of its own (the server behind it may have done it): a read is
        sent again once, on the same connection."""
        from orchestrator.connection import ConnectionLostDuringCall, GatewayFailedDuringCall

        tool = self.catalogue.get(name)
        report = await self.ensure(tool.server)
        if report.state != "up":
            raise ServerUnavailableError(tool.server, report.describe())
        tool = self.catalogue.get(name)  # the server's fresh listing may have dropped it
        connection = self._connections.get(tool.server)
        if connection is not None:
            try:
                return await connection.call(tool.tool_name, arguments)
            except GatewayFailedDuringCall as exc:
                if not tool.read_only:
                    raise _interrupted(tool, exc) from exc
                logger.warning("server %r: %s; sending %s again", tool.server, exc, tool.tool_name)
                return await connection.call(tool.tool_name, arguments)  # its error, if again
            except ConnectionLostDuringCall as exc:
                if not tool.read_only:
                    logger.warning("server %r stopped during %s", tool.server, tool.tool_name)
                    raise _interrupted(tool, exc) from exc
                logger.warning("server %r stopped; restarting it once", tool.server)
            except ConnectionError:
                logger.warning("server %r stopped; restarting it once", tool.server)
        connection = await self._restart(tool.server, connection)
        try:
            return await connection.call(tool.tool_name, arguments)
        except GatewayFailedDuringCall as exc:
            if not tool.read_only:
                raise _interrupted(tool, exc) from exc
            raise
        except ConnectionError as exc:
            self._withdraw(tool.server, "stopped again after its one restart")
            if isinstance(exc, ConnectionLostDuringCall) and not tool.read_only:
                raise _interrupted(tool, exc) from exc
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
            entry = self.settings.servers[name]
            fresh = await self.connect(entry)
            if fresh.state != "up" and entry.transport != "stdio":
                # A remote server that cannot be reached is down, as it is to a new run: said
                # with the same reason, and tried again at the next request (`retry_down`).
                self.reports[name] = fresh
                self._catalogue()
                raise ServerUnavailableError(name, fresh.describe())
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


async def _until_required_fails(
    starts: Sequence[Coroutine[Any, Any, ServerReport]],
) -> list[ServerReport]:
    """The reports of `starts`, run in parallel, in their order. Once a server marked `required`
    is down, the others are not waited for: their tasks are cancelled (`ensure`'s wait only:
    a `_starting` task is shielded and stopped by `aclose`) and `ServerStartError` names it."""
    tasks = [asyncio.create_task(start) for start in starts]
    try:
        pending: set[asyncio.Task[ServerReport]] = set(tasks)
        while pending:
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            ended = [task.result() for task in tasks if task in done]
            failed = [r for r in ended if r.required and r.state != "up"]
            if failed:
                said = "\n".join(r.describe() for r in failed)
                raise ServerStartError(
                    f"stopped: a server the config marks required did not start: {said}"
                )
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return [task.result() for task in tasks]


def _interrupted(tool: CatalogueTool, lost: Exception) -> CallInterruptedError:
    """The call `tool` whose connection was `lost` under way (or answered by a gateway's 5xx),
    said with the transport's reason."""
    from orchestrator.connection import GatewayFailedDuringCall

    reason = lost.error.message if isinstance(lost, GatewayFailedDuringCall) else None
    reason = reason or str(lost.__cause__ or lost)
    return CallInterruptedError(tool.server, tool.tool_name, reason)


_USABLE = ("up", "idle")
_GONE = ServerReport("", "down")
