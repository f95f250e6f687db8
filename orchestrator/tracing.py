"""OpenTelemetry traces: what a request did, as spans a tracing backend shows.

Off unless asked for, and then by the usual switches (the first that says so wins):

- `--trace FILE` (the command line): every span, the bundled servers' too, as OTLP JSON lines
  in FILE (one `ExportTraceServiceRequest` a line, as the Collector's file exporter writes);
- the `OTEL_*` environment variables: `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`)
  exports over OTLP (`OTEL_EXPORTER_OTLP_PROTOCOL`: `http/protobuf`, the default, or `grpc`
  when its exporter is installed), `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_SERVICE_NAME`,
  `OTEL_TRACES_EXPORTER` (`otlp`, `console`, `none`), `OTEL_TRACES_SAMPLER`;
  `OTEL_SDK_DISABLED=true` turns everything off;
- the config's `otel:` section (`orchestrator._otel_config`).

The SDK is the optional extra `otel` (`pip install 'mcp-orchestrator[otel]'`); with tracing
off, nothing of it is imported, and every span helper here is a no-op that imports nothing. A
program that set up its own tracer provider (Logfire, say) gets the spans in its traces.

Spans follow the OpenTelemetry GenAI and MCP semantic conventions:

```
invoke_agent orchestrator        INTERNAL  one request (Session.ask)
  chat {model}                   CLIENT    one model turn: provider, model, tokens, finish
  execute_tool {tool}            INTERNAL  one tool call: server, call id, status, error.type
    connect {server}             INTERNAL  a server started for it (lazily): handshake, tools
    MCP send tools/call {tool}   CLIENT    the MCP SDK's own span; it puts `traceparent` in
                                           the request's `_meta`, and the server continues it
```

`catalogue_cache {server}` records a cache hit or miss. Every span of a request is in its
trace, under the span that caused it, whichever task starts it (a server started in the
background inherits the context of the request that started it). The one exception: a server
the warm daemon starts again in the background after a slow failure, which no request waits
for, is a `connect {server}` trace of its own, linked to the request that set it off (`cause`).
Message contents, tool arguments and results are recorded only with
`OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` (or `otel: {capture_content: true}`);
no key, header or secret ever is. The bundled servers started over stdio get the exporter's
settings in their environment (`child_environment`); other servers get nothing but the
`traceparent` the SDK sends them.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from orchestrator._otel_config import INSTALL_HINT, OtelSettings, TraceSettings
from orchestrator.errors import UsageError

if TYPE_CHECKING:
    from orchestrator.config import Settings
    from orchestrator.messages import Item

__all__ = [
    "CAPTURE_ENV",
    "FILE_ENV",
    "Cause",
    "Span",
    "TraceSettings",
    "capture_content",
    "cause",
    "configure",
    "flush",
    "provider_name",
    "resolve",
    "server_environment",
    "shutdown",
    "span",
    "trace_from_environment",
]

logger = logging.getLogger(__name__)

TRACER = "mcp-orchestrator"
CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
FILE_ENV = "ORCHESTRATOR_TRACE_FILE"
_TRUE = ("true", "1", "yes", "span_only", "span_and_event")

# Our provider names as the conventions spell `gen_ai.provider.name` (the well-known values;
# others keep their own name, as the conventions allow).
_GENAI_PROVIDERS = {"gemini": "gcp.gemini", "openai-compatible": "openai"}

SpanKind = Literal["internal", "client", "server"]


def _flag(value: str | None) -> bool | None:
    if value is None or not value.strip():
        return None
    return value.strip().lower() in _TRUE


def resolve(
    otel: OtelSettings, environ: Mapping[str, str], trace_file: str | os.PathLike[str] | None
) -> TraceSettings | None:
    """What the switches ask for, or None when tracing is off."""
    if _flag(environ.get("OTEL_SDK_DISABLED")):
        return None
    endpoint = environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or environ.get(
        "OTEL_EXPORTER_OTLP_ENDPOINT"
    )
    wanted = set(otel.exporters or ("otlp",)) if otel.enabled else set()
    file = trace_file or environ.get(FILE_ENV) or (otel.path if "file" in wanted else None)
    otlp = bool(endpoint) or ("otlp" in wanted and bool(otel.endpoint))
    console = "console" in wanted
    named = environ.get("OTEL_TRACES_EXPORTER")
    if named:  # the standard variable names the exporters outright
        names = {n.strip().lower() for n in named.split(",")}
        otlp, console = "otlp" in names and (otlp or bool(endpoint)), "console" in names
    if not (file or otlp or console):
        return None
    capture = _flag(environ.get(CAPTURE_ENV))
    return TraceSettings(
        service_name=environ.get("OTEL_SERVICE_NAME") or otel.service_name or TRACER,
        file=Path(file).expanduser().resolve() if file else None,
        otlp=otlp,
        endpoint=None if endpoint else otel.endpoint,
        headers={} if endpoint else dict(otel.headers),
        protocol=environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        or environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
        or "http/protobuf",
        console=console,
        sample_rate=otel.sample_rate,
        capture_content=otel.capture_content if capture is None else capture,
    )


class _Tracing:
    """The process's tracing, once configured (OpenTelemetry's tracer provider is global)."""

    settings: TraceSettings | None = None
    provider: Any = None


_state = _Tracing()


def configure(
    settings: Settings,
    *,
    trace_file: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> TraceSettings | None:
    """Start exporting traces if the switches say so (once per process; later calls keep the
    first setup). `trace_file` is `--trace`: without the SDK it is a `UsageError`; tracing
    asked for by the environment or the config is then only warned about."""
    if _state.settings is not None:
        return _state.settings
    if _programs_own():
        return None  # the program traces already: our spans go into its traces
    env = os.environ if environ is None else environ
    wanted = resolve(settings.otel, env, trace_file)
    if wanted is None:
        if trace_file is not None:
            logger.warning("--trace %s is ignored: OTEL_SDK_DISABLED is set", trace_file)
        return None
    try:
        from orchestrator import _otel
    except ImportError as exc:
        message = f"tracing needs the OpenTelemetry SDK ({exc.name} is missing): {INSTALL_HINT}"
        if trace_file is not None:
            raise UsageError(message) from None
        logger.warning("%s; going on without traces", message)
        return None
    _state.provider = _otel.install(wanted)
    _state.settings = wanted
    return wanted


def shutdown() -> None:
    """Export what is left and stop (the command line calls it before it exits)."""
    provider, _state.provider, _state.settings = _state.provider, None, None
    if provider is not None:
        provider.shutdown()


def flush() -> None:
    """Export the spans buffered so far (the warm daemon, at the end of each request: its
    process, unlike a one-shot's, does not exit). It blocks until they are sent or the export
    times out: call it off the event loop."""
    provider = _state.provider
    if provider is not None:
        provider.force_flush()


def capture_content() -> bool:
    """Whether message contents, tool arguments and results go on the spans."""
    if _state.settings is not None:
        return _state.settings.capture_content
    return bool(_flag(os.environ.get(CAPTURE_ENV)))


def _programs_own() -> bool:
    """Whether the program set up a tracer provider of its own (not ours)."""
    if _state.settings is not None or "opentelemetry.trace" not in sys.modules:
        return False
    from opentelemetry import trace

    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def _tracer() -> Any:
    """Our tracer when spans are recorded: we configured tracing, or the program did (its
    provider is set); else None, and nothing is imported."""
    if _state.settings is None and not _programs_own():
        return None
    from opentelemetry import trace

    return trace.get_tracer(TRACER)


class Span:
    """A span being recorded, or nothing (tracing off): every method is then a no-op."""

    def __init__(self, span: Any = None) -> None:
        self.span = span

    @property
    def recording(self) -> bool:
        return self.span is not None

    def set(self, **attributes: Any) -> None:
        """Set attributes (dots in names as `__`: `gen_ai__usage__input_tokens`); None skips."""
        self.update({k.replace("__", "."): v for k, v in attributes.items()})

    def update(self, attributes: Mapping[str, Any]) -> None:
        if self.span is not None:
            self.span.set_attributes({k: v for k, v in attributes.items() if v is not None})

    def content(self, name: str, value: Any) -> None:
        """An opt-in content attribute (messages, arguments, results): only when capture is on,
        as JSON text (structured attributes are not yet supported on spans)."""
        if self.span is not None and capture_content():
            text = value if isinstance(value, str) else json.dumps(value, default=str)
            self.span.set_attribute(name, text)

    def fail(self, error_type: str, message: str | None = None) -> None:
        """The operation failed: `error.type` and the span's status (the message only when
        capture is on: an error may quote an argument)."""
        if self.span is None:
            return
        from opentelemetry.trace import StatusCode

        self.span.set_attribute("error.type", error_type)
        self.span.set_status(StatusCode.ERROR, message if capture_content() else None)


@dataclass(frozen=True)
class Cause:
    """The span that set off work no request waits for (`cause`): that work's span starts a
    trace of its own, linked to it (`span(..., apart_from=)`)."""

    span_context: Any = None


def cause() -> Cause:
    """The current span, as the cause of work started apart from it."""
    if _tracer() is None:
        return Cause()
    from opentelemetry import trace

    return Cause(trace.get_current_span().get_span_context())


@contextmanager
def span(
    name: str,
    kind: SpanKind = "internal",
    attributes: Mapping[str, Any] | None = None,
    *,
    apart_from: Cause | None = None,
) -> Iterator[Span]:
    """A span around the block (the current one inside it), under the current span; with
    `apart_from`, the root of a trace of its own, linked to that cause's span. An exception
    that leaves the block marks it failed with the exception's type as `error.type`."""
    tracer = _tracer()
    if tracer is None:
        yield Span()
        return
    from opentelemetry.trace import Link
    from opentelemetry.trace import SpanKind as Kind

    kinds = {"internal": Kind.INTERNAL, "client": Kind.CLIENT, "server": Kind.SERVER}
    given = {k: v for k, v in (attributes or {}).items() if v is not None}
    apart: dict[str, Any] = {}
    if apart_from is not None:
        from opentelemetry.context import Context

        linked = apart_from.span_context
        valid = linked is not None and linked.is_valid
        apart = {"context": Context(), "links": [Link(linked)] if valid else None}
    with tracer.start_as_current_span(
        name,
        kind=kinds[kind],
        attributes=given,
        record_exception=False,
        set_status_on_exception=False,
        **apart,
    ) as current:
        recorder = Span(current)
        try:
            yield recorder
        except BaseException as exc:
            if not isinstance(exc, GeneratorExit):
                recorder.fail(type(exc).__qualname__, str(exc))
            raise


