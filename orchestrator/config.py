"""Load the orchestrator's configuration.

Two formats are read:

* lastmile-ai mcp-agent's `mcp_agent.config.yaml` (`mcp.servers.<name>`), with
  `mcp_agent.secrets.yaml` beside it deep-merged on top when present;
* a Claude-style JSON file with a top-level `mcpServers` object.

`${VAR}` and `${VAR:-default}` are expanded in every string. Lookup order: an explicit path,
then `mcp_agent.config.yaml` in the working directory and its parents, then the default
bundled inside this package. Every problem raises `ConfigError` naming the file, the key path
and what is wrong.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from orchestrator.errors import ConfigError

__all__ = [
    "CONFIG_FILENAME",
    "SECRETS_FILENAME",
    "MCPServerSettings",
    "OrchestratorSettings",
    "Settings",
    "find_config",
    "load_config",
]

logger = logging.getLogger(__name__)

CONFIG_FILENAME = "mcp_agent.config.yaml"
SECRETS_FILENAME = "mcp_agent.secrets.yaml"
BUNDLED_CONFIG = Path(__file__).with_name(CONFIG_FILENAME)

Transport = Literal["stdio", "sse", "streamable_http"]

# Keys of mcp-agent's wider server schema that we accept and ignore.
_IGNORED_SERVER_KEYS = frozenset(
    {
        "name",
        "auth",
        "roots",
        "read_transport_sse_timeout_seconds",
        "terminate_on_close",
        "elicitation",
        "sampling",
        "access_token",
    }
)
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


class MCPServerSettings(BaseModel):
    """One MCP server, in mcp-agent's schema plus our `required` and `expected_tools`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(description="The server's key under mcp.servers")
    transport: Transport = Field("stdio", description="How to reach the server")
    command: str | None = Field(default=None, description="Executable for stdio servers")
    args: list[str] = Field(default_factory=list, description="Arguments for the command")
    env: dict[str, str] = Field(default_factory=dict, description="Extra environment variables")
    cwd: str | None = Field(
        default=None, description="Working directory, relative to the config file"
    )
    url: str | None = Field(default=None, description="URL for sse and streamable_http servers")
    headers: dict[str, str] = Field(default_factory=dict, description="HTTP headers")
    http_timeout_seconds: float | None = Field(None, gt=0, description="HTTP connect timeout")
    read_timeout_seconds: float | None = Field(None, gt=0, description="Per-request timeout")
    allowed_tools: list[str] | None = Field(
        default=None, description="Only these tools are offered"
    )
    description: str | None = Field(default=None, description="What the server is for")
    required: bool = Field(False, description="Stop the run when this server does not start")
    inherit_env: bool = Field(
        False,
        description="Give this stdio server the orchestrator's whole environment, not just "
        "the safe variables (HOME, PATH, locale, TZ, XDG folders) plus `env`",
    )
    expected_tools: list[str] = Field(
        default_factory=list, description="Tools to warn about when the server does not offer them"
    )
    problem: str | None = Field(
        None, description="Set by the loader when the entry cannot be used (e.g. unset variable)"
    )

    @field_validator("args", mode="before")
    @classmethod
    def _args_as_strings(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [str(v) if isinstance(v, int | float) else v for v in value]
        return value


class OrchestratorSettings(BaseModel):
    """Our own `orchestrator:` section."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provider: str | None = Field(default=None, description="Provider name from the registry")
    model: str | None = Field(default=None, description="Model name for the provider")
    instructions: str | None = Field(default=None, description="Extra system instructions")
    startup_timeout_seconds: float = Field(
        default=10.0, gt=0, description="Handshake timeout for each server"
    )
    early_start: bool | None = Field(
        default=None,
        description="Spawn stdio servers before the client's imports (default true); "
        "--no-early-start and ORCHESTRATOR_EARLY_START override it",
    )
    provider_attempts: int | None = Field(
        default=None,
        ge=1,
        description="Attempts per provider request, retries included (default 4); "
        "--provider-attempts and ORCHESTRATOR_PROVIDER_ATTEMPTS override it",
    )


class Settings(BaseModel):
    """Everything loaded from one configuration file."""

    model_config = ConfigDict(frozen=True)

    source: Path = Field(description="The file the settings were read from")
    servers: dict[str, MCPServerSettings] = Field(default_factory=dict)
    orchestrator: OrchestratorSettings = Field(default_factory=OrchestratorSettings)

    def select(self, names: list[str]) -> Settings:
        """A copy with only the named servers; an unknown name is a `ConfigError`."""
        unknown = [n for n in names if n not in self.servers]
        if unknown:
            known = ", ".join(self.servers) or "none"
            raise ConfigError(
                str(self.source), f"no server named {', '.join(unknown)} (configured: {known})"
            )
        return self.model_copy(update={"servers": {n: self.servers[n] for n in names}})


def find_config(explicit: str | os.PathLike[str] | None = None, cwd: Path | None = None) -> Path:
    """The config file to use: `explicit`, else the nearest one upwards, else the bundled one."""
    if explicit is not None:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ConfigError(str(path), "file not found")
        return path
    here = (cwd or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / CONFIG_FILENAME
        if candidate.is_file():
            return candidate
    return BUNDLED_CONFIG


def load_config(
    path: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None
) -> Settings:
    """Find, read, merge, expand and validate the configuration."""
    source = find_config(path)
    environ = dict(os.environ) if env is None else env
    raw = _read(source)
    if "mcpServers" in raw:
        raw = _from_claude(raw, source)
    else:
        secrets = source.with_name(SECRETS_FILENAME)
        if source.name != SECRETS_FILENAME and secrets.is_file():
            raw = _deep_merge(raw, _read(secrets))
    missing: dict[str, str] = {}
    raw = _expand(raw, environ, "", missing)
    return _validate(raw, source, missing)


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read: {exc.strerror or exc}") from exc
    try:
        if path.suffix == ".json":
            data = json.loads(text) if text.strip() else {}
        else:
            import yaml

            data = yaml.safe_load(text) or {}
    except (ValueError, ImportError) as exc:  # json.JSONDecodeError is a ValueError
        raise ConfigError(str(path), f"not valid JSON: {exc}") from exc
    except Exception as exc:  # yaml.YAMLError, without importing yaml up front
        raise ConfigError(str(path), f"not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(str(path), f"expected a mapping at the top, got {type(data).__name__}")
    return data


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _expand(value: Any, env: dict[str, str], path: str, missing: dict[str, str]) -> Any:
    if isinstance(value, str):

        def sub(match: re.Match[str]) -> str:
            name, default = match.group(1), match.group(2)
            if name in env:
                return env[name]
            if default is not None:
                return default
            missing.setdefault(path, name)
            return ""

        return _VAR.sub(sub, value)
    if isinstance(value, dict):
        return {
            k: _expand(v, env, f"{path}.{k}" if path else str(k), missing) for k, v in value.items()
        }
    if isinstance(value, list):
        return [_expand(v, env, f"{path}[{i}]", missing) for i, v in enumerate(value)]
    return value


def _from_claude(raw: dict[str, Any], source: Path) -> dict[str, Any]:
    servers = raw.get("mcpServers")
    if not isinstance(servers, dict):
        raise ConfigError(str(source), "expected an object", "mcpServers")
    converted: dict[str, Any] = {}
    for name, entry in servers.items():
        if not isinstance(entry, dict):
            raise ConfigError(str(source), "expected an object", f"mcpServers.{name}")
        entry = dict(entry)
        kind = str(entry.pop("type", "") or "")
        if kind in ("", "stdio"):
            transport = "stdio" if "url" not in entry else "streamable_http"
        elif kind == "sse":
            transport = "sse"
        elif kind in ("http", "streamable-http", "streamable_http"):
            transport = "streamable_http"
        else:
            raise ConfigError(
                str(source),
                f"{kind!r} is not one of stdio, sse, http",
                f"mcpServers.{name}.type",
            )
        converted[name] = {"transport": transport, **entry}
    result: dict[str, Any] = {"mcp": {"servers": converted}}
    if "orchestrator" in raw:
        result["orchestrator"] = raw["orchestrator"]
    return result


def _validate(raw: dict[str, Any], source: Path, missing: dict[str, str]) -> Settings:
    mcp = raw.get("mcp") or {}
    if not isinstance(mcp, dict):
        raise ConfigError(str(source), "expected a mapping", "mcp")
    servers_raw = mcp.get("servers") or {}
    if not isinstance(servers_raw, dict):
        raise ConfigError(str(source), "expected a mapping of server names", "mcp.servers")
    for key in raw:
        if key not in ("mcp", "orchestrator", "$schema"):
            logger.debug("ignoring config key %s (not used by the orchestrator)", key)

    for path, name in missing.items():
        if not path.startswith("mcp.servers."):
            raise ConfigError(
                str(source),
                f"environment variable {name} is not set (or use ${{{name}:-default}})",
                path,
            )

    servers: dict[str, MCPServerSettings] = {}
    for name, entry in servers_raw.items():
        key_path = f"mcp.servers.{name}"
        if not isinstance(entry, dict):
            raise ConfigError(str(source), "expected a mapping", key_path)
        fields = {k: v for k, v in entry.items() if k not in _IGNORED_SERVER_KEYS}
        for ignored in set(entry) & _IGNORED_SERVER_KEYS:
            logger.debug("ignoring %s.%s (mcp-agent setting not used here)", key_path, ignored)
        problems = [
            f"environment variable {v} is not set (at {p})"
            for p, v in missing.items()
            if p.startswith(key_path + ".")
        ]
        try:
            server = MCPServerSettings(name=str(name), **fields)
        except ValidationError as exc:
            raise _config_error(source, exc, key_path) from exc
        except TypeError as exc:
            raise ConfigError(str(source), str(exc), key_path) from exc
        if server.transport == "stdio" and not server.command:
            raise ConfigError(str(source), "a stdio server needs a command", f"{key_path}.command")
        if server.transport != "stdio" and not server.url:
            raise ConfigError(
                str(source), f"a {server.transport} server needs a url", f"{key_path}.url"
            )
        if server.cwd and not Path(server.cwd).is_absolute():
            server = server.model_copy(update={"cwd": str((source.parent / server.cwd).resolve())})
        if problems:
            server = server.model_copy(update={"problem": "; ".join(problems)})
        servers[str(name)] = server

    try:
        orch = OrchestratorSettings(**(raw.get("orchestrator") or {}))
    except ValidationError as exc:
        raise _config_error(source, exc, "orchestrator") from exc
    except TypeError as exc:
        raise ConfigError(str(source), "expected a mapping", "orchestrator") from exc
    return Settings(source=source, servers=servers, orchestrator=orch)


def _config_error(source: Path, exc: ValidationError, prefix: str) -> ConfigError:
    first = exc.errors()[0]
    loc = ".".join(str(p) for p in first["loc"])
    key_path = f"{prefix}.{loc}" if loc else prefix
    problem = first["msg"]
    if first["type"] == "literal_error":
        problem = (
            f"{first['input']!r} is not one of {first['ctx']['expected'].replace(chr(39), '')}"
        )
    elif first["type"] == "extra_forbidden":
        problem = "unknown key (check the spelling)"
    return ConfigError(str(source), problem, key_path)
