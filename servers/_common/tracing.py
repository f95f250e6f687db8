"""A bundled server's spans: the tool's service call and its SQL statements, under the MCP
server span the SDK makes for each request (its parent is the client's, from `_meta`).

With no tracing asked for (no `OTEL_EXPORTER_OTLP_*ENDPOINT`, no `OTEL_TRACES_EXPORTER` naming
`console`, no `ORCHESTRATOR_TRACE_FILE` in the environment, or `OTEL_SDK_DISABLED=true`), nothing
is set up and every hook here is a no-op: the OpenTelemetry SDK is not imported. With it,
:func:`configure` sets the SDK up through the orchestrator's public API
(`trace_from_environment`), the one place that reads the switches. The console's spans go to
stderr, on either transport: over stdio, stdout is the MCP channel and carries nothing else.

- :func:`service_span`: ``TodoService.create_todo`` (INTERNAL), around the tool's handler;
- :func:`instrument_engine`: one CLIENT span per SQL statement, named ``SELECT todos``, with
  ``db.system.name``, ``db.operation.name``, ``db.collection.name`` and ``db.query.summary``:
  the kind of statement and its table, never its text nor a value (:func:`statement_span`:
  the same for a prepared statement run on the driver's cursor, which those events do not see);
- :func:`child_context`: ``TRACEPARENT`` (and ``TRACESTATE``) for a child process (a coding
  agent's CLI, a fleet task) that continues the trace;
- :func:`instrument_server`: the SDK's span for ``notifications/initialized``, which would
  otherwise be a trace of its own for every session a client opens (a client's notification
  carries no ``traceparent``: the SDK puts one in requests only): over stdio, under the
  session's ``initialize`` span; over stateless HTTP, where nothing says which ``initialize``
  it follows, not made at all.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "child_context",
    "configure",
    "end_statement_span",
    "instrument_engine",
    "instrument_server",
    "service_span",
    "shutdown",
    "statement_span",
]

TRACER = "mcp-orchestrator.servers"
_SWITCHES = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
_FILE = "ORCHESTRATOR_TRACE_FILE"
_TABLE = re.compile(
    r"^\s*(?:SELECT\b.*?\bFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"
    r"[\"`]?([A-Za-z_][\w]*)",
    re.IGNORECASE | re.DOTALL,
)


class _Tracing:
    on = False


_state = _Tracing()


def configure(service_name: str) -> bool:
    """Export this server's spans if the environment asks for it; whether it does."""
    if os.environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    named = os.environ.get("OTEL_TRACES_EXPORTER", "")
    console = "console" in {n.strip().lower() for n in named.split(",")}
    if not console and not any(os.environ.get(k) for k in (*_SWITCHES, _FILE)):
        return False
    from orchestrator import trace_from_environment

    _state.on = trace_from_environment(service_name)
    return _state.on


def shutdown() -> None:
    """Export what is left (at exit)."""
    if _state.on:
        from opentelemetry import trace

        provider: Any = trace.get_tracer_provider()
        if hasattr(provider, "shutdown"):
            provider.shutdown()
        _state.on = False


def _tracer() -> Any:
    from opentelemetry import trace

    return trace.get_tracer(TRACER)


@contextmanager
def service_span(handler: Callable[..., Any]) -> Iterator[None]:
    """A span named after the service method a tool calls (``TodoService.create_todo``)."""
    if not _state.on:
        yield
        return
    from opentelemetry.trace import StatusCode

    name = getattr(handler, "__qualname__", None) or getattr(handler, "__name__", "handler")
    module = getattr(handler, "__module__", "") or ""
    attributes = {"code.function.name": f"{module}.{name}" if module else name}
    with _tracer().start_as_current_span(
        name, attributes=attributes, record_exception=False, set_status_on_exception=False
    ) as span:
        try:
            yield
        except Exception as exc:
            span.set_attribute("error.type", type(exc).__qualname__)
            span.set_status(StatusCode.ERROR)
            raise


def statement_summary(statement: str) -> tuple[str, str | None]:
    """The kind of a SQL statement (its first keyword, upper-cased) and its table, if any."""
    words = statement.split(None, 1)
    operation = words[0].upper() if words else "SQL"
    found = _TABLE.match(statement)
    return operation, found.group(1) if found else None


