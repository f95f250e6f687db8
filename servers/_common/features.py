"""What a bundled server offers beside tools: resources, prompts, completions, logging, icons.

A server declares them in a :class:`Features` and passes it to
:func:`~servers._common.app.build_server` (``features=``), which installs the handlers:

- **Resources** (:class:`ResourceSpec`): a fixed URI (``todo://today``) is listed by
  ``resources/list``; a URI template (``todo://todos/{todo_id}``) by ``resources/templates/list``.
  ``read(state, variables)`` returns the text (``variables`` holds the template's parts); a
  ``LookupError`` it raises is the spec's "resource not found" (-32602, with the URI in ``data``),
  as is a URI no spec matches.
- **Prompts** (:class:`PromptSpec`): ``render(state, arguments)`` returns the user message's text;
  a missing required argument or an unknown one is -32602, naming it, and so is a
  ``LookupError`` it raises (an argument that names nothing: its message says which).
- **Completions**: ``completions`` maps an argument name (of a prompt or a template's variable)
  to ``complete(state, value, context)``, which returns the candidates; at most 100 are sent,
  ``hasMore`` says when there were more. An unknown prompt or template is -32602.
- **Logging** (handshake era: ``logging/setLevel``): once a client sets a level, each tool call
  it makes is logged to it (``notifications/message``, logger = the server's name): ``info`` when
  the call succeeds, ``warning`` when it fails. On 2026-07-28 a request opts in through its
  ``_meta`` log level instead (the SDK's rule), and the same messages ride that request's stream.
- **Icons**: the server's and each tool's (the same one), an SVG as a ``data:`` URI.
- **Cache hints** (2026-07-28, ``ttlMs``/``cacheScope``): tool and prompt listings are fixed
  for the life of the process (public, :data:`STATIC_TTL_MS`); resource listings and reads are
  the user's data (private, not cached).

Handlers may be ``async def`` (awaited) or plain ``def`` (run in a worker thread), like tools,
and receive the state the server's lifespan yielded.
"""

from __future__ import annotations

import base64
import inspect
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import anyio.to_thread
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.caching import CacheHint
from mcp.server.connection import allowed_log_levels
from mcp.server.context import CallNext, HandlerResult
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel

__all__ = [
    "STATIC_TTL_MS",
    "Features",
    "PromptArgument",
    "PromptSpec",
    "ResourceSpec",
    "svg_icon",
]

StateT = TypeVar("StateT")

INVALID_PARAMS = -32602


def single_page(params: types.PaginatedRequestParams | None) -> None:
    """A list this server gives in one page: a cursor it never gave is -32602, as MCP says an
    invalid cursor should be (`tasks/list`, which pages, refuses one it did not give alike)."""
    cursor = params.cursor if params is not None else None
    if cursor is not None:
        raise MCPError(
            INVALID_PARAMS,
            f"cursor: not one this server gave ({cursor!r:.80}); the list has one page",
        )


MAX_COMPLETIONS = 100
MAX_CONNECTIONS = 256
STATIC_TTL_MS = 5 * 60 * 1000
"""How long a client may keep a tool or prompt listing: they change only with a new release."""
_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
_VARIABLE = re.compile(r"\{(\w+)\}")

Text = str | Awaitable[str]
Completer = Callable[[Any, str, Mapping[str, str]], Sequence[str] | Awaitable[Sequence[str]]]
"""``(state, value typed so far, the other arguments already given) -> candidates``"""


async def _call(function: Callable[..., Any], *args: Any) -> Any:
    """Await an ``async def``; run a plain ``def`` in a worker thread (it may block on SQL)."""
    if inspect.iscoroutinefunction(function):
        return await function(*args)
    return await anyio.to_thread.run_sync(function, *args)