def provider_name(provider: str) -> str:
    """`gen_ai.provider.name` for one of our providers."""
    return _GENAI_PROVIDERS.get(provider, provider)


def input_messages(history: Sequence[Item]) -> list[dict[str, Any]]:
    """The conversation in the conventions' input-messages shape (for opt-in capture)."""
    from orchestrator.messages import AssistantMessage, ToolCallItem, ToolResultItem, UserMessage

    messages: list[dict[str, Any]] = []
    for item in history:
        if isinstance(item, UserMessage):
            messages.append({"role": "user", "parts": [{"type": "text", "content": item.text}]})
        elif isinstance(item, AssistantMessage):
            part = {"type": "text", "content": item.text}
            messages.append({"role": "assistant", "parts": [part]})
        elif isinstance(item, ToolCallItem):
            part = {"type": "tool_call", "id": item.call_id, "name": item.name}
            messages.append({"role": "assistant", "parts": [{**part, "arguments": item.arguments}]})
        elif isinstance(item, ToolResultItem):
            part = {"type": "tool_call_response", "id": item.call_id, "result": item.output}
            messages.append({"role": "tool", "parts": [part]})
    return messages


def server_environment(server: str) -> dict[str, str]:
    """What a bundled stdio server needs in its environment to export its spans where ours go:
    the `OTEL_*` variables of ours, the config's endpoint, the trace file, its service name and
    the capture switch. Empty when tracing is off."""
    settings = _state.settings
    if settings is None:
        return {}
    env = {k: v for k, v in os.environ.items() if k.startswith("OTEL_")}
    env["OTEL_SERVICE_NAME"] = f"mcp-{server}"
    # A server's spans leave soon after its call, not at its exit: a server is stopped after a
    # grace period, which an exit that still has spans to send might outlast.
    env.setdefault("OTEL_BSP_SCHEDULE_DELAY", "200")
    env[CAPTURE_ENV] = "true" if settings.capture_content else "false"
    if settings.file is not None:
        env[FILE_ENV] = str(settings.file)
    if settings.otlp and settings.endpoint:
        env["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] = settings.endpoint
        if settings.headers:
            env["OTEL_EXPORTER_OTLP_TRACES_HEADERS"] = ",".join(
                f"{k}={v}" for k, v in settings.headers.items()
            )
    if not settings.otlp:
        env["OTEL_TRACES_EXPORTER"] = "none"
    return env


# -- the spans of a request -------------------------------------------------------------------


def _usage(usage: Any) -> dict[str, Any]:
    """`gen_ai.usage.*` of a `models.Usage`, when the model reported it."""
    if not usage.reported:
        return {}
    return {
        "gen_ai.usage.input_tokens": usage.input_tokens,
        "gen_ai.usage.output_tokens": usage.output_tokens,
        "gen_ai.usage.cache_read.input_tokens": usage.cached_tokens or None,
        "gen_ai.usage.cache_creation.input_tokens": usage.cache_write_tokens or None,
        "gen_ai.usage.reasoning.output_tokens": usage.reasoning_tokens or None,
    }


@contextmanager
def agent_span(provider: str, model: str | None, conversation: str, request: str) -> Iterator[Span]:
    """`invoke_agent orchestrator`: one request, from the question to the answer."""
    with span(
        "invoke_agent orchestrator",
        attributes={
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "orchestrator",
            "gen_ai.provider.name": provider_name(provider),
            "gen_ai.request.model": model,
            "gen_ai.conversation.id": conversation,
        },
    ) as current:
        current.content("gen_ai.input.messages", input_messages([_user(request)]))
        yield current


def answered(current: Span, result: Any) -> None:
    """What a request gave: its tokens, the model that answered, whether it was done."""
    current.update(_usage(result.usage))
    current.update(
        {
            "gen_ai.response.model": result.model or None,
            "mcp_orchestrator.request.done": result.done,
            "mcp_orchestrator.tool_calls": len(result.tool_calls),
        }
    )
    if not result.done:
        current.fail("request_not_done", result.text)
    message = {"role": "assistant", "parts": [{"type": "text", "content": result.text}]}
    current.content("gen_ai.output.messages", [message])


@contextmanager
def chat_span(
    provider: str, model: str | None, conversation: str, request: Any, streaming: bool
) -> Iterator[Span]:
    """`chat {model}`: one model turn."""
    settings = request.settings
    with span(
        f"chat {model}" if model else "chat",
        "client",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": provider_name(provider),
            "gen_ai.request.model": model,
            "gen_ai.conversation.id": conversation,
            "gen_ai.request.temperature": settings.temperature,
            "gen_ai.request.top_p": settings.top_p,
            "gen_ai.request.max_tokens": settings.max_tokens,
            "gen_ai.request.stream": True if streaming else None,
        },
    ) as current:
        current.content(
            "gen_ai.system_instructions", [{"type": "text", "content": request.instructions}]
        )
        current.content("gen_ai.input.messages", input_messages(request.history))
        yield current


