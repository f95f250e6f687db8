"""The config dialects of the MCP ecosystem, read into one shape.

| dialect      | files                                             | servers at              |
|--------------|---------------------------------------------------|-------------------------|
| `mcp-agent`  | `mcp_agent.config.yaml` + `mcp_agent.secrets.yaml` | `mcp.servers`          |
| `fast-agent` | `fastagent.config.yaml` + `fastagent.secrets.yaml` | `mcp.servers`, `mcp.targets` |
| `mcpServers` | Claude Desktop, Claude Code `.mcp.json`, Cursor, Cline | `mcpServers`       |
| `vscode`     | `.vscode/mcp.json` (JSON with comments)           | `servers`, `inputs`     |

Detection is by content, then by name: a top-level `mcpServers` is the Claude-style JSON, a
top-level `servers` is VS Code (so is `mcp.servers` in a `.json` file: VS Code's settings.json),
and `mcp.servers` in YAML is mcp-agent's shape, read as fast-agent's when the file is named
`fastagent.*` or has fast-agent's `mcp.targets` or top-level `default_model`.

Every dialect's server keys are read in every file (one table, below); keys that mean nothing
here are kept in `extras` and named once in a warning.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from orchestrator._variables import InputVariable
from orchestrator.errors import ConfigError

__all__ = [
    "DIALECT_KEYS",
    "DIALECT_LABELS",
    "Dialect",
    "Entry",
    "ServersSection",
    "find_servers",
    "normalize_entry",
    "parse_json",
    "secrets_files",
    "unknown_key_hint",
    "warn_unused_keys",
]

logger = logging.getLogger("orchestrator.config")

Dialect = Literal["mcp-agent", "fast-agent", "mcpServers", "vscode"]
DIALECT_LABELS: dict[Dialect, str] = {
    "mcp-agent": "mcp-agent YAML",
    "fast-agent": "fast-agent YAML",
    "mcpServers": "mcpServers JSON (Claude Desktop, Claude Code, Cursor, Cline)",
    "vscode": "VS Code mcp.json",
}
EXPECTED_SECTIONS = (
    "mcp.servers (mcp-agent, fast-agent), mcpServers (Claude Desktop, Claude Code, Cursor, "
    "Cline) or servers (VS Code)"
)

# Transport names as the dialects write them (lower-cased) -> ours.
_TRANSPORTS = {
    "stdio": "stdio",
    "sse": "sse",
    "http": "streamable_http",
    "streamable_http": "streamable_http",
    "streamable-http": "streamable_http",
    "streamablehttp": "streamable_http",
}
UNSUPPORTED_TRANSPORTS = frozenset({"websocket", "ws"})
# Other tools' keys with a meaning here: the key as written -> our field.
_ALIASES = {
    "type": "transport",
    "transportType": "transport",
    "autoApprove": "auto_approve",
    "alwaysAllow": "auto_approve",
    "serverUrl": "url",
}
_SPECIAL = frozenset({"timeout", "envFile", "access_token", "target", "disabled"})
DIALECT_KEYS = frozenset(_ALIASES) | _SPECIAL
"""Other tools' server keys that mean something here (their variables are expanded)."""
# Known keys that change nothing worth a warning here.
_SILENT = frozenset(
    {
        "name",
        "terminate_on_close",
        "read_transport_sse_timeout_seconds",
        "ping_interval_seconds",
        "max_missed_pings",
        "include_instructions",
        "reconnect_on_disconnect",
    }
)
# Other tools' keys that are never a misspelling of ours (`auth` here holds what is not OAuth).
_NO_HINT = frozenset({"auth"})
# Cline's `timeout` is in seconds (30 to 3600); Claude Code and FastMCP write milliseconds.
_MAX_TIMEOUT_SECONDS = 3600


@dataclass(frozen=True)
class ServersSection:
    """Where a file keeps its servers, and its raw entries by name."""

    dialect: Dialect
    entries: dict[str, tuple[str, Any]]  # name -> (key path in the file, raw entry)
    inputs: dict[str, InputVariable] = field(default_factory=dict)
    key_path: str = ""  # where the section is in the file (mcp.servers, mcpServers, ...)


@dataclass
class Entry:
    """One server entry in our field names; `origin` maps a field to the key written."""

    fields: dict[str, Any]
    origin: dict[str, str]
    extras: dict[str, Any]
    problems: list[str]