def svg_icon(svg: str) -> types.Icon:
    """An icon from SVG markup, as a ``data:`` URI (no request to any host to show it)."""
    data = base64.b64encode(svg.encode()).decode()
    return types.Icon(
        src=f"data:image/svg+xml;base64,{data}", mime_type="image/svg+xml", sizes=["any"]
    )


@dataclass(frozen=True)
class ResourceSpec(Generic[StateT]):
    """A resource: a fixed URI, or a URI template whose ``{name}`` parts ``read`` receives."""

    uri: str
    name: str
    description: str
    read: Callable[[StateT, dict[str, str]], Text]
    mime_type: str = "application/json"
    pattern: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        parts = re.split(r"(\{\w+\})", self.uri)
        regex = "".join(
            f"(?P<{p[1:-1]}>[^/]+)" if _VARIABLE.fullmatch(p) else re.escape(p) for p in parts
        )
        object.__setattr__(self, "pattern", re.compile(regex))

    @property
    def is_template(self) -> bool:
        return _VARIABLE.search(self.uri) is not None

    @property
    def variables(self) -> list[str]:
        return _VARIABLE.findall(self.uri)


@dataclass(frozen=True)
class PromptArgument:
    name: str
    description: str
    required: bool = False


@dataclass(frozen=True)
class PromptSpec(Generic[StateT]):
    """A prompt: ``render(state, arguments)`` is the text of the one user message it gives."""

    name: str
    description: str
    render: Callable[[StateT, dict[str, str]], Text]
    arguments: tuple[PromptArgument, ...] = ()
    title: str | None = None


@dataclass(frozen=True)
class Features(Generic[StateT]):
    """Everything a server offers beside its tools (see the module's docstring)."""

    resources: Sequence[ResourceSpec[StateT]] = ()
    prompts: Sequence[PromptSpec[StateT]] = ()
    completions: Mapping[str, Completer] = field(default_factory=dict)
    icon: types.Icon | None = None
    logging: bool = True

    def cache_hints(self) -> dict[Any, CacheHint]:
        """``ttlMs``/``cacheScope`` per listing method (see the module's docstring)."""
        hints: dict[Any, CacheHint] = {"tools/list": CacheHint(STATIC_TTL_MS, "public")}
        if self.prompts:
            hints["prompts/list"] = CacheHint(STATIC_TTL_MS, "public")
        if self.resources:
            for method in ("resources/list", "resources/templates/list", "resources/read"):
                hints[method] = CacheHint(0, "private")
        return hints

    def install(self, server: Server[Any], state_of: Callable[[Any], Awaitable[Any]]) -> None:
        """Add this server's handlers to ``server``; ``state_of(ctx)`` is the lifespan's state
        (awaited: the backend may still be opening)."""
        _Handlers(self, server, state_of).install()


