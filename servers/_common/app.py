"""A contract-first MCP tool server: declared tools, validated arguments, enveloped errors.

Each bundled server declares its tools as :class:`ToolSpec` objects (a pydantic input model, a
handler, an optional output model) and an :class:`ErrorEnvelope` that shapes its contract's error
body. :func:`build_server` turns them into an MCP low-level ``Server`` that

- lists each tool with the schema of its input model (and output model, when it has one);
- validates arguments itself, strictly, against what the schema publishes
  (:mod:`servers._common.inputs`), so bad input gets the contract's error body naming the field
  and the rule, marked ``is_error`` -- not the SDK's generic message;
- opens the backend once per connection (once per process over stdio and streamable HTTP) with the
  server's ``lifespan``, and passes what it yielded (the *state*) to every handler;
- awaits ``async def`` handlers on the event loop and runs plain ``def`` handlers in a worker
  thread, so blocking code (a synchronous database driver) never stalls other calls; a tool
  whose storage can give up rather than wait is tried on the loop first (``on_loop``);
- maps any exception through the envelope; nothing unexpected leaks a traceback or a secret;
- cuts, in every error body, each caller's value a message repeats whole after 80 characters
  (:func:`~servers._common.schema.shorten_echoes`), whichever code wrote the message;
- over HTTP, also serves the server's own ``routes`` (Starlette routes beside ``/mcp``, behind
  the same Host/Origin checks and bearer token), which the runner mounts.
"""

from __future__ import annotations

import inspect
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import anyio.abc
import anyio.to_thread
import mcp_types as types
from mcp import MCPError
from mcp.server import Server, ServerRequestContext
from mcp.server.context import CallNext, HandlerResult
from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError, to_json

from servers._common import tracing
from servers._common._loop import WouldBlock, trying_on_loop
from servers._common.features import single_page
from servers._common.inputs import validate_arguments
from servers._common.schema import (
    ArgumentProblem,
    describe_validation_error,
    shorten,
    shorten_echoes,
    tool_schema,
)

if TYPE_CHECKING:
    from starlette.routing import Route

    from servers._common.features import Features

__all__ = [
    "ErrorEnvelope",
    "Lifespan",
    "StartupError",
    "ToolServer",
    "ToolSpec",
    "build_server",
    "in_background",
    "package_version",
]

logger = logging.getLogger(__name__)

StateT = TypeVar("StateT")
InputT = TypeVar("InputT", bound=BaseModel)

ToolOutput = BaseModel | dict[str, Any]
Lifespan = Callable[[], AbstractAsyncContextManager[StateT]]
"""Opens a backend's clients and yields the state every handler receives; closes them on exit."""

DISTRIBUTION = "mcp-orchestrator"
MAX_PARAM_PROBLEMS = 3  # the fields a refused request's error names at most


class TaskSupport(Protocol):
    """What :func:`build_server` needs of :class:`servers._common.tasks.TaskSupport` (named here
    without importing it: its SQL store imports this module)."""

    @property
    def names(self) -> frozenset[str]: ...

    def listed(self, tool: types.Tool) -> types.Tool: ...

    def install(self, server: Any, call_tool: Any, state_of: Any) -> Any: ...


class StartupError(Exception):
    """A server cannot start (storage unreachable, bad config); the message is safe to print.

    Raise it from ``build`` or a lifespan: the runner prints ``prog: message`` and exits 2.
    """


class ErrorEnvelope(Protocol):
    """Shapes a server's error body, as its contract writes it."""

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        """The body for arguments that failed validation."""
        ...

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        """The body for an exception raised while handling a call (expected or not)."""
        ...

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        """The body for a call to a tool this server does not have."""
        ...