def secrets_files(source: Path) -> tuple[Path, ...]:
    """The secrets files that may sit beside `source`, first match wins (as in each tool)."""
    if source.name.startswith("fastagent."):
        names: tuple[str, ...] = ("fastagent.secrets.yaml",)
    elif source.suffix in (".yaml", ".yml"):
        names = ("mcp-agent.secrets.yaml", "mcp_agent.secrets.yaml")
    else:
        return ()
    if source.name in names:
        return ()
    return tuple(source.with_name(n) for n in names)


def parse_json(text: str) -> Any:
    """JSON, or JSON with comments and trailing commas (VS Code's format)."""
    if not text.strip():
        return {}
    try:
        return json.loads(text)
    except ValueError as exc:
        try:
            return json.loads(_jsonc_to_json(text))
        except ValueError:
            raise exc from None


def find_servers(raw: dict[str, Any], source: Path) -> ServersSection:
    """The file's servers section, its dialect and (VS Code) its inputs. A section with no
    server in it is a `ConfigError` naming it: nothing could be done with it."""
    section = _servers_section(raw, source)
    if not section.entries:
        noun = "an object" if source.suffix == ".json" else "a mapping"
        raise ConfigError(
            str(source),
            f"no server configured: add at least one (a name mapped to {noun} with its command "
            "or url)",
            section.key_path,
        )
    return section


def _servers_section(raw: dict[str, Any], source: Path) -> ServersSection:
    if "mcpServers" in raw:
        return _section("mcpServers", raw["mcpServers"], "mcpServers", source)
    if "servers" in raw and "mcp" not in raw:
        section = _section("vscode", raw["servers"], "servers", source)
        return _with_inputs(section, raw.get("inputs"), "inputs", source)
    mcp = raw.get("mcp")
    if mcp is not None and not isinstance(mcp, dict):
        raise ConfigError(str(source), "expected a mapping", "mcp")
    if not mcp or not ({"servers", "targets"} & set(mcp)):
        raise ConfigError(str(source), f"no servers section found: expected {EXPECTED_SECTIONS}")
    if source.suffix == ".json":
        section = _section("vscode", mcp.get("servers"), "mcp.servers", source)
        return _with_inputs(section, mcp.get("inputs"), "mcp.inputs", source)
    fast = source.name.startswith("fastagent") or "targets" in mcp or "default_model" in raw
    dialect: Dialect = "fast-agent" if fast else "mcp-agent"
    section = _section(dialect, mcp.get("servers"), "mcp.servers", source)
    if "targets" not in mcp:
        return section
    targets = _targets(mcp["targets"], source)
    return ServersSection(dialect, {**targets, **section.entries}, key_path="mcp.servers")


def normalize_entry(
    raw: dict[str, Any], key_path: str, ours: frozenset[str], source: Path
) -> Entry:
    """A server entry in our field names (the variables of the keys used already expanded).
    `ours` is the set of our own field names, accepted as they are in every dialect."""
    entry = Entry({}, {}, {}, [])
    for key, value in raw.items():
        target = key if key in ours else _ALIASES.get(key)
        if target is not None:
            _put(entry, target, key, value, key_path, source)
        elif key in _SILENT:
            logger.debug("%s: %s.%s is not used here", source, key_path, key)
        elif key not in _SPECIAL:
            entry.extras[key] = value
    _transport(entry, raw, key_path, source)
    _timeout(entry, raw, key_path, source)
    _target(entry, raw)
    _access_token(entry, raw)
    _env_file(entry, raw, key_path, source)
    return entry


def warn_unused_keys(entry: Entry, key_path: str, ours: frozenset[str], source: Path) -> None:
    """Name the entry's keys not used here, once, in a warning (for an entry that loaded: a
    broken one names them in its error, `unknown_key_hint`)."""
    if entry.extras:
        logger.warning(
            "%s: %s: keys not used by the orchestrator, kept as written: %s",
            source,
            key_path,
            ", ".join(_with_hint(k, ours) for k in entry.extras),
        )