class _Handlers:
    def __init__(
        self, features: Features[Any], server: Server[Any], state_of: Callable[[Any], Any]
    ) -> None:
        self.features, self.server, self.state_of = features, server, state_of
        self.prompts = {p.name: p for p in features.prompts}
        self.levels: dict[int, tuple[object, str]] = {}  # connection -> the level it set

    def install(self) -> None:
        server, features = self.server, self.features
        if features.resources:
            server.add_request_handler(
                "resources/list", types.PaginatedRequestParams, self.list_resources
            )
            server.add_request_handler(
                "resources/templates/list", types.PaginatedRequestParams, self.list_templates
            )
            server.add_request_handler("resources/read", types.ReadResourceRequestParams, self.read)
        if features.prompts:
            server.add_request_handler(
                "prompts/list", types.PaginatedRequestParams, self.list_prompts
            )
            server.add_request_handler("prompts/get", types.GetPromptRequestParams, self.get_prompt)
        if features.completions:
            server.add_request_handler(
                "completion/complete", types.CompleteRequestParams, self.complete
            )
        if features.logging:
            server.add_request_handler(
                "logging/setLevel", types.SetLevelRequestParams, self.set_level
            )
            server.middleware.append(self.log_tool_calls)

    # --- resources ---------------------------------------------------------------------------

    async def list_resources(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams
    ) -> types.ListResourcesResult:
        single_page(params)
        return types.ListResourcesResult(
            resources=[
                types.Resource(
                    uri=r.uri,
                    name=r.name,
                    description=r.description,
                    mime_type=r.mime_type,
                    icons=self._icons(),
                )
                for r in self.features.resources
                if not r.is_template
            ]
        )

    async def list_templates(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams
    ) -> types.ListResourceTemplatesResult:
        single_page(params)
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template=r.uri,
                    name=r.name,
                    description=r.description,
                    mime_type=r.mime_type,
                    icons=self._icons(),
                )
                for r in self.features.resources
                if r.is_template
            ]
        )

    async def read(
        self, ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        for spec in self.features.resources:
            if (match := spec.pattern.fullmatch(uri)) is None:
                continue
            try:
                text = await _call(spec.read, await self.state_of(ctx), match.groupdict())
            except LookupError as exc:
                raise _not_found(uri, str(exc)) from None
            return types.ReadResourceResult(
                contents=[types.TextResourceContents(uri=uri, mime_type=spec.mime_type, text=text)]
            )
        known = ", ".join(r.uri for r in self.features.resources)
        raise _not_found(uri, f"Resource not found: {uri} (this server's are {known})")

    # --- prompts -----------------------------------------------------------------------------

    async def list_prompts(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams
    ) -> types.ListPromptsResult:
        single_page(params)
        return types.ListPromptsResult(
            prompts=[
                types.Prompt(
                    name=p.name,
                    title=p.title,
                    description=p.description,
                    icons=self._icons(),
                    arguments=[
                        types.PromptArgument(
                            name=a.name, description=a.description, required=a.required
                        )
                        for a in p.arguments
                    ],
                )
                for p in self.features.prompts
            ]
        )

    async def get_prompt(
        self, ctx: ServerRequestContext[Any], params: types.GetPromptRequestParams
    ) -> types.GetPromptResult:
        prompt = self._prompt(params.name)
        given = dict(params.arguments or {})
        names = {a.name for a in prompt.arguments}
        if unknown := sorted(set(given) - names):
            raise MCPError(
                INVALID_PARAMS,
                f"{unknown[0]}: is not an argument of prompt "
                f"'{prompt.name}' (its arguments: {', '.join(sorted(names)) or 'none'})",
            )
        for argument in prompt.arguments:
            if argument.required and not given.get(argument.name, "").strip():
                raise MCPError(
                    INVALID_PARAMS,
                    f"{argument.name}: is required by prompt "
                    f"'{prompt.name}' ({argument.description})",
                )
        try:
            text = await _call(prompt.render, await self.state_of(ctx), given)
        except LookupError as exc:  # an argument that names nothing ("no task with id ...")
            raise MCPError(INVALID_PARAMS, str(exc)) from None
        return types.GetPromptResult(
            description=prompt.description,
            messages=[
                types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
            ],
        )

    def _prompt(self, name: str) -> PromptSpec[Any]:
        prompt = self.prompts.get(name)
        if prompt is None:
            known = ", ".join(self.prompts) or "none"
            raise MCPError(INVALID_PARAMS, f"Unknown prompt '{name[:80]}' (this server's: {known})")
        return prompt

    # --- completions -------------------------------------------------------------------------

    async def complete(
        self, ctx: ServerRequestContext[Any], params: types.CompleteRequestParams
    ) -> types.CompleteResult:
        ref, argument = params.ref, params.argument
        if isinstance(ref, types.PromptReference):
            owner = f"prompt '{ref.name}'"
            names = {a.name for a in self._prompt(ref.name).arguments}
        else:
            templates = {r.uri: r for r in self.features.resources if r.is_template}
            if ref.uri not in templates:
                raise MCPError(
                    INVALID_PARAMS,
                    f"Unknown resource template '{ref.uri[:80]}' "
                    f"(this server's: {', '.join(templates) or 'none'})",
                )
            owner = f"resource template '{ref.uri}'"
            names = set(templates[ref.uri].variables)
        if argument.name not in names:
            raise MCPError(INVALID_PARAMS, f"{argument.name[:80]}: is not an argument of {owner}")
        completer = self.features.completions.get(argument.name)
        if completer is None:
            values: list[str] = []
        else:
            context = dict(params.context.arguments or {}) if params.context else {}
            found = await _call(completer, await self.state_of(ctx), argument.value, context)
            values = list(found)
        return types.CompleteResult(
            completion=types.Completion(
                values=values[:MAX_COMPLETIONS],
                total=len(values),
                has_more=len(values) > MAX_COMPLETIONS,
            )
        )

    # --- logging -----------------------------------------------------------------------------

    async def set_level(
        self, ctx: ServerRequestContext[Any], params: types.SetLevelRequestParams
    ) -> types.EmptyResult:
        connection = _connection(ctx)
        if len(self.levels) >= MAX_CONNECTIONS:  # the oldest goes (gone, most likely)
            self.levels.pop(next(iter(self.levels)))
        self.levels[id(connection)] = (connection, params.level)  # held: its id stays unique
        return types.EmptyResult()

    async def log_tool_calls(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        result = await call_next(ctx)
        if ctx.method == "tools/call" and ctx.request_id is not None:
            failed = _is_error(result)
            level = "warning" if failed else "info"
            if not self._wanted(ctx, level):  # most calls: nobody listens, nothing to build
                return result
            data: dict[str, Any] = {
                "tool": (ctx.params or {}).get("name"),
                "outcome": "error" if failed else "done",
            }
            if failed:
                first = (_as_dict(result).get("content") or [{}])[0]
                data["error"] = first.get("text", "") if isinstance(first, dict) else ""
            await self._send_log(ctx, level, data)
        return result

    def _wanted(self, ctx: ServerRequestContext[Any, Any], level: str) -> bool:
        """Whether the caller of this request takes log messages of ``level``."""
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:  # the request's own opt-in
            return level in allowed_log_levels(ctx.protocol_version, ctx.meta)
        # else what the client set with logging/setLevel, if it did
        wanted = self.levels.get(id(_connection(ctx)))
        return wanted is not None and _LEVELS.index(level) >= _LEVELS.index(wanted[1])

    async def _send_log(self, ctx: ServerRequestContext[Any, Any], level: str, data: Any) -> None:
        notification = types.LoggingMessageNotification(
            params=types.LoggingMessageNotificationParams(
                level=level,  # type: ignore[arg-type]
                data=data,
                logger=self.server.name,
            )
        )
        await ctx.session.send_notification(notification, related_request_id=ctx.request_id)

    def _icons(self) -> list[types.Icon] | None:
        return [self.features.icon] if self.features.icon is not None else None


def _connection(ctx: ServerRequestContext[Any, Any]) -> object:
    """What identifies a client's connection: its ``initialize`` parameters, the one object every
    request of that connection sees (the SDK makes a new session object per request)."""
    session = ctx.session
    return session.client_params if session.client_params is not None else session


def _is_error(result: HandlerResult) -> bool:
    """Whether a ``tools/call`` handler's result is an error result (a model or its wire dict)."""
    if isinstance(result, types.CallToolResult):
        return result.is_error is True
    return isinstance(result, dict) and result.get("isError") is True


def _as_dict(result: HandlerResult) -> dict[str, Any]:
    """A handler's result as its wire dict (the SDK passes a model or a dict along)."""
    if isinstance(result, BaseModel):
        return result.model_dump(by_alias=True, mode="json", exclude_none=True)
    return result if isinstance(result, dict) else {}


def _not_found(uri: str, message: str) -> MCPError:
    return MCPError(INVALID_PARAMS, message, data={"uri": uri})
