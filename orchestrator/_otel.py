"""The OpenTelemetry SDK set up from `TraceSettings`: a tracer provider with the exporters asked
for. Imported only when tracing is on (`orchestrator.tracing.configure`); it imports the SDK.

- OTLP over HTTP (protobuf), or gRPC when `opentelemetry-exporter-otlp-proto-grpc` is
  installed, batched; the SDK's exporter reads the `OTEL_EXPORTER_OTLP_*` variables itself;
- a file of OTLP JSON lines (`--trace FILE`): each export is one `ExportTraceServiceRequest` as
  one line, in the OTLP/JSON encoding (ids in hex, enums as numbers), appended with one write,
  so the orchestrator and the servers it started can share the file;
- the console (`OTEL_TRACES_EXPORTER=console`), on stderr.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from google.protobuf.json_format import MessageToDict
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SimpleSpanProcessor,
    SpanExporter,
    SpanExportResult,
)
from opentelemetry.sdk.trace.sampling import ParentBased, TraceIdRatioBased

from orchestrator._otel_config import INSTALL_HINT, TraceSettings
from orchestrator.errors import UsageError

__all__ = ["JsonLinesExporter", "install", "otlp_json"]

_IDS = ("traceId", "spanId", "parentSpanId")
EXPORT_TIMEOUT_SECONDS = 3.0
"""An OTLP export's bound, retries included, unless `OTEL_EXPORTER_OTLP_[TRACES_]TIMEOUT` says
otherwise: a collector that is down delays a one-shot's exit by this much (the SDK's 10 s
default would be felt on every command)."""


def otlp_json(spans: Sequence[ReadableSpan]) -> dict[str, Any]:
    """`spans` as one OTLP/JSON `ExportTraceServiceRequest` (ids in hex, as OTLP/JSON wants)."""
    message = MessageToDict(encode_spans(spans), use_integers_for_enums=True)
    for resource in message.get("resourceSpans", []):
        for scope in resource.get("scopeSpans", []):
            for item in scope.get("spans", []):
                for key in _IDS:
                    if key in item:
                        item[key] = base64.b64decode(item[key]).hex()
                for link in item.get("links", []):
                    for key in _IDS:
                        if key in link:
                            link[key] = base64.b64decode(link[key]).hex()
    return message


class JsonLinesExporter(SpanExporter):
    """Appends each export to `path` as one line of OTLP JSON."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        line = (json.dumps(otlp_json(spans), separators=(",", ":")) + "\n").encode()
        try:
            with self._lock:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    os.write(fd, line)  # one write: lines from several processes never mix
                finally:
                    os.close(fd)
        except OSError:
            return SpanExportResult.FAILURE
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        return None

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


def _otlp_exporter(settings: TraceSettings) -> SpanExporter:
    options: dict[str, Any] = {}
    if not any(os.environ.get(f"OTEL_EXPORTER_OTLP_{k}TIMEOUT") for k in ("", "TRACES_")):
        options["timeout"] = EXPORT_TIMEOUT_SECONDS
    if settings.endpoint:
        options["endpoint"] = settings.endpoint
    if settings.headers:
        options["headers"] = dict(settings.headers)
    if settings.protocol == "grpc":
        try:
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import (
                OTLPSpanExporter as GrpcExporter,
            )
        except ImportError:
            raise UsageError(
                "OTEL_EXPORTER_OTLP_PROTOCOL=grpc needs opentelemetry-exporter-otlp-proto-grpc "
                "(pip install opentelemetry-exporter-otlp-proto-grpc), or use http/protobuf"
            ) from None
        return GrpcExporter(**options)
    if settings.protocol not in ("http/protobuf", "http"):
        raise UsageError(
            f"OTEL_EXPORTER_OTLP_PROTOCOL={settings.protocol!r} is not supported: use "
            "http/protobuf (the default) or grpc"
        )
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    except ImportError:
        raise UsageError(f"OTLP export needs its exporter: {INSTALL_HINT}") from None
    return OTLPSpanExporter(**options)


def install(settings: TraceSettings) -> TracerProvider:
    """Make a tracer provider for `settings`, the process's global one."""
    sampler = None
    if "OTEL_TRACES_SAMPLER" not in os.environ and settings.sample_rate < 1:
        sampler = ParentBased(TraceIdRatioBased(settings.sample_rate))
    provider = TracerProvider(
        resource=Resource.create({"service.name": settings.service_name}),
        sampler=sampler,
    )
    if settings.file is not None:
        provider.add_span_processor(SimpleSpanProcessor(JsonLinesExporter(settings.file)))
    if settings.otlp:
        provider.add_span_processor(BatchSpanProcessor(_otlp_exporter(settings)))
    if settings.console:
        provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))
    trace.set_tracer_provider(provider)
    return provider