def _put(entry: Entry, target: str, key: str, value: Any, key_path: str, source: Path) -> None:
    """Set a field from `key`; two keys for one field must agree (lists of tools add up)."""
    if target in entry.fields:
        old = entry.fields[target]
        if isinstance(old, list) and isinstance(value, list):
            value = old + [v for v in value if v not in old]
        elif _same(target, old) != _same(target, value):
            first = entry.origin[target]
            raise ConfigError(
                str(source), f"conflicts with {key_path}.{first}", f"{key_path}.{key}"
            )
    entry.fields[target] = value
    entry.origin.setdefault(target, key)


def _same(target: str, value: Any) -> Any:
    if target == "transport" and isinstance(value, str):
        return _TRANSPORTS.get(value.strip().lower(), value)
    return value


def unknown_key_hint(entry: Entry, key_path: str, ours: frozenset[str]) -> str:
    """`; unknown keys: x.comand (did you mean command?)` for a broken entry, or ''."""
    if not entry.extras:
        return ""
    names = ", ".join(f"{key_path}.{_with_hint(k, ours)}" for k in entry.extras)
    return f"; unknown keys: {names}"


def _with_hint(key: str, ours: frozenset[str]) -> str:
    import difflib

    if key in _NO_HINT:
        return key

    known = sorted(ours | DIALECT_KEYS)
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
    return f"{key} (did you mean {close[0]}?)" if close else key


def _section(dialect: Dialect, servers: Any, key_path: str, source: Path) -> ServersSection:
    if servers is None:
        return ServersSection(dialect, {}, key_path=key_path)
    noun = "an object" if source.suffix == ".json" else "a mapping"
    if not isinstance(servers, dict):
        raise ConfigError(str(source), f"expected {noun} of server names", key_path)
    entries: dict[str, tuple[str, Any]] = {}
    for name, entry in servers.items():
        path = f"{key_path}.{name}"
        if not isinstance(entry, dict):
            raise ConfigError(str(source), f"expected {noun}", path)
        entries[str(name)] = (path, entry)
    return ServersSection(dialect, entries, key_path=key_path)


def _with_inputs(
    section: ServersSection, inputs: Any, key_path: str, source: Path
) -> ServersSection:
    if inputs is None:
        return section
    if not isinstance(inputs, list):
        raise ConfigError(str(source), "expected a list of inputs", key_path)
    found: dict[str, InputVariable] = {}
    for i, item in enumerate(inputs):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise ConfigError(str(source), "expected an object with an id", f"{key_path}[{i}]")
        options = item.get("options") or ()
        default = item.get("default")
        found[item["id"]] = InputVariable(
            id=item["id"],
            description=str(item.get("description") or ""),
            password=item.get("password") is True,
            default=None if default is None else str(default),
            options=tuple(str(o.get("value", "") if isinstance(o, dict) else o) for o in options),
        )
    return ServersSection(section.dialect, section.entries, found, section.key_path)


def _targets(targets: Any, source: Path) -> dict[str, tuple[str, Any]]:
    """fast-agent's `mcp.targets`: strings or `{name, target, ...}`, named by `name`, else
    after the URL's host or the package the command runs."""
    if targets is None:
        return {}
    if not isinstance(targets, list):
        raise ConfigError(str(source), "expected a list", "mcp.targets")
    entries: dict[str, tuple[str, Any]] = {}
    for i, item in enumerate(targets):
        path = f"mcp.targets[{i}]"
        entry = {"target": item} if isinstance(item, str) else item
        if not isinstance(entry, dict) or not isinstance(entry.get("target"), str):
            raise ConfigError(str(source), "expected a target string", f"{path}.target")
        name = entry.get("name") or _name_for_target(entry["target"])
        if not name:
            raise ConfigError(str(source), "give this target a name", f"{path}.name")
        entries[str(name)] = (path, {k: v for k, v in entry.items() if k != "name"})
    return entries


def _name_for_target(target: str) -> str:
    if re.match(r"https?://", target):
        host = re.sub(r"^https?://", "", target).split("/")[0].split(":")[0]
        labels = [p for p in host.split(".") if p not in ("www", "mcp", "api")]
        return labels[0] if labels else host
    words = [w for w in _split(target)[1:] if not w.startswith("-")]
    if not words:
        return ""
    package = words[0].rsplit("/", 1)[-1]
    return re.sub(r"@[^@]*$", "", package) or package


