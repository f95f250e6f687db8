"""Long tool calls as tasks, on both wires: SEP-1686 on 2025-11-25, the
``io.modelcontextprotocol/tasks`` extension on 2026-07-28.

A server names the tools that may run as tasks in a :class:`TaskSupport` and passes it to
:func:`~servers._common.app.build_server` (``tasks=``). Each such tool is listed with
``execution.taskSupport: "optional"``; a call without a task behaves as before.

- **2025-11-25**: the server declares the ``tasks`` capability (list, cancel, ``tools/call``).
  A ``tools/call`` whose params carry ``task`` gets a ``CreateTaskResult`` at once; the call
  runs in the background. ``tasks/get`` says where it is, ``tasks/result`` waits until it ends
  and returns the tool's ``CallToolResult`` (a tool error makes the task ``failed``, its result
  still the tool's), ``tasks/list`` lists this server's tasks, ``tasks/cancel`` stops one.
- **2026-07-28**: the server declares the extension (:class:`TasksExtension`); each such tool
  is listed with ``_meta["io.modelcontextprotocol/tasks"] = {"taskSupport": "optional"}`` (this
  wire's tools have no ``execution`` field: our convention, read by our client); a ``tools/call``
  whose request's client capabilities name the extension gets ``resultType: "task"`` with the
  task at once; ``tasks/get`` carries the ``result`` (or the ``error``) when it is done;
  ``tasks/update`` acknowledges (these tools never ask for input); ``tasks/cancel`` stops it.

Every record lives in the server's SQL database (:mod:`servers._common._task_store`, a table
of its own), so another process or replica on the same database answers ``tasks/get``,
``tasks/result`` and ``tasks/cancel`` for it: the process that runs a task watches its record
and stops the work when another one cancels it. Progress a tool reports
(:func:`~servers._common.progress.report_progress`) becomes the task's ``statusMessage``.
A :class:`TaskTool` may ``follow`` work its call only started (a fleet agent's run: the task
ends when the run does) and ``stop`` it beyond this process (cancelling the agent's run).
An unknown or expired task id is a JSON-RPC error (-32602) naming it.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.context import CallNext, HandlerResult
from mcp.server.extension import Extension, MethodBinding, compose_tool_call_handler
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, ValidationError

from servers._common.progress import reporting

# servers._common._task_store's (loaded with SQLAlchemy when tasks are first used; not imported
# here, even for types: it imports the SQL layer, which imports the app, which imports this)
TaskRecord = Any
TaskStore = Any

__all__ = ["TASKS_EXTENSION", "TaskSupport", "TaskTool", "TasksExtension"]

logger = logging.getLogger(__name__)

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
RELATED_TASK = "io.modelcontextprotocol/related-task"
INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601
INTERNAL_ERROR = -32603
MISSING_CAPABILITY = -32021
PAGE_SIZE = 100
STALE_POLLS = 5  # a running task's process says so every poll; silent this long: it has gone
CALL_GRACE_SECONDS = 1.5  # (a stdio client stops a server 2 s after closing its stdin)
_MODERN = frozenset(MODERN_PROTOCOL_VERSIONS)

CallTool = Callable[[ServerRequestContext[Any], types.CallToolRequestParams], Awaitable[Any]]
StateOf = Callable[[ServerRequestContext[Any]], Awaitable[Any]]


@dataclass(frozen=True)
class TaskTool:
    """A tool that may run as a task.

    ``follow(state, arguments, output)``, when given, runs after the call succeeded and returns
    when the work it started has ended (the task is ``working`` until then); ``stop(state,
    arguments)`` stops that work from any process (the call's own coroutine is cancelled too).
    """

    name: str
    follow: Callable[[Any, dict[str, Any], dict[str, Any]], Awaitable[None]] | None = None
    stop: Callable[[Any, dict[str, Any]], Awaitable[None]] | None = None


@dataclass(frozen=True)
class TaskSupport:
    """The tools of a server that run as tasks, and where their records are kept."""

    database_url: str
    tools: Sequence[TaskTool]
    poll_interval_ms: int = 1000
    default_ttl_ms: int = 24 * 60 * 60 * 1000
    max_ttl_ms: int = 7 * 24 * 60 * 60 * 1000
    names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", frozenset(t.name for t in self.tools))

    def listed(self, tool: types.Tool) -> types.Tool:
        """``tool`` as listed: one of these says ``execution.taskSupport: "optional"`` (the
        2025-11-25 field) and, for 2026-07-28 (whose tools have no such field), the same under
        the extension's key in its ``_meta``."""
        if tool.name not in self.names:
            return tool
        meta = {**(tool.meta or {}), TASKS_EXTENSION: {"taskSupport": "optional"}}
        execution = types.ToolExecution(task_support="optional")
        return tool.model_copy(update={"execution": execution, "meta": meta})

    def install(self, server: Server[Any], call_tool: CallTool, state_of: StateOf) -> TaskManager:
        manager = TaskManager(self, server.name, call_tool, state_of)
        manager.install(server)
        return manager


class TaskIdParams(types.RequestParams):
    task_id: str


class UpdateTaskParams(types.RequestParams):
    task_id: str
    input_responses: dict[str, Any] | None = None


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _unknown(task_id: str) -> MCPError:
    return MCPError(
        INVALID_PARAMS,
        f"taskId: unknown task '{task_id[:80]}' (it never existed on this server, or it expired)",
        data={"taskId": task_id},
    )


def _wants_tasks(ctx: ServerRequestContext[Any, Any]) -> bool:
    """The request's client capabilities (2026-07-28 ``_meta``) name the tasks extension."""
    meta = (ctx.params or {}).get("_meta") or {}
    capabilities = meta.get(types.CLIENT_CAPABILITIES_META_KEY) or {}
    extensions = capabilities.get("extensions") if isinstance(capabilities, dict) else None
    return isinstance(extensions, dict) and TASKS_EXTENSION in extensions


def _declared(ctx: ServerRequestContext[Any, Any]) -> None:
    """A 2026-07-28 ``tasks/*`` request must name the extension in its client capabilities:
    -32021 (missing capability) otherwise."""
    if not _wants_tasks(ctx):
        raise MCPError(
            MISSING_CAPABILITY,
            f"{ctx.method}: the request's client capabilities do not declare the "
            f"{TASKS_EXTENSION} extension (add it to _meta's clientCapabilities.extensions)",
            data={"requiredCapabilities": {"extensions": {TASKS_EXTENSION: {}}}},
        )


class _TaskSession:
    """Stands in for the request's session while a task runs: progress becomes the task's
    status message (the request that started it has been answered already)."""

    def __init__(self, manager: TaskManager, task_id: str) -> None:
        self.manager, self.task_id = manager, task_id

    async def report_progress(
        self, progress: float, total: float | None = None, message: str | None = None
    ) -> None:
        said = message or (f"{progress:g}/{total:g}" if total else f"{progress:g}")
        store = await self.manager.store()
        await anyio.to_thread.run_sync(store.set_message, self.task_id, said, _now())


class TaskManager:
    """One server's tasks: created, run in the background, answered for, cancelled."""

    def __init__(
        self, support: TaskSupport, server: str, call_tool: CallTool, state_of: StateOf
    ) -> None:
        self.support, self.server = support, server
        self.call_tool, self.state_of = call_tool, state_of
        self.tools = {t.name: t for t in support.tools}
        self._store: TaskStore | None = None
        self._opening = anyio.Lock()
        self._scopes: dict[str, anyio.CancelScope] = {}
        self._ended: dict[str, anyio.Event] = {}
        self._group: anyio.abc.TaskGroup | None = None
        self._calling: set[str] = set()  # tasks whose call, to be followed, has not returned

    # --- set-up --------------------------------------------------------------------------------

    def install(self, server: Server[Any]) -> None:
        server.middleware.append(self.legacy_call)
        extension = self.extension = TasksExtension(self)
        server.add_request_handler(
            "tools/call",
            types.CallToolRequestParams,
            compose_tool_call_handler([extension], self.call_tool),
        )
        server.extensions[TASKS_EXTENSION] = extension.settings()
        modern = {b.method: b for b in extension.methods()}
        legacy: dict[str, Callable[..., Awaitable[Any]]] = {
            "tasks/get": self.legacy_get,
            "tasks/result": self.legacy_result,
            "tasks/list": self.legacy_list,
            "tasks/cancel": self.legacy_cancel,
        }
        for method in sorted({*modern, *legacy}):
            binding = modern.get(method)
            params: type[BaseModel] = TaskIdParams if binding is None else binding.params_type
            if method == "tasks/list":
                params = types.PaginatedRequestParams
            server.add_request_handler(
                method,
                params,
                _by_era(method, legacy.get(method), binding.handler if binding else None),
            )

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The server's life: tasks run in this task group; leaving it cancels what still runs
        (their records say so) and closes the store."""
        try:
            async with anyio.create_task_group() as tg:
                self._group = tg
                try:
                    yield
                finally:
                    # A call whose work goes on without this process (a fleet agent's run) may
                    # finish starting it: a client that left the task running has gone already.
                    with anyio.move_on_after(CALL_GRACE_SECONDS, shield=True):
                        while self._calling:
                            await anyio.sleep(0.02)
                    self._group = None
                    tg.cancel_scope.cancel()
        finally:
            if self._store is not None:
                self._store.close()
                self._store = None

    async def store(self) -> TaskStore:
        if self._store is None:
            async with self._opening:
                if self._store is None:
                    self._store = await anyio.to_thread.run_sync(self._open)
        return self._store

    def _open(self) -> TaskStore:
        from servers._common._task_store import TaskStore

        return TaskStore.open(self.support.database_url, self.server)

    # --- creating and running ------------------------------------------------------------------

    async def create(
        self,
        ctx: ServerRequestContext[Any, Any],
        params: types.CallToolRequestParams,
        ttl: int | None,
    ) -> TaskRecord:
        if self._group is None:
            raise MCPError(INTERNAL_ERROR, "the server is not running tasks (it is stopping)")
        store = await self.store()
        wanted = self.support.default_ttl_ms if ttl is None else ttl
        ttl_ms = max(1000, min(wanted, self.support.max_ttl_ms))
        task_id = secrets.token_hex(16)  # 128 bits; never starts with '-' (a command line's flag)
        record = await anyio.to_thread.run_sync(
            lambda: store.create(
                task_id,
                params.name,
                dict(params.arguments or {}),
                ttl_ms=ttl_ms,
                poll_ms=self.support.poll_interval_ms,
                now=_now(),
            )
        )
        self._ended[task_id] = anyio.Event()
        plain = params.model_copy(update={"task": None, "meta": None})
        self._group.start_soon(self._run, ctx, plain, task_id)
        return record

    async def _run(
        self, ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams, task_id: str
    ) -> None:
        """The call, then (for a tool that follows its work) the work it started, to the end.
        The server stopping during the call fails the task; during the follow it leaves the task
        working, with the call's result stored: the next process asked about it follows on."""
        store = await self.store()
        tool = self.tools[params.name]
        arguments = dict(params.arguments or {})
        body: dict[str, Any] | None = None
        try:
            with anyio.CancelScope() as scope:
                self._scopes[task_id] = scope
                async with anyio.create_task_group() as tg:
                    tg.start_soon(self._watch, store, task_id, scope)
                    quiet = dataclasses.replace(ctx, session=_TaskSession(self, task_id))  # type: ignore[arg-type]
                    if tool.follow is not None:
                        self._calling.add(task_id)
                    try:
                        body = _dump(await self.call_tool(quiet, params))
                    finally:
                        self._calling.discard(task_id)
                    if tool.follow is not None and not body.get("isError"):
                        kept = body
                        await anyio.to_thread.run_sync(lambda: store.keep_result(task_id, kept))
                        await self._follow(ctx, tool, arguments, kept, task_id)
                    tg.cancel_scope.cancel()
            if body is not None and not scope.cancelled_caught:
                await self._completed(store, task_id, body)
        except anyio.get_cancelled_exc_class():
            if body is None or tool.follow is None:  # the work ends with this process
                with anyio.CancelScope(shield=True):
                    await self._failed(store, task_id, "the server stopped before the task ended")
            raise
        except Exception as exc:
            await self._crashed(store, task_id, params.name, exc)
        finally:
            self._left(task_id)

    async def _follow(
        self,
        ctx: ServerRequestContext[Any, Any],
        tool: TaskTool,
        arguments: dict[str, Any],
        body: dict[str, Any],
        task_id: str,
    ) -> None:
        assert tool.follow is not None
        state = await self.state_of(ctx)
        with reporting(_TaskSession(self, task_id)):
            await tool.follow(state, arguments, body.get("structuredContent") or {})

    async def _completed(self, store: TaskStore, task_id: str, body: dict[str, Any]) -> None:
        failed = bool(body.get("isError"))
        await anyio.to_thread.run_sync(
            lambda: store.finish(
                task_id,
                "completed",
                _now(),
                message="the tool reported an error" if failed else None,
                result=body,
                is_error=failed,
            )
        )

    def _adopt(self, ctx: ServerRequestContext[Any, Any], record: TaskRecord) -> None:
        """Follow, from this process, the work of a task whose call ended elsewhere (the process
        that made it stopped, or is a replica): its result is stored, its work goes on."""
        tool = self.tools.get(record.tool)
        if (
            self._group is None
            or tool is None
            or tool.follow is None
            or record.result is None
            or record.task_id in self._scopes
        ):
            return
        self._ended.setdefault(record.task_id, anyio.Event())
        self._scopes[record.task_id] = anyio.CancelScope()
        self._group.start_soon(self._follow_on, ctx, tool, record)

    async def _follow_on(
        self, ctx: ServerRequestContext[Any, Any], tool: TaskTool, record: TaskRecord
    ) -> None:
        store = await self.store()
        task_id = record.task_id
        try:
            with self._scopes[task_id] as scope:
                async with anyio.create_task_group() as tg:
                    tg.start_soon(self._watch, store, task_id, scope)
                    await self._follow(ctx, tool, record.arguments, record.result, task_id)
                    tg.cancel_scope.cancel()
            if not scope.cancelled_caught:
                await self._completed(store, task_id, record.result)
        except Exception as exc:
            await self._crashed(store, task_id, record.tool, exc)
        finally:
            self._left(task_id)

    async def _crashed(self, store: TaskStore, task_id: str, tool: str, exc: Exception) -> None:
        logger.exception("task %s (%s) failed", task_id, tool, exc_info=exc)
        with anyio.CancelScope(shield=True):
            await self._failed(store, task_id, f"{tool} failed ({type(exc).__name__})")

    def _left(self, task_id: str) -> None:
        """This process no longer runs ``task_id``: whoever waits for it here reads its record."""
        self._scopes.pop(task_id, None)
        ended = self._ended.pop(task_id, None)
        if ended is not None:
            ended.set()

    async def _failed(self, store: TaskStore, task_id: str, message: str) -> None:
        error = {"code": INTERNAL_ERROR, "message": message}
        await anyio.to_thread.run_sync(
            lambda: store.finish(task_id, "failed", _now(), message=message, error=error)
        )

    async def _watch(self, store: TaskStore, task_id: str, scope: anyio.CancelScope) -> None:
        """Stop the work when the record says it was cancelled (by another process, maybe)."""
        interval = max(self.support.poll_interval_ms, 200) / 1000
        while True:
            await anyio.sleep(interval)
            await anyio.to_thread.run_sync(store.beat, task_id, _now())
            record = await anyio.to_thread.run_sync(store.get, task_id, _now())
            if record is None or record.status == "cancelled":
                scope.cancel()
                return

    # --- answering -----------------------------------------------------------------------------

    async def find(
        self, task_id: str, ctx: ServerRequestContext[Any, Any] | None = None
    ) -> TaskRecord:
        """The task's record (-32602 naming it when there is none); with ``ctx``, a task whose
        work nobody follows any more is followed from here (`_adopt`)."""
        store = await self.store()
        record = await anyio.to_thread.run_sync(store.get, task_id, _now())
        if record is None:
            raise _unknown(task_id)
        if record.done or record.task_id in self._scopes:
            return record
        if record.result is None and self._orphaned(record):  # its process died in the call
            message = "the server process running it stopped before it ended"
            await self._failed(store, task_id, message)
            return await self.find(task_id)
        if ctx is not None:
            self._adopt(ctx, record)
        return record

    def _orphaned(self, record: TaskRecord) -> bool:
        """Whether no process has said it runs ``record`` for `STALE_POLLS` polls (and ten
        seconds at least): the one that did has gone."""
        stale = max(10.0, STALE_POLLS * record.poll_ms / 1000)
        beat = record.beat_at or record.created_at
        return bool((_now() - beat).total_seconds() > stale)

    async def wait(self, ctx: ServerRequestContext[Any, Any], task_id: str) -> TaskRecord:
        """The record once the task has ended: at once when this process runs it, else polled."""
        while True:
            record = await self.find(task_id, ctx)
            if record.done:
                return record
            ended = self._ended.get(task_id)
            if ended is not None:
                await ended.wait()
            else:
                await anyio.sleep(record.poll_ms / 1000)

    async def cancel(self, ctx: ServerRequestContext[Any, Any], task_id: str) -> TaskRecord:
        record = await self.find(task_id)
        if record.done:
            raise MCPError(
                INVALID_PARAMS,
                f"taskId: task '{task_id}' is already {record.status}: it cannot be cancelled",
                data={"taskId": task_id, "status": record.status},
            )
        store = await self.store()
        await anyio.to_thread.run_sync(
            lambda: store.finish(task_id, "cancelled", _now(), message="cancelled by the client")
        )
        scope = self._scopes.get(task_id)
        if scope is not None:
            scope.cancel()
        tool = self.tools.get(record.tool)
        if tool is not None and tool.stop is not None:
            try:
                await tool.stop(await self.state_of(ctx), record.arguments)
            except Exception as exc:  # the work may have ended meanwhile
                logger.info("stopping task %s: %s", task_id, exc)
        return await self.find(task_id)

    # --- 2025-11-25 ----------------------------------------------------------------------------

    async def legacy_call(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        """``tools/call`` with ``task`` (2025-11-25): a ``CreateTaskResult`` at once. A middleware:
        the SDK's result check knows no task shape for ``tools/call`` on this wire."""
        raw = ctx.params
        if (
            ctx.method != "tools/call"
            or ctx.protocol_version in _MODERN
            or not isinstance(raw, Mapping)
            or raw.get("task") is None
        ):
            return await call_next(ctx)
        try:
            params = types.CallToolRequestParams.model_validate(raw, by_name=False)
        except ValidationError as exc:
            raise MCPError(
                INVALID_PARAMS, f"tools/call: invalid params ({exc.error_count()} problems)"
            ) from None
        if params.name not in self.support.names:
            raise MCPError(
                INVALID_PARAMS,
                f"task: tool '{params.name[:80]}' does not run as a task (its "
                "execution.taskSupport is forbidden); call it without task",
            )
        assert params.task is not None
        record = await self.create(ctx, params, params.task.ttl)
        return {"task": _legacy(record)}

    async def legacy_get(self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> Any:
        return _legacy(await self.find(params.task_id, ctx))

    async def legacy_result(self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> Any:
        record = await self.wait(ctx, params.task_id)
        related = {RELATED_TASK: {"taskId": record.task_id}}
        if record.result is not None:
            meta = {**(record.result.get("_meta") or {}), **related}
            return {**record.result, "_meta": meta}
        if record.error is not None:
            raise MCPError(
                record.error["code"], record.error["message"], data={"taskId": record.task_id}
            )
        raise MCPError(
            INVALID_PARAMS,
            f"taskId: task '{record.task_id}' was cancelled: it has no result",
            data={"taskId": record.task_id, "status": record.status},
        )

    async def legacy_list(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams
    ) -> Any:
        cursor = params.cursor
        try:
            offset = int(cursor) if cursor else 0
        except ValueError:
            raise MCPError(
                INVALID_PARAMS, f"cursor: not one this server gave ({cursor!r:.80})"
            ) from None
        store = await self.store()
        records = await anyio.to_thread.run_sync(
            lambda: store.list(_now(), offset=offset, limit=PAGE_SIZE + 1)
        )
        page: dict[str, Any] = {"tasks": [_legacy(r) for r in records[:PAGE_SIZE]]}
        if len(records) > PAGE_SIZE:
            page["nextCursor"] = str(offset + PAGE_SIZE)
        return page

    async def legacy_cancel(self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> Any:
        return _legacy(await self.cancel(ctx, params.task_id))


def _by_era(
    method: str,
    legacy: Callable[..., Awaitable[Any]] | None,
    modern: Callable[..., Awaitable[Any]] | None,
) -> Callable[..., Awaitable[Any]]:
    """One handler for ``method``: the one of the request's era, else "Method not found"."""

    async def handle(ctx: ServerRequestContext[Any, Any], params: Any) -> Any:
        chosen = modern if ctx.protocol_version in _MODERN else legacy
        if chosen is None:
            raise MCPError(METHOD_NOT_FOUND, "Method not found", data=method)
        return await chosen(ctx, params)

    return handle


class TasksExtension(Extension):
    """The ``io.modelcontextprotocol/tasks`` extension (2026-07-28) over a :class:`TaskManager`."""

    identifier = TASKS_EXTENSION

    def __init__(self, manager: TaskManager) -> None:
        self.manager = manager

    def methods(self) -> Sequence[MethodBinding]:
        return (
            MethodBinding("tasks/get", TaskIdParams, self.get, protocol_versions=_MODERN),
            MethodBinding("tasks/update", UpdateTaskParams, self.update, protocol_versions=_MODERN),
            MethodBinding("tasks/cancel", TaskIdParams, self.cancel, protocol_versions=_MODERN),
        )

    async def intercept_tool_call(
        self,
        params: types.CallToolRequestParams,
        ctx: ServerRequestContext[Any, Any],
        call_next: CallNext,
    ) -> HandlerResult:
        if (
            ctx.protocol_version not in _MODERN
            or params.name not in self.manager.support.names
            or not _wants_tasks(ctx)
        ):
            return await call_next(ctx)
        record = await self.manager.create(ctx, params, None)
        return {"resultType": "task", **_modern(record)}

    async def get(self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> Any:
        _declared(ctx)
        record = await self.manager.find(params.task_id, ctx)
        body = _modern(record)
        if record.done and record.result is not None:
            body["result"] = record.result
        if record.error is not None:
            body["error"] = record.error
        return body

    async def update(self, ctx: ServerRequestContext[Any, Any], params: UpdateTaskParams) -> Any:
        _declared(ctx)
        await self.manager.find(params.task_id)
        return {}

    async def cancel(self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams) -> Any:
        _declared(ctx)
        await self.manager.cancel(ctx, params.task_id)
        return {}


def _common(record: TaskRecord) -> dict[str, Any]:
    body: dict[str, Any] = {
        "taskId": record.task_id,
        "status": record.status,
        "createdAt": _iso(record.created_at),
        "lastUpdatedAt": _iso(record.updated_at),
    }
    if record.status_message:
        body["statusMessage"] = record.status_message
    return body


def _legacy(record: TaskRecord) -> dict[str, Any]:
    """A task on the 2025-11-25 wire: a tool error is a ``failed`` task."""
    body = _common(record)
    if record.status == "completed" and record.is_error:
        body["status"] = "failed"
    return {**body, "ttl": record.ttl_ms, "pollInterval": record.poll_ms}


def _modern(record: TaskRecord) -> dict[str, Any]:
    """A task on the 2026-07-28 wire (a tool error is a completed task whose result says so)."""
    return {**_common(record), "ttlMs": record.ttl_ms, "pollIntervalMs": record.poll_ms}


def _dump(result: Any) -> dict[str, Any]:
    if isinstance(result, BaseModel):
        return result.model_dump(by_alias=True, mode="json", exclude_none=True)
    return dict(result)
