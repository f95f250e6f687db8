"""A loopback OTLP/HTTP trace receiver, and a reader for `--trace` files: what a test of the
spans a program exports needs, with no collector.

```python
with OTLPReceiver() as receiver:
    env = {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}   # run the program with it
    ...
spans = receiver.spans                                     # every span received, decoded
spans = read_trace_file(path)                              # or those of an OTLP JSON lines file
```

The receiver is a real HTTP server on 127.0.0.1 answering `POST /v1/traces` in protobuf (what
the SDK's OTLP/HTTP exporter sends) or JSON, decoded with `opentelemetry-proto` (the `otel`
extra). Each span comes back as a `ReceivedSpan`: its service, name, kind, ids in hex, parent,
and attributes as plain values.
"""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from google.protobuf.json_format import MessageToDict, ParseDict
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

__all__ = ["OTLPReceiver", "ReceivedSpan", "read_trace_file"]

KINDS = {0: "unspecified", 1: "internal", 2: "server", 3: "client", 4: "producer", 5: "consumer"}


@dataclass(frozen=True)
class ReceivedSpan:
    """One span as exported: ids in hex, `parent` empty for a root."""

    service: str
    name: str
    kind: str
    trace_id: str
    span_id: str
    parent: str
    attributes: dict[str, Any] = field(default_factory=dict)
    status: int = 0  # 0 unset, 1 ok, 2 error


def _value(value: dict[str, Any]) -> Any:
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in value:
            return value[key]
    if "intValue" in value:
        return int(value["intValue"])
    if "arrayValue" in value:
        return [_value(v) for v in value["arrayValue"].get("values", [])]
    return None


def _spans(message: dict[str, Any], hex_ids: bool) -> list[ReceivedSpan]:
    """The spans of one `ExportTraceServiceRequest` in its JSON form."""

    def ident(text: str | None) -> str:
        if not text:
            return ""
        return text if hex_ids else base64.b64decode(text).hex()

    found = []
    for resource in message.get("resourceSpans", []):
        attributes = resource.get("resource", {}).get("attributes", [])
        service = next((_value(a["value"]) for a in attributes if a["key"] == "service.name"), "")
        for scope in resource.get("scopeSpans", []):
            for span in scope.get("spans", []):
                found.append(
                    ReceivedSpan(
                        service=service,
                        name=span["name"],
                        kind=KINDS[int(span.get("kind", 0))],
                        trace_id=ident(span.get("traceId")),
                        span_id=ident(span.get("spanId")),
                        parent=ident(span.get("parentSpanId")),
                        attributes={
                            a["key"]: _value(a["value"]) for a in span.get("attributes", [])
                        },
                        status=int(span.get("status", {}).get("code", 0)),
                    )
                )
    return found


def read_trace_file(path: Path) -> list[ReceivedSpan]:
    """The spans of a file of OTLP JSON lines (`orchestrator --trace FILE`)."""
    spans: list[ReceivedSpan] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            spans.extend(_spans(json.loads(line), hex_ids=True))
    return spans


class OTLPReceiver:
    """An OTLP/HTTP traces endpoint on 127.0.0.1 (a port of its own), in a thread."""

    def __init__(self) -> None:
        self.spans: list[ReceivedSpan] = []
        self.requests = 0
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path != "/v1/traces":
                    self.send_error(404)
                    return
                if self.headers.get("Content-Type", "").startswith("application/json"):
                    message = ParseDict(json.loads(body), ExportTraceServiceRequest())
                else:
                    message = ExportTraceServiceRequest.FromString(body)
                decoded = MessageToDict(message, use_integers_for_enums=True)
                receiver._add(_spans(decoded, hex_ids=False), dict(self.headers))
                reply = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args: Any) -> None:
                return None

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`; the exporter adds `/v1/traces`)."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def _add(self, spans: Iterable[ReceivedSpan], headers: dict[str, str]) -> None:
        with self._lock:
            self.spans.extend(spans)
            self.requests += 1
            self.headers.append(headers)

    def __enter__(self) -> OTLPReceiver:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)