def _transport(entry: Entry, raw: dict[str, Any], key_path: str, source: Path) -> None:
    written = entry.fields.get("transport")
    if written is None:
        has_url = bool(entry.fields.get("url")) or _is_url(raw.get("target"))
        entry.fields["transport"] = "streamable_http" if has_url else "stdio"
        return
    where = f"{key_path}.{entry.origin['transport']}"
    if not isinstance(written, str):
        raise ConfigError(str(source), "expected a transport name", where)
    name = written.strip().lower()
    if name in UNSUPPORTED_TRANSPORTS:  # MCPServerSettings gives it its problem
        entry.fields["transport"] = "websocket"
        return
    if name not in _TRANSPORTS:
        raise ConfigError(
            str(source), f"{written!r} is not one of stdio, sse, streamable_http (or http)", where
        )
    entry.fields["transport"] = _TRANSPORTS[name]


def _timeout(entry: Entry, raw: dict[str, Any], key_path: str, source: Path) -> None:
    if "timeout" not in raw or "read_timeout_seconds" in entry.fields:
        return
    value = raw["timeout"]
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ConfigError(
            str(source), "expected a number of seconds above 0", f"{key_path}.timeout"
        )
    seconds = value / 1000 if value > _MAX_TIMEOUT_SECONDS else value
    entry.fields["read_timeout_seconds"] = seconds
    entry.origin["read_timeout_seconds"] = "timeout"


def _target(entry: Entry, raw: dict[str, Any]) -> None:
    """fast-agent's `target` shorthand: a URL, or a command line."""
    target = raw.get("target")
    if not isinstance(target, str):
        if target is not None:
            entry.extras["target"] = target
        return
    if entry.fields.get("command") or entry.fields.get("url"):
        entry.extras["target"] = target
    elif _is_url(target):
        entry.fields["url"] = target
    elif words := _split(target):
        entry.fields["command"], entry.fields["args"] = words[0], words[1:]


def _access_token(entry: Entry, raw: dict[str, Any]) -> None:
    """fast-agent's `access_token`: a bearer token for a URL server."""
    token = raw.get("access_token")
    headers = entry.fields.get("headers") or {}
    if token is None:
        return
    if not (entry.fields.get("url") and isinstance(token, str) and isinstance(headers, dict)):
        entry.extras["access_token"] = token
        return
    if not any(k.lower() == "authorization" for k in headers):
        entry.fields["headers"] = {**headers, "Authorization": f"Bearer {token}"}


def _env_file(entry: Entry, raw: dict[str, Any], key_path: str, source: Path) -> None:
    """`envFile` (VS Code, Cursor): its variables, under the entry's own `env`."""
    name = raw.get("envFile")
    if name is None:
        return
    if not isinstance(name, str):
        raise ConfigError(str(source), "expected a file path", f"{key_path}.envFile")
    path = Path(name).expanduser()
    path = path if path.is_absolute() else source.parent / path
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        entry.problems.append(f"envFile {path} cannot be read: {exc.strerror or exc}")
        return
    except UnicodeDecodeError as exc:
        entry.problems.append(f"envFile {path} is not UTF-8 text (at byte offset {exc.start})")
        return
    env = entry.fields.get("env") or {}
    if isinstance(env, dict):
        entry.fields["env"] = {**_dotenv(text), **env}


def _dotenv(text: str) -> dict[str, str]:
    values: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _is_url(value: Any) -> bool:
    return isinstance(value, str) and re.match(r"https?://", value) is not None


def _split(command_line: str) -> list[str]:
    import shlex

    try:
        return shlex.split(command_line)
    except ValueError:
        return command_line.split()


def _jsonc_to_json(text: str) -> str:
    """Drop `//` and `/* */` comments and trailing commas, outside strings."""
    out: list[str] = []
    comma: int | None = None  # where a comma waits to see what follows it
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if text.startswith("//", i) or text.startswith("/*", i):
            end = text.find("\n" if text[i + 1] == "/" else "*/", i + 2)
            i = n if end < 0 else end + (0 if text[i + 1] == "/" else 2)
            continue
        if char == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i : end + 1])
            i, comma = end + 1, None
            continue
        if char in "}]" and comma is not None:
            out[comma] = ""
        if not char.isspace():
            comma = len(out) if char == "," else None
        out.append(char)
        i += 1
    return "".join(out)
