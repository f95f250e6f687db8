"""Load the orchestrator's configuration.

The config dialects of the MCP ecosystem are read as they are (`orchestrator._dialects` has the
table): mcp-agent's `mcp_agent.config.yaml` and fast-agent's `fastagent.config.yaml`
(`mcp.servers.<name>`, each with its secrets file beside it deep-merged on top), the
`mcpServers` JSON of Claude Desktop, Claude Code, Cursor and Cline, and VS Code's
`.vscode/mcp.json` (`servers`, `inputs`). `Settings.dialect` says which one a file was read as.
A file with none of these servers sections is a `ConfigError` naming the sections expected, and
so is an empty one (naming it). Reading a file is bounded (`orchestrator._config_file`: size,
UTF-8, YAML aliases, nesting), since one may be planted in a repository above the working
directory.

Per server: keys another tool adds are honoured where they mean something here (Cline's
`disabled` skips the server, `autoApprove` becomes `auto_approve`, `timeout` the per-request
timeout; `type`, `envFile`, fast-agent's `target` and `access_token`), and any other key is kept
in `extras` and named once: in a warning, or in the error of an entry that cannot load. A
transport that is known but not spoken here (`websocket`) leaves that server down with the
reason; an unknown one is an error. Our own `orchestrator:` section forbids unknown keys.

Variables (`orchestrator._variables`): `${VAR}`, `${VAR:-default}`, VS Code's `${env:VAR}`,
`${workspaceFolder}` and `${input:ID}` (from `MCP_INPUT_<ID>`, else asked on the terminal,
else its default). One without a value takes that server down, naming it; outside servers it is
an error, except in a provider section, where it is a warning and the environment applies.

Provider sections (`openai`, `anthropic`, `google` for Gemini, fast-agent's `generic` for an
OpenAI-compatible endpoint) give `Settings.providers` a key, a base URL, a default model and a
timeout (`timeout_seconds`, a number, or a `${VAR}` holding one).
Precedence, as in mcp-agent: the secrets file over the config file (deep merge), and a value in
either over the environment variable (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `ANTHROPIC_API_KEY`,
`GOOGLE_API_KEY`/`GEMINI_API_KEY`, ...), which applies only where the files say nothing.
(mcp-agent validates the file's section over the environment, and hands `None` to the vendor SDK
for a field left unset, which then reads its own variable.) mcp-agent's other sections (azure,
bedrock, cohere, ...) are ignored with a debug line. Keys are `SecretStr`: never in a repr or log.

`load_config(servers=[...])` (`--server`) keeps only the servers named, before any variable of
the others is expanded or any of their inputs asked for.

Lookup order: an explicit path, then `mcp_agent.config.yaml` in the working directory and its
parents, then the default bundled inside this package. Every problem raises `ConfigError`
naming the file, the key path and what is wrong.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import (
    PydanticCustomError,
)

from orchestrator._client_keys import lift_auth, root_uri
from orchestrator._config_file import read_config_file
from orchestrator._dialects import (
    DIALECT_KEYS,
    DIALECT_LABELS,
    UNSUPPORTED_TRANSPORTS,
    Dialect,
    find_servers,
    normalize_entry,
    secrets_files,
    unknown_key_hint,
    warn_unused_keys,
)
from orchestrator._otel_config import OtelSettings, parse_otel
from orchestrator._variables import (
    Ask,
    Expander,
    InputVariable,
    UnterminatedVariable,
    ask_on_terminal,
)
from orchestrator.errors import ConfigError
from orchestrator.pricing import Price

__all__ = [
    "CONFIG_FILENAME",
    "DIALECT_LABELS",
    "SECRETS_FILENAME",
    "Dialect",
    "ElicitationSettings",
    "InputVariable",
    "MCPServerSettings",
    "OAuthSettings",
    "OrchestratorSettings",
    "ProviderConfig",
    "RootSettings",
    "SamplingSettings",
    "Settings",
    "find_config",
    "load_config",
]

logger = logging.getLogger(__name__)

CONFIG_FILENAME = "mcp_agent.config.yaml"
SECRETS_FILENAME = "mcp_agent.secrets.yaml"
BUNDLED_CONFIG = Path(__file__).with_name(CONFIG_FILENAME)

_T = TypeVar("_T")
Transport = Literal["stdio", "sse", "streamable_http", "websocket"]

# A config section -> the registry's provider it configures.
PROVIDER_SECTIONS = {
    "openai": "openai",
    "anthropic": "anthropic",
    "google": "gemini",
    "generic": "openai-compatible",
}
SECTION_OF_PROVIDER = {name: key for key, name in PROVIDER_SECTIONS.items()}  # the reverse
_PROVIDER_FIELDS = ("api_key", "base_url", "default_model")
_PROVIDER_NUMBERS = ("timeout_seconds",)
_TOP_LEVEL = frozenset(
    {
        "mcp",
        "orchestrator",
        "otel",
        "$schema",
        "mcpServers",
        "servers",
        "inputs",
        *PROVIDER_SECTIONS,
    }
)


class OAuthSettings(BaseModel):
    """OAuth for a remote server (the MCP authorization flow), from any dialect's keys
    (`orchestrator._client_keys`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = Field(True, description="Run the OAuth flow when the server asks for it")
    scopes: list[str] = Field(
        default_factory=list, description="Scopes to ask for (default: what the server names)"
    )
    client_id: str | None = Field(
        None, description="A client registered beforehand (default: dynamic registration)"
    )
    client_secret: SecretStr | None = Field(None, description="That client's secret, if any")
    redirect_port: int | None = Field(
        None, ge=1, le=65535, description="The loopback redirect's port (default: a free one)"
    )
    redirect_path: str = Field("/callback", description="The loopback redirect's path")
    client_metadata_url: str | None = Field(
        None,
        pattern=r"^https://[^/]+/.+",
        description="An HTTPS URL where this client's metadata document is published, used as "
        "its client id where the authorization server accepts one (CIMD)",
    )
    dpop: bool | None = Field(
        None,
        description="Bind tokens to a key of ours (DPoP, RFC 9449); default: when the "
        "authorization server offers it",
    )
    grant: Grant = Field(
        "authorization_code",
        description="authorization_code: a person signs in; client_credentials, jwt_bearer "
        "(workload identity) and id_jag (enterprise-managed): a machine, no browser",
    )
    issuer: str | None = Field(
        None,
        pattern=r"^https?://[^/]+",
        description="The authorization server a machine grant's credentials are sent to "
        "(its issuer identifier), and no other",
    )
    token_endpoint_auth: Literal["client_secret_basic", "client_secret_post"] = Field(
        "client_secret_basic", description="How a client_secret goes to the token endpoint"
    )
    private_key_file: str | None = Field(
        None, description="client_credentials: a PEM private key, to sign a JWT (private_key_jwt)"
    )
    signing_algorithm: str | None = Field(
        None, description="That JWT's algorithm (default: the key's, RS256 or ES256/384/512)"
    )
    assertion_file: str | None = Field(
        None, description="jwt_bearer: a file holding the workload's JWT, read at each exchange"
    )
    id_token_file: str | None = Field(
        None, description="id_jag: a file holding the enterprise identity provider's ID token"
    )
    idp_token_endpoint: str | None = Field(
        None, pattern=r"^https?://", description="id_jag: the identity provider's token endpoint"
    )
    idp_client_id: str | None = Field(None, description="id_jag: our client id at the provider")
    idp_client_secret: SecretStr | None = Field(None, description="id_jag: its secret, if any")

    @model_validator(mode="after")
    def _grant_has_what_it_needs(self) -> OAuthSettings:
        for key, rule in grant_problems(self):
            raise PydanticCustomError("oauth_grant", "{rule}", {"key": key, "rule": rule})
        return self


Grant = Literal["authorization_code", "client_credentials", "jwt_bearer", "id_jag"]
# What each machine grant needs, besides its issuer ("a|b": one of them, not both), and the
# machine-only keys it uses.
_GRANT_NEEDS: dict[str, tuple[str, ...]] = {
    "client_credentials": ("client_id", "client_secret|private_key_file"),
    "jwt_bearer": ("client_id", "assertion_file"),
    "id_jag": (
        "client_id",
        "client_secret",
        "id_token_file",
        "idp_token_endpoint",
        "idp_client_id",
    ),
}
_GRANT_USES: dict[str, frozenset[str]] = {
    "authorization_code": frozenset(),
    "client_credentials": frozenset({"issuer", "private_key_file", "signing_algorithm"}),
    "jwt_bearer": frozenset({"issuer", "assertion_file"}),
    "id_jag": frozenset(
        {"issuer", "id_token_file", "idp_token_endpoint", "idp_client_id", "idp_client_secret"}
    ),
}
_MACHINE_ONLY = frozenset().union(*_GRANT_USES.values())
_PERSON_ONLY = ("redirect_port", "client_metadata_url")


def grant_problems(settings: OAuthSettings) -> list[tuple[str, str]]:
    """What `settings` lacks, or has that its grant does not use: (key, rule), in key order."""
    grant, given = settings.grant, settings.model_fields_set
    unused = _MACHINE_ONLY - _GRANT_USES[grant]
    if grant != "authorization_code":
        unused |= set(_PERSON_ONLY)
    found = [
        (k, f"{k} is not used by the {grant} grant")
        for k in OAuthSettings.model_fields
        if k in unused and k in given
    ]
    if grant == "id_jag" and settings.dpop:  # the SDK's provider for it binds no tokens
        found.append(("dpop", "dpop is not available with the id_jag grant"))
    needs = ("issuer", *_GRANT_NEEDS[grant]) if grant in _GRANT_NEEDS else ()
    for need in needs:
        keys = need.split("|")
        present = [k for k in keys if getattr(settings, k) is not None]
        if not present:
            found.append((keys[0], f"the {grant} grant needs {' or '.join(keys)}"))
        elif len(present) > 1:
            found.append((keys[1], f"the {grant} grant takes {' or '.join(keys)}, not both"))
    return found


class RootSettings(BaseModel):
    """A root offered to the server (mcp-agent's and fast-agent's shape; a path works too)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    uri: str = Field(description="A file:// URI")
    name: str | None = Field(None, description="A name for people")
    server_uri_alias: str | None = Field(
        None, description="The URI the server is shown instead of `uri`"
    )

    @model_validator(mode="before")
    @classmethod
    def _a_path_is_a_root(cls, data: Any) -> Any:
        return {"uri": data} if isinstance(data, str) else data


class SamplingSettings(BaseModel):
    """How a server's sampling requests are answered (fast-agent's `sampling`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str | None = Field(None, description="A model of the provider in use")


class ElicitationSettings(BaseModel):
    """How a server's elicitation requests are answered (fast-agent's `elicitation`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Literal["forms", "auto-cancel", "none"] = Field(
        "forms",
        description="forms: ask the user; auto-cancel: cancel without asking; none: do not "
        "offer elicitation to this server",
    )


class MCPServerSettings(BaseModel):
    """One MCP server, in mcp-agent's schema plus our `required`, `expected_tools`,
    `auto_approve`, `include_tools` and `exclude_tools`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(description="The server's key under mcp.servers")
    transport: Transport = Field(
        "stdio", description="How to reach the server (websocket is read, never connected)"
    )
    command: str | None = Field(default=None, description="Executable for stdio servers")
    args: list[str] = Field(default_factory=list, description="Arguments for the command")
    env: dict[str, str] = Field(
        default_factory=dict, repr=False, description="Extra environment variables"
    )
    cwd: str | None = Field(
        default=None, description="Working directory, relative to the config file"
    )
    url: str | None = Field(default=None, description="URL for sse and streamable_http servers")
    headers: dict[str, str] = Field(default_factory=dict, repr=False, description="HTTP headers")
    http_timeout_seconds: float | None = Field(None, gt=0, description="HTTP connect timeout")
    read_timeout_seconds: float | None = Field(None, gt=0, description="Per-request timeout")
    allowed_tools: list[str] | None = Field(
        default=None, description="Only these tools are offered"
    )
    include_tools: list[str] | None = Field(
        default=None, description="Only tools whose names match one of these globs are offered"
    )
    exclude_tools: list[str] = Field(
        default_factory=list, description="Tools whose names match one of these globs are not"
    )
    auto_approve: list[str] = Field(
        default_factory=list, description="Tools whose calls need no confirmation"
    )
    oauth: OAuthSettings | None = Field(
        default=None, description="OAuth for a remote server (any dialect's `auth` block)"
    )
    roots: list[RootSettings] | None = Field(
        default=None, description="Roots offered to the server (default: the working folder)"
    )
    sampling: SamplingSettings | None = Field(
        default=None, description="How the server's sampling requests are answered"
    )
    elicitation: ElicitationSettings | None = Field(
        default=None, description="How the server's elicitation requests are answered"
    )
    protocol: Literal["auto", "modern", "legacy"] = Field(
        "legacy",
        description="The MCP wire to speak: auto (2026-07-28 first, else the 2025-11-25 "
        "handshake), modern (2026-07-28 only) or legacy (the handshake only)",
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
    extras: dict[str, Any] = Field(
        default_factory=dict,
        repr=False,
        description="Keys other tools' dialects add, kept as written and not used here",
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

    @field_validator("env", mode="before")
    @classmethod
    def _env_as_strings(cls, value: Any) -> Any:
        """VS Code's `env` is `Record<string, string | number | null>` (null: unset) and YAML
        reads `DEBUG: true` as a bool: numbers and bools become strings, nulls are dropped."""
        if isinstance(value, dict):
            return {k: _env_string(v) for k, v in value.items() if v is not None}
        return value

    @model_validator(mode="before")
    @classmethod
    def _websocket_is_a_problem(cls, data: Any) -> Any:
        transport = data.get("transport") if isinstance(data, dict) else None
        if transport in UNSUPPORTED_TRANSPORTS and not data.get("problem"):
            supported = "stdio, sse and streamable_http are"
            return {**data, "problem": f"transport {transport!r} is not supported ({supported})"}
        return data


def _env_string(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int | float) else value


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
    catalogue_cache: bool | None = Field(
        default=None,
        description="Route on the servers' cached tool lists and start only the servers a "
        "request uses (default true); --no-cache and ORCHESTRATOR_CATALOGUE_CACHE override it",
    )
    provider_attempts: int | None = Field(
        default=None,
        ge=1,
        description="Attempts per provider request, retries included (default 4); "
        "--provider-attempts and ORCHESTRATOR_PROVIDER_ATTEMPTS override it",
    )
    provider_timeout_seconds: float | None = Field(
        default=None,
        gt=0,
        allow_inf_nan=False,
        description="How long a provider has to answer one request (default 120); a provider "
        "section's `timeout_seconds`, --provider-timeout and ORCHESTRATOR_PROVIDER_TIMEOUT "
        "override it",
    )
    max_turns: int = Field(
        default=8,
        ge=1,
        strict=True,
        description="How many times the model may answer one request with tool calls before "
        "the request fails (Orchestrator(max_turns=...) overrides it)",
    )
    daemon: bool = Field(
        default=True,
        description="Answer one-shot requests from a warm resident orchestrator "
        "(orchestrator.daemon); ORCHESTRATOR_DAEMON=0 turns it off too",
    )
    daemon_idle_seconds: float = Field(
        default=600.0, gt=0, description="The warm orchestrator exits after this long unused"
    )
    prices: dict[str, Price] = Field(
        default_factory=dict,
        description="USD per million tokens by model name, over the built-in table "
        "(orchestrator.pricing)",
    )


class ProviderConfig(BaseModel):
    """A provider's settings from the config or its secrets file; each one set here wins over
    the provider's environment variable."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    api_key: SecretStr | None = Field(default=None, description="The API key")
    base_url: str | None = Field(default=None, description="The API's base URL (a proxy)")
    default_model: str | None = Field(default=None, description="The model to use by default")
    timeout_seconds: float | None = Field(
        default=None,
        gt=0,
        allow_inf_nan=False,
        description="How long it has to answer one request (over the `orchestrator:` section's "
        "`provider_timeout_seconds`; --provider-timeout and ORCHESTRATOR_PROVIDER_TIMEOUT "
        "override it)",
    )


class Settings(BaseModel):
    """Everything loaded from one configuration file."""

    model_config = ConfigDict(frozen=True)

    source: Path = Field(description="The file the settings were read from")
    dialect: Dialect = Field("mcp-agent", description="The dialect the file was read as")
    secrets: Path | None = Field(None, description="The secrets file merged over it, if any")
    servers: dict[str, MCPServerSettings] = Field(default_factory=dict)
    orchestrator: OrchestratorSettings = Field(default_factory=OrchestratorSettings)
    providers: dict[str, ProviderConfig] = Field(
        default_factory=dict, description="By registry name: openai, anthropic, gemini, ..."
    )
    otel: OtelSettings = Field(default_factory=OtelSettings, description="Tracing (`otel:`)")
    disabled: tuple[str, ...] = Field(
        (), description="Servers the file marks `disabled: true`: known, shown, never started"
    )

    def select(self, names: list[str]) -> Settings:
        """A copy with only the named servers; an unknown name is a `ConfigError`."""
        chosen = _chosen(self.servers, names, self.source, self.disabled)
        return self.model_copy(update={"servers": chosen, "disabled": ()})


def find_config(explicit: str | os.PathLike[str] | None = None, cwd: Path | None = None) -> Path:
    """The config file to use: `explicit`, else the nearest one upwards, else the bundled one."""
    if explicit is not None:
        path = Path(explicit).expanduser()
        if not path.is_file():
            said = "a folder, not a config file" if path.is_dir() else "file not found"
            raise ConfigError(str(path), said)
        return path
    here = (cwd or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / CONFIG_FILENAME
        if candidate.is_file():
            return candidate
    return BUNDLED_CONFIG


def load_config(
    path: str | os.PathLike[str] | None = None,
    env: dict[str, str] | None = None,
    *,
    ask: Ask | None = ask_on_terminal,
    servers: list[str] | None = None,
) -> Settings:
    """Find, read, merge, expand and validate the configuration.

    `env` stands for the environment (default: `os.environ`). `ask` is called for a VS Code
    input that the environment does not give (default: a prompt when stdin is a terminal;
    None never asks). `servers` keeps only the servers named (`--server`): the others are
    dropped before their variables are expanded, so their inputs are never asked for; an
    unknown name is a `ConfigError`.
    """
    source = find_config(path)
    raw = read_config_file(source)
    secrets = next((p for p in secrets_files(source) if p.is_file()), None)
    if secrets is not None:
        raw = _deep_merge(raw, read_config_file(secrets))
    folder = source.resolve().parent
    workspace = folder.parent if folder.name in (".vscode", ".cursor") else folder
    expander = Expander(dict(os.environ) if env is None else env, workspace, ask=ask)
    try:
        return _load(source, secrets, raw, expander, servers)
    except UnterminatedVariable as exc:
        raise ConfigError(str(source), str(exc), exc.path) from None


def _load(
    source: Path,
    secrets: Path | None,
    raw: dict[str, Any],
    expander: Expander,
    servers: list[str] | None,
) -> Settings:
    orchestrator = _orchestrator(raw, expander, source)
    section = find_servers(raw, source)
    expander.inputs = section.inputs
    entries: dict[str, tuple[str, dict[str, Any]]] = {}
    disabled: list[str] = []
    for name, (key_path, entry) in section.entries.items():
        if entry.get("disabled") is True:
            logger.info("%s: %s is disabled; skipped", source, key_path)
            disabled.append(name)
        else:
            entries[name] = (key_path, entry)
    if servers:
        entries = _chosen(entries, servers, source, tuple(disabled))
        disabled = []
    loaded = {
        name: _server(name, key_path, entry, expander, source)
        for name, (key_path, entry) in entries.items()
    }
    for key in raw:
        if key not in _TOP_LEVEL:
            logger.debug("ignoring config key %s (not used by the orchestrator)", key)
    return Settings(
        source=source,
        dialect=section.dialect,
        secrets=secrets,
        servers=loaded,
        orchestrator=orchestrator,
        providers=_providers(raw, expander, source),
        otel=_otel(raw, expander, source),
        disabled=tuple(disabled),
    )


def _chosen(
    entries: dict[str, _T], names: list[str], source: Path, disabled: tuple[str, ...] = ()
) -> dict[str, _T]:
    """The entries named, in that order; an unknown or disabled name is a `ConfigError`."""
    off = [n for n in names if n not in entries and n in disabled]
    if off:
        raise ConfigError(
            str(source),
            f"server {', '.join(off)} is disabled in the config (disabled: true): set it to "
            "false, or remove the key, to use it",
        )
    unknown = [n for n in names if n not in entries]
    if unknown:
        known = ", ".join(entries) or "none"
        off_too = f"; disabled: {', '.join(disabled)}" if disabled else ""
        raise ConfigError(
            str(source), f"no server named {', '.join(unknown)} (configured: {known}{off_too})"
        )
    return {n: entries[n] for n in names}


_OURS = frozenset(MCPServerSettings.model_fields) - {"name", "problem", "extras"}


def _server(
    name: str, key_path: str, raw: dict[str, Any], expander: Expander, source: Path
) -> MCPServerSettings:
    raw, oauth_origin = lift_auth(raw, key_path, source)
    used = {
        k: expander.expand(v, f"{key_path}.{k}") if k in _OURS or k in DIALECT_KEYS else v
        for k, v in raw.items()
    }
    entry = normalize_entry(used, key_path, _OURS, source)
    problems = [
        f"{m} (at {_as_written(p, key_path, oauth_origin)})"
        for p, m in expander.take_problems(key_path)
    ] + entry.problems
    origin = {**entry.origin, **{f"oauth.{f}": w for f, w in oauth_origin.items()}}
    try:
        server = MCPServerSettings(name=name, extras=entry.extras, **entry.fields)
    except ValidationError as exc:
        raise _config_error(source, exc, key_path, origin) from exc
    if server.cwd and not Path(server.cwd).is_absolute():
        server = server.model_copy(update={"cwd": str((source.parent / server.cwd).resolve())})
    if server.oauth is not None:  # its files, relative to the config file
        files = {
            k: str((source.parent / Path(v).expanduser()).resolve())
            for k in ("private_key_file", "assertion_file", "id_token_file")
            if (v := getattr(server.oauth, k))
        }
        server = server.model_copy(update={"oauth": server.oauth.model_copy(update=files)})
    if server.roots:
        where = f"{key_path}.{entry.origin.get('roots', 'roots')}"
        roots = [
            r.model_copy(update={"uri": root_uri(r.uri, source, f"{where}[{i}].uri")})
            for i, r in enumerate(server.roots)
        ]
        server = server.model_copy(update={"roots": roots})
    if server.problem:  # set by the model itself (a websocket server)
        problems.append(server.problem)
    if problems:
        warn_unused_keys(entry, key_path, _OURS, source)
        return server.model_copy(update={"problem": "; ".join(problems)})
    hint = unknown_key_hint(entry, key_path, _OURS)
    if server.transport == "stdio" and not server.command:
        raise ConfigError(
            str(source), f"a stdio server needs a command{hint}", f"{key_path}.command"
        )
    if server.transport != "stdio" and not server.url:
        raise ConfigError(
            str(source), f"a {server.transport} server needs a url{hint}", f"{key_path}.url"
        )
    warn_unused_keys(entry, key_path, _OURS, source)
    return server


def _as_written(path: str, key_path: str, oauth_origin: dict[str, str]) -> str:
    """A key path under the lifted `oauth` key, as the user wrote it (`x.auth.CLIENT_SECRET`)."""
    rest = path.removeprefix(f"{key_path}.oauth.")
    field = re.match(r"[^.\[]*", rest)
    if rest == path or field is None or field.group(0) not in oauth_origin:
        return path
    return f"{key_path}.{oauth_origin[field.group(0)]}{rest[field.end() :]}"


def _orchestrator(raw: dict[str, Any], expander: Expander, source: Path) -> OrchestratorSettings:
    section = expander.expand(raw.get("orchestrator") or {}, "orchestrator")
    for path, message in expander.take_problems("orchestrator"):
        raise ConfigError(str(source), f"{message} (or use ${{NAME:-default}})", path)
    if not isinstance(section, dict):
        raise ConfigError(str(source), "expected a mapping", "orchestrator")
    try:
        return OrchestratorSettings.model_validate(section)
    except ValidationError as exc:
        raise _config_error(source, exc, "orchestrator") from exc


def _otel(raw: dict[str, Any], expander: Expander, source: Path) -> OtelSettings:
    if raw.get("otel") is None:
        return OtelSettings()
    section = expander.expand(raw["otel"], "otel")
    for path, message in expander.take_problems("otel"):
        raise ConfigError(str(source), f"{message} (or use ${{NAME:-default}})", path)
    try:
        fields, unused = parse_otel(section, source.resolve().parent)
    except ValueError as exc:
        key_path, problem = exc.args
        raise ConfigError(str(source), problem, key_path) from None
    for key in unused:
        logger.warning("%s: %s is not used by the orchestrator; ignored", source, key)
    try:
        return OtelSettings.model_validate(fields)
    except ValidationError as exc:
        raise _config_error(source, exc, "otel") from exc


def _providers(raw: dict[str, Any], expander: Expander, source: Path) -> dict[str, ProviderConfig]:
    found: dict[str, ProviderConfig] = {}
    for key, name in PROVIDER_SECTIONS.items():
        section = raw.get(key)
        if section is None:
            continue
        if not isinstance(section, dict):
            raise ConfigError(str(source), "expected a mapping", key)
        values: dict[str, Any] = {}
        for item in _PROVIDER_FIELDS:
            value = expander.expand(section.get(item), f"{key}.{item}")
            if value is not None and not isinstance(value, str):
                raise ConfigError(str(source), "expected a string", f"{key}.{item}")
            for path, message in expander.take_problems(f"{key}.{item}"):
                logger.warning("%s: %s: %s; the environment applies", source, path, message)
                value = None
            if value and value.strip():
                values[item] = value.strip()
        for item in _PROVIDER_NUMBERS:
            written = expander.expand(section.get(item), f"{key}.{item}")
            problems = expander.take_problems(f"{key}.{item}")
            for path, message in problems:
                logger.warning("%s: %s: %s; the default applies", source, path, message)
            if written is None or problems:
                continue
            number = _seconds(written)
            if number is None:
                raise ConfigError(
                    str(source), f"expected a number of seconds, got {written!r}", f"{key}.{item}"
                )
            values[item] = number
        for item in section:
            if item not in _PROVIDER_FIELDS and item not in _PROVIDER_NUMBERS:
                logger.debug("ignoring %s.%s (not used by the orchestrator)", key, item)
        if values:
            try:
                found[name] = ProviderConfig.model_validate(values)
            except ValidationError as exc:
                raise _config_error(source, exc, key) from exc
    return found


def _seconds(value: Any) -> float | None:
    """A number of seconds as written (a number, or a string of one from `${VAR}`), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _config_error(
    source: Path, exc: ValidationError, prefix: str, origin: dict[str, str] | None = None
) -> ConfigError:
    first = exc.errors()[0]
    loc = [str(p) for p in first["loc"]]
    if first["type"] == "oauth_grant":  # the OAuth settings' own rule, about one of its keys
        key = first["ctx"]["key"]
        loc.append(key)
        written = (origin or {}).get("oauth.grant", "")
        if "." in written and f"oauth.{key}" not in (origin or {}):  # missing: in that block
            loc = [f"{written.rpartition('.')[0]}.{key}"]
    if len(loc) > 1 and origin and f"{loc[0]}.{loc[1]}" in origin:  # a lifted oauth field
        loc = [origin[f"{loc[0]}.{loc[1]}"], *loc[2:]]
    elif loc and origin:
        loc[0] = origin.get(loc[0], loc[0])
    key_path = ".".join([prefix, *loc]) if loc else prefix
    problem = first["msg"]
    if first["type"] == "literal_error":
        problem = (
            f"{first['input']!r} is not one of {first['ctx']['expected'].replace(chr(39), '')}"
        )
    elif first["type"] == "extra_forbidden":
        problem = "unknown key (check the spelling)"
    return ConfigError(str(source), problem, key_path)