@dataclass(frozen=True)
class ToolSpec(Generic[StateT, InputT]):
    """One tool: its contract name, description, input model and handler.

    ``handler(state, arguments)`` receives what the server's lifespan yielded (``None`` without
    one) and the validated input model; it returns the output model (or a dict). An unbound
    method of the service the lifespan yields fits as is: ``TodoService.create_todo``.

    ``on_loop``: a plain ``def`` handler that blocks only in storage that gives up rather than
    wait (``servers._common.sql.Database``) is tried on the event loop first, and run in a
    worker thread only if the storage would have waited (:mod:`servers._common._loop`). It may
    read as it likes but write once, its last storage call: a second try repeats the first.
    """

    name: str
    description: str
    input_model: type[InputT]
    handler: Callable[[StateT, InputT], ToolOutput | Awaitable[ToolOutput]]
    output_model: type[BaseModel] | None = None
    annotations: types.ToolAnnotations | None = None
    on_loop: bool = False
    is_async: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_async", inspect.iscoroutinefunction(self.handler))

    def to_mcp(self) -> types.Tool:
        return types.Tool(
            name=self.name,
            description=self.description,
            input_schema=tool_schema(self.input_model),
            output_schema=tool_schema(self.output_model, output=True)
            if self.output_model
            else None,
            annotations=self.annotations,
        )

    async def run(self, state: StateT, arguments: InputT) -> ToolOutput:
        """Call the handler: awaited when it is async, in a worker thread when it is not (on
        the loop first, for ``on_loop``)."""
        if self.is_async:
            return await self.handler(state, arguments)  # type: ignore[misc]
        if self.on_loop:
            try:
                with trying_on_loop():
                    return self.handler(state, arguments)  # type: ignore[return-value]
            except WouldBlock:
                pass  # the storage gave up before it wrote anything: wait for it in a thread
        return await anyio.to_thread.run_sync(self.handler, state, arguments)  # type: ignore[arg-type]


REOPEN_AFTER_SECONDS = 2.0
"""How long after a failed opening a tool call opens the backend again (see `in_background`)."""


class _Opening(Generic[StateT]):
    """A lifespan being opened in the background: what tool calls wait for. One that failed
    is opened again by the next call `REOPEN_AFTER_SECONDS` or more after the failure."""

    def __init__(self, lifespan: Lifespan[StateT], tg: anyio.abc.TaskGroup) -> None:
        self._lifespan = lifespan
        self._tg = tg
        self._ready = anyio.Event()  # this attempt's end (open, or failed)
        self._released = anyio.Event()
        self._state: StateT | None = None
        self._error: str | None = None
        self._failed_at = 0.0

    async def hold(self) -> None:
        """Open the lifespan, keep it open until released, then close it (in this one task)."""
        ready = self._ready
        try:
            async with self._lifespan() as state:
                self._state, self._error = state, None
                ready.set()
                await self._released.wait()
        except Exception as exc:
            expected = isinstance(exc, StartupError)
            self._error = str(exc) if expected else f"its backend failed ({type(exc).__name__})"
            self._failed_at = time.monotonic()
            logger.error("the server cannot serve tools: %s", self._error, exc_info=not expected)
            ready.set()

    def release(self) -> None:
        self._released.set()

    async def state(self) -> StateT:
        while True:
            ready = self._ready
            await ready.wait()
            if ready is not self._ready:  # another call began a new attempt meanwhile
                continue
            if self._error is None:
                return self._state  # type: ignore[return-value]
            if self._released.is_set() or time.monotonic() - self._failed_at < REOPEN_AFTER_SECONDS:
                raise StartupError(self._error)
            # The backend may be up now (a database still starting when the server did).
            self._ready = anyio.Event()
            self._tg.start_soon(self.hold)


def in_background(lifespan: Lifespan[StateT]) -> Lifespan[StateT]:
    """``lifespan``, opened while the server already answers.

    The handshake and ``tools/list`` do not wait for it (nor for what it imports: import heavy
    modules inside it, off the event loop); each tool call waits until it is open. If it fails,
    the failure is logged and every tool call gets it as a :class:`StartupError` through the
    envelope; a call made `REOPEN_AFTER_SECONDS` or more after the failure opens it again first
    (so a server started before its database recovers when the database is up, as the error's
    ``recoverable`` says). Meant for stdio, where a client waits for the handshake; over HTTP,
    open the backend eagerly, so that a broken one stops the server before it binds its port.
    """

    @asynccontextmanager
    async def background() -> AsyncIterator[Any]:
        async with anyio.create_task_group() as tg:
            opening: _Opening[StateT] = _Opening(lifespan, tg)
            tg.start_soon(opening.hold)
            try:
                yield opening
            finally:
                opening.release()

    return background


