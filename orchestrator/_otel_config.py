"""The config's `otel:` section, in mcp-agent's spelling, plus our one key (`capture_content`).

```yaml
otel:
  enabled: true
  service_name: my-assistant
  exporters: [otlp, file]            # or [{otlp: {endpoint, headers}}, {file: {path}}]
  otlp_settings: {endpoint: "http://127.0.0.1:4318/v1/traces", headers: {...}}
  path: traces.jsonl                 # the file exporter's file (relative to the config)
  sample_rate: 1.0
  capture_content: false             # message contents and tool arguments on the spans
```

Keys mcp-agent has and we do not use (`service_version`, `path_settings`, ...) are named once in
a warning, never fatal; a known key with a bad value is a `ConfigError` naming it. The `OTEL_*`
environment variables win over this section, and `--trace FILE` over both
(`orchestrator.tracing`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["INSTALL_HINT", "OtelSettings", "TraceSettings", "parse_otel"]

logger = logging.getLogger("orchestrator.config")

_EXPORTERS = ("otlp", "file", "console")
INSTALL_HINT = "pip install 'mcp-orchestrator[otel]'"


class OtelSettings(BaseModel):
    """What the config says about tracing (`otel:`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = Field(default=False, description="Export traces")
    service_name: str | None = Field(default=None, description="The service.name resource")
    exporters: tuple[str, ...] = Field(default=(), description="otlp, file and/or console")
    endpoint: str | None = Field(default=None, description="The OTLP traces endpoint")
    headers: dict[str, str] = Field(default_factory=dict, description="Headers for OTLP")
    path: Path | None = Field(default=None, description="The file exporter's file")
    sample_rate: float = Field(default=1.0, ge=0, le=1, description="Share of traces kept")
    capture_content: bool = Field(
        default=False, description="Record message contents and tool arguments and results"
    )


@dataclass(frozen=True)
class TraceSettings:
    """How traces are exported, resolved from the switches (see the module's docstring)."""

    service_name: str = "mcp-orchestrator"
    file: Path | None = None
    otlp: bool = False
    endpoint: str | None = None  # from the config; None: the SDK reads OTEL_EXPORTER_OTLP_*
    headers: Mapping[str, str] = field(default_factory=dict)
    protocol: str = "http/protobuf"
    console: bool = False
    sample_rate: float = 1.0
    capture_content: bool = False


def parse_otel(section: Any, folder: Path) -> tuple[dict[str, Any], list[str]]:
    """The `otel:` mapping as `OtelSettings` fields, and the keys that were not used. Raises
    `ValueError(key_path, problem)` for a value of the wrong shape."""
    if not isinstance(section, dict):
        raise ValueError("otel", "expected a mapping")
    fields: dict[str, Any] = {}
    unused: list[str] = []
    for key, value in section.items():
        if key in ("enabled", "service_name", "sample_rate", "capture_content"):
            fields[key] = value
        elif key == "exporters":
            _exporters(value, fields)
        elif key == "otlp_settings":
            _otlp(value, "otel.otlp_settings", fields)
        elif key == "path":
            fields["path"] = value
        else:
            unused.append(f"otel.{key}")
    path = fields.get("path")
    if isinstance(path, str):
        fields["path"] = (folder / Path(path).expanduser()).resolve()
    return fields, unused


def _exporters(value: Any, fields: dict[str, Any]) -> None:
    if not isinstance(value, list):
        raise ValueError("otel.exporters", "expected a list of otlp, file, console")
    names: list[str] = []
    for index, item in enumerate(value):
        where = f"otel.exporters.{index}"
        if isinstance(item, dict) and len(item) == 1:
            ((name, options),) = item.items()
            if name == "otlp":
                _otlp(options or {}, f"{where}.otlp", fields)
            elif name == "file" and isinstance(options, dict) and options.get("path"):
                fields["path"] = options["path"]
        else:
            name = item
        if name not in _EXPORTERS:
            raise ValueError(where, f"{name!r} is not one of {', '.join(_EXPORTERS)}")
        names.append(name)
    fields["exporters"] = tuple(names)


def _otlp(value: Any, where: str, fields: dict[str, Any]) -> None:
    if not isinstance(value, dict):
        raise ValueError(where, "expected a mapping with endpoint and headers")
    if value.get("endpoint") is not None:
        fields["endpoint"] = value["endpoint"]
    if value.get("headers") is not None:
        fields["headers"] = value["headers"]