def responded(current: Span, response: Any) -> None:
    """What one model turn gave: tokens, the model, why it stopped (and, opted in, its items)."""
    current.update(_usage(response.usage))
    current.update(
        {
            "gen_ai.response.model": response.model or None,
            "gen_ai.response.finish_reasons": list(response.finish_reasons) or None,
        }
    )
    if current.recording and capture_content():
        parts = input_messages(response.items)
        merged = [p for message in parts for p in message["parts"]]
        reason = response.finish_reasons[0] if response.finish_reasons else "stop"
        output = [{"role": "assistant", "parts": merged, "finish_reason": reason}]
        current.content("gen_ai.output.messages", output)


def _peer(url: str | None) -> dict[str, Any]:
    """`server.address` and `server.port` of an MCP server over HTTP (the MCP semantic
    conventions: recommended when the transport is HTTP); nothing for stdio."""
    if not url:
        return {}
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port = parts.port or {"https": 443, "http": 80}.get(parts.scheme)
    except ValueError:
        return {}
    return {"server.address": parts.hostname or None, "server.port": port}


@contextmanager
def tool_span(
    tool: str, server: str, call_id: str, transport: str | None, url: str | None = None
) -> Iterator[Span]:
    """`execute_tool {tool}`: one tool call, with the MCP attributes the call will have."""
    with span(
        f"execute_tool {tool}",
        attributes={
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": tool,
            "gen_ai.tool.call.id": call_id,
            "gen_ai.tool.type": "function",
            "mcp.method.name": "tools/call" if server else None,
            "network.transport": _NETWORK.get(transport or ""),
            "mcp_orchestrator.server.name": server or None,
            **_peer(url),
        },
    ) as current:
        yield current