class ToolServer(Server[Any]):
    """What :func:`build_server` makes: an MCP low-level ``Server`` that also carries the HTTP
    ``routes`` it answers beside MCP; the runner serves them over streamable HTTP, behind the
    same Host/Origin checks and bearer token as ``/mcp`` (stdio has no use for them)."""

    def __init__(
        self,
        name: str,
        *,
        routes: Sequence[Route] = (),
        pages: Sequence[tuple[str, str]] = (),
        **options: Any,
    ) -> None:
        super().__init__(name, **options)
        self.routes: list[Route] = list(routes)
        self.pages: list[tuple[str, str]] = list(pages)  # (what, path): announced at start
        self.tasks: types.ServerTasksCapability | None = None  # set when tools run as tasks

    def get_capabilities(self, *args: Any, **kwargs: Any) -> types.ServerCapabilities:
        capabilities = super().get_capabilities(*args, **kwargs)
        if self.tasks is None:
            return capabilities
        return capabilities.model_copy(update={"tasks": self.tasks})


@cache
def package_version() -> str:
    """The installed version of this project (what every bundled server reports)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"


def _result(body: dict[str, Any], *, is_error: bool) -> dict[str, Any]:
    """A tool result, in its wire form: the body as JSON text, and as structured content on
    success only.

    An error body is not the tool's output, so it must not claim to be: clients on the
    TypeScript SDK validate ``structuredContent`` against the output schema even when
    ``isError`` is set, and would show a schema mismatch (-32602) instead of the message.

    The wire form, not a ``CallToolResult``: the SDK checks a result against the protocol's
    schema before sending it either way; a model would be validated here and dumped again
    there, the whole body walked twice more on each call.
    """
    try:  # pydantic's encoder: the same compact JSON as json.dumps's, a fourth of its time
        text = to_json(body).decode()
    except PydanticSerializationError:  # a lone surrogate, say (a caller's, echoed)
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": is_error}
    if not is_error:
        result["structuredContent"] = body
    result["resultType"] = "complete"  # as the model dumps it (dropped for a legacy client)
    return result


def build_server(
    name: str,
    tools: Sequence[ToolSpec[StateT, Any]],
    envelope: ErrorEnvelope,
    *,
    version: str | None = None,
    instructions: str | None = None,
    lifespan: Lifespan[StateT] | None = None,
    routes: Sequence[Route] = (),
    pages: Sequence[tuple[str, str]] = (),
    features: Features[StateT] | None = None,
    tasks: TaskSupport | None = None,
) -> ToolServer:
    """An MCP server offering ``tools``, with errors shaped by ``envelope``.

    ``lifespan`` is entered when a connection starts serving (once per process with the runner,
    for stdio and streamable HTTP alike) and exited when it ends; what it yields is every
    handler's first argument. Without one, handlers receive ``None``. ``version`` defaults to
    the installed package's version. ``routes`` are Starlette routes the runner serves beside
    the MCP endpoint over HTTP (``GET /metadata``, say), guarded by the same Host/Origin checks
    and bearer token; ``pages`` are those of them meant for people, ``(what, path)``: the runner
    prints their URLs when it starts (``fleet: dashboard on http://127.0.0.1:8000/``).
    ``features`` adds resources, prompts, completions, logging and icons
    (:mod:`servers._common.features`). ``tasks`` lets the tools it names run as tasks
    (:mod:`servers._common.tasks`).
    """
    from servers._common.progress import reporting

    by_name = {tool.name: tool for tool in tools}
    icons = [features.icon] if features is not None and features.icon is not None else None
    listed = [tool.to_mcp().model_copy(update={"icons": icons}) for tool in tools]
    if tasks is not None:  # the tools that run as tasks say so
        listed = [tasks.listed(tool) for tool in listed]
    listing = types.ListToolsResult(tools=listed)
    manager: Any = None  # the TaskManager, when tools run as tasks

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        single_page(params)
        return listing

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> dict[str, Any]:
        given = [params.name, params.arguments]

        def failure(body: dict[str, Any]) -> dict[str, Any]:
            return _result(shorten_echoes(body, given), is_error=True)

        tool = by_name.get(params.name)
        if tool is None:
            logger.info("call to unknown tool refused")
            return failure(envelope.unknown_tool(params.name, list(by_name)))
        # A null for a known field means "not given": models often send them for optional
        # fields. An unknown field is refused whatever its value.
        fields = tool.input_model.model_fields
        arguments = {
            k: v for k, v in (params.arguments or {}).items() if v is not None or k not in fields
        }
        try:
            parsed = validate_arguments(tool.input_model, arguments)
        except ValidationError as exc:
            problems = describe_validation_error(exc, tool.input_model)
            logger.info("%s rejected arguments: %s", tool.name, [p.field for p in problems])
            return failure(envelope.invalid_arguments(tool.name, problems, exc))
        try:
            state = await _state_of(ctx)
            # report_progress() reaches this caller; the tool's service call is a span
            with reporting(ctx.session), tracing.service_span(tool.handler):
                output = await tool.run(state, parsed)
        except Exception as exc:
            return failure(envelope.from_exception(tool.name, exc))
        body = output.model_dump(mode="json") if isinstance(output, BaseModel) else output
        return _result(body, is_error=False)

    @asynccontextmanager
    async def server_lifespan(_: Server[Any]) -> AsyncIterator[Any]:
        if lifespan is None:
            yield None
            return  # (tasks need a lifespan: their state)
        async with lifespan() as state:
            if manager is None:
                yield state
                return
            async with manager.running():
                yield state

    server = ToolServer(
        name,
        routes=routes,
        pages=pages,
        lifespan=server_lifespan,
        version=package_version() if version is None else version,
        instructions=instructions,
        icons=icons,
        cache_hints=features.cache_hints() if features is not None else None,
        on_list_tools=list_tools,
        on_call_tool=call_tool,  # a result's wire dict (see _result): a HandlerResult too
    )
    if tasks is not None:
        manager = tasks.install(server, call_tool, _state_of)
        server.tasks = types.ServerTasksCapability(
            list=types.TasksListCapability(),
            cancel=types.TasksCancelCapability(),
            requests=types.ServerTasksRequestsCapability(
                tools=types.TasksToolsCapability(call=types.TasksCallCapability())
            ),
        )
    if features is not None:
        features.install(server, _state_of)
    server.middleware.append(_named_params)
    return server


async def _named_params(ctx: ServerRequestContext[Any], call_next: CallNext) -> HandlerResult:
    """A request whose params do not fit its method (``tools/call`` without a name, a
    ``resources/read`` uri that is a number): the SDK answers "Invalid request parameters" and
    nothing more; here the same -32602 names each field and its rule (not the value sent)."""
    try:
        return await call_next(ctx)
    except ValidationError as exc:
        said = []
        for error in exc.errors(include_url=False)[:MAX_PARAM_PROBLEMS]:
            loc = [str(part) for part in error["loc"]]
            where = shorten(".".join(loc if loc[:1] == ["params"] else ["params", *loc]))
            said.append(f"{where}: {error['msg']}")
        raise MCPError(types.INVALID_PARAMS, "Invalid params: " + "; ".join(said)) from None


async def _state_of(ctx: ServerRequestContext[Any]) -> Any:
    """What the server's lifespan yielded, once open (it may be opening in the background)."""
    state = ctx.lifespan_context
    return await state.state() if isinstance(state, _Opening) else state