def instrument_engine(engine: Any) -> None:
    """One span per statement `engine` runs within a request (SQLAlchemy's cursor events), when
    tracing."""
    if not _state.on:
        return
    from sqlalchemy import event

    system = engine.dialect.name  # sqlite, postgresql: the conventions' names too

    @event.listens_for(engine, "before_cursor_execute")
    def _before(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        # None outside a request: see _statement_span
        conn.info.setdefault("_otel_spans", []).append(_statement_span(system, statement))

    @event.listens_for(engine, "after_cursor_execute")
    def _after(conn: Any, *rest: Any) -> None:
        _end(conn, None)

    @event.listens_for(engine, "handle_error")
    def _failed(context: Any) -> None:
        _end(context.connection, type(context.original_exception).__qualname__)

    def _end(conn: Any, error: str | None) -> None:
        spans = conn.info.get("_otel_spans") if conn is not None else None
        if spans:
            _end_statement_span(spans.pop(), error)


def statement_span(system: str, statement: str) -> Any:
    """The span of one SQL statement run without SQLAlchemy's cursor events (the hot path's
    prepared statements, ``servers._common._driver``): None when not tracing or outside a
    request; end it with :func:`end_statement_span`."""
    return _statement_span(system, statement) if _state.on else None


def end_statement_span(span: Any, error: BaseException | None) -> None:
    """End a :func:`statement_span` (``error``: what the statement raised, if it failed)."""
    _end_statement_span(span, None if error is None else type(error).__qualname__)


def _statement_span(system: str, statement: str) -> Any:
    """A CLIENT span named for the statement's kind and table (``SELECT todos``), or None
    outside a request (the schema made at start, a background watcher's poll): else each
    statement would be a trace of its own, one a second for a poller."""
    from opentelemetry.trace import SpanKind, get_current_span

    if not get_current_span().get_span_context().is_valid:
        return None
    operation, table = statement_summary(statement)
    summary = f"{operation} {table}" if table else operation
    return _tracer().start_span(
        summary,
        kind=SpanKind.CLIENT,
        attributes={
            "db.system.name": system,
            "db.operation.name": operation,
            "db.query.summary": summary,
            **({"db.collection.name": table} if table else {}),
        },
    )


def _end_statement_span(span: Any, error: str | None) -> None:
    if span is None:
        return
    if error is not None:
        from opentelemetry.trace import StatusCode

        span.set_attribute("error.type", error)
        span.set_status(StatusCode.ERROR)
    span.end()


def child_context() -> dict[str, str]:
    """``TRACEPARENT``/``TRACESTATE`` of the current span for a child process's environment
    (the W3C trace context as environment variables), so a CLI that emits OpenTelemetry joins
    the trace; empty outside a traced request."""
    from opentelemetry.propagate import inject

    carrier: dict[str, str] = {}
    inject(carrier)
    return {k.upper(): v for k, v in carrier.items() if k in ("traceparent", "tracestate")}


class _Handshake:
    """The span of the `initialize` a stdio server answered: its one session's."""

    span_context: Any = None


_handshake = _Handshake()


def instrument_server(server: Any, *, stateless: bool = False) -> None:
    """The SDK's span for ``notifications/initialized``, when tracing. Over stdio
    (``stateless=False``) it is parented to the session's ``initialize`` span (the handshake's
    first half, which the client's span caused): a middleware inside the SDK's span notes the
    ``initialize`` span, one around it makes that the parent; a process has one session, so the
    ``initialize`` noted is that session's. Over stateless HTTP each message is a request of its
    own and nothing tells which ``initialize`` a notification follows: the span is not made
    (unless the notification carries a ``traceparent``, which is then followed)."""
    if not _state.on:
        return
    if stateless:
        from mcp.server._otel import OpenTelemetryMiddleware  # the SDK's, on by default

        server.middleware[:] = [
            _UnlessHandshakeNote(m) if isinstance(m, OpenTelemetryMiddleware) else m
            for m in server.middleware
        ]
        return
    server.middleware.insert(0, _handshake_parent)  # outermost: before the SDK's span starts
    server.middleware.append(_handshake_seen)  # inside the SDK's span


class _UnlessHandshakeNote:
    """The SDK's span middleware, skipped for a ``notifications/initialized`` that carries no
    ``traceparent``."""

    def __init__(self, spans: Any) -> None:
        self.spans = spans

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method == "notifications/initialized" and not (
            ctx.meta and "traceparent" in ctx.meta
        ):
            return await call_next(ctx)
        return await self.spans(ctx, call_next)


async def _handshake_seen(ctx: Any, call_next: Any) -> Any:
    if ctx.method == "initialize":
        from opentelemetry.trace import get_current_span

        current = get_current_span().get_span_context()
        _handshake.span_context = current if current.is_valid else None
    return await call_next(ctx)


async def _handshake_parent(ctx: Any, call_next: Any) -> Any:
    parent = _handshake.span_context if ctx.method == "notifications/initialized" else None
    if parent is None or (ctx.meta and "traceparent" in ctx.meta):
        return await call_next(ctx)  # a client that sends a traceparent is followed
    from opentelemetry import context
    from opentelemetry.trace import NonRecordingSpan, set_span_in_context

    token = context.attach(set_span_in_context(NonRecordingSpan(parent)))
    try:
        return await call_next(ctx)
    finally:
        context.detach(token)