def tool_done(current: Span, call: Any, error_type: str | None) -> None:
    """How a call ended: `status` (ok, error, not_executed, started: left running as a task)
    and, when it failed, `error.type` (`tool_error` when the server said so, as the MCP
    conventions name it)."""
    current.set(mcp_orchestrator__tool__status=call.status)
    if call.status == "error":
        current.fail(error_type or "tool_error", str(call.result))
    current.content("gen_ai.tool.call.arguments", call.arguments)
    if call.status == "ok":
        current.content("gen_ai.tool.call.result", call.result)


_NETWORK = {"stdio": "pipe", "sse": "tcp", "streamable_http": "tcp"}


@contextmanager
def connect_span(
    server: str, transport: str, url: str | None = None, *, apart_from: Cause | None = None
) -> Iterator[Span]:
    """`connect {server}`: a server started (spawned or dialled), its handshake and listing;
    under the current span, or (`apart_from`) a trace of its own linked to its cause."""
    with span(
        f"connect {server}",
        attributes={
            "mcp_orchestrator.server.name": server,
            "network.transport": _NETWORK.get(transport),
            **_peer(url),
        },
        apart_from=apart_from,
    ) as current:
        yield current


def cache_lookup(server: str, hit: bool) -> None:
    """`catalogue_cache {server}`: whether the server's tools came from the cache."""
    if _tracer() is None:
        return
    with span(
        f"catalogue_cache {server}",
        attributes={"mcp_orchestrator.server.name": server, "mcp_orchestrator.cache.hit": hit},
    ):
        pass


def _user(text: str) -> Item:
    from orchestrator.messages import UserMessage

    return UserMessage(text)


def trace_from_environment(service_name: str) -> bool:
    """Start exporting this process's spans as the `OTEL_*` variables (and `FILE_ENV`) say, as
    `service_name` unless `OTEL_SERVICE_NAME` names it: what a bundled server started by a
    tracing orchestrator does. False when they ask for nothing or the SDK is missing."""
    from orchestrator._otel_config import OtelSettings

    if _state.settings is not None:
        return True
    if _programs_own():
        return True
    wanted = resolve(OtelSettings(service_name=service_name), os.environ, None)
    if wanted is None:
        return False
    try:
        from orchestrator import _otel
    except ImportError as exc:
        logger.warning("tracing needs the OpenTelemetry SDK (%s is missing)", exc.name)
        return False
    _state.provider = _otel.install(wanted)
    _state.settings = wanted
    return True
