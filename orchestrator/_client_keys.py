"""The client-side keys of a server entry, as each dialect writes them, in one shape.

- `oauth` (OAuthSettings): mcp-agent's `auth: {oauth: {enabled, scopes, client_id,
  client_secret}}`; ours `auth: {oauth: true, scopes, client_id}`; fast-agent's `auth: {oauth,
  scope, redirect_port, redirect_path}`; Cursor's `auth: {CLIENT_ID, CLIENT_SECRET, scopes}`;
  Claude Code's `oauth: {clientId, callbackPort}`; or `oauth: {...}` in our field names (the
  machine grants' keys, `grant`, `issuer`, `private_key_file`, ..., and `dpop` are ours alone).
- `roots`: mcp-agent's and fast-agent's `[{uri, name, server_uri_alias}]`; a path works too.
- `sampling: {model}` and `elicitation: {mode}`: fast-agent's.

`lift_auth` runs on the raw entry, before its variables are expanded: it moves the OAuth settings
of any dialect into our `oauth` key (whose variables are then expanded, as for every key we use)
and leaves what is not used here (mcp-agent's `auth.api_key`, ...) under `auth`, kept as written
and named once in the loader's warning. Its own unknown keys are named in a warning too. It also
says where each OAuth field was written, so a problem names the user's key (`auth.CLIENT_SECRET`),
not ours (`oauth.client_secret`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from orchestrator.errors import ConfigError

__all__ = ["lift_auth", "root_uri"]

logger = logging.getLogger("orchestrator.config")

# What each spelling means: the key as written -> our OAuthSettings field.
_OAUTH_KEYS = {
    "enabled": "enabled",
    "scopes": "scopes",
    "scope": "scopes",
    "client_id": "client_id",
    "clientId": "client_id",
    "CLIENT_ID": "client_id",
    "client_secret": "client_secret",
    "clientSecret": "client_secret",
    "CLIENT_SECRET": "client_secret",
    "redirect_port": "redirect_port",
    "callbackPort": "redirect_port",
    "redirect_path": "redirect_path",
    "client_metadata_url": "client_metadata_url",
    "clientMetadataUrl": "client_metadata_url",
    **{  # the machine grants' (orchestrator.oauth's grants), ours only
        key: key
        for key in (
            "dpop",
            "grant",
            "issuer",
            "token_endpoint_auth",
            "private_key_file",
            "signing_algorithm",
            "assertion_file",
            "id_token_file",
            "idp_token_endpoint",
            "idp_client_id",
            "idp_client_secret",
        )
    },
}
# Keys that change nothing here, not worth a warning (token persistence is ours: a file).
_OAUTH_SILENT = frozenset({"persist", "redirect_uri_options", "require_pkce"})


def lift_auth(
    raw: dict[str, Any], key_path: str, source: Path
) -> tuple[dict[str, Any], dict[str, str]]:
    """`raw` with every dialect's OAuth settings under our `oauth` key (see the module docs),
    and where each of them was written: an OAuthSettings field -> its key path in the entry
    (`auth.CLIENT_SECRET`, `oauth.callbackPort`), for the messages about it."""
    auth, oauth = raw.get("auth"), raw.get("oauth")
    if auth is None and oauth is None:
        return raw, {}
    found: dict[str, Any] = {}
    origin: dict[str, str] = {}
    leftover: dict[str, Any] = {}
    if isinstance(oauth, dict):  # ours, or Claude Code's {clientId, callbackPort}
        _take(oauth, found, origin, {}, "oauth", key_path, source)
        found.setdefault("enabled", True)
    elif oauth is not None:
        found["enabled"], origin["enabled"] = oauth, "oauth"
    if auth is not None:
        if not isinstance(auth, dict):
            raise ConfigError(str(source), "expected a mapping", f"{key_path}.auth")
        inner = auth.get("oauth")
        if isinstance(inner, dict):  # mcp-agent: auth.oauth.{enabled, scopes, client_id, ...}
            _take(inner, found, origin, {}, "auth.oauth", key_path, source)
            found.setdefault("enabled", True)
        elif inner is not None:  # auth: {oauth: true, scopes, ...} (ours, fast-agent)
            found["enabled"], origin["enabled"] = inner, "auth.oauth"
        rest = {k: v for k, v in auth.items() if k != "oauth"}
        _take(rest, found, origin, leftover, "auth", key_path, source)
        if "enabled" not in found and found:
            found["enabled"] = True  # fast-agent's and Cursor's auth blocks mean OAuth
    lifted = {k: v for k, v in raw.items() if k not in ("auth", "oauth")}
    if found:
        lifted["oauth"] = found
    if leftover:
        lifted["auth"] = leftover
    return lifted, origin


def _take(
    block: dict[str, Any],
    found: dict[str, Any],
    origin: dict[str, str],
    leftover: dict[str, Any],
    where: str,
    key_path: str,
    source: Path,
) -> None:
    unknown = []
    for key, value in block.items():
        target = _OAUTH_KEYS.get(key)
        if target is None:
            if key not in _OAUTH_SILENT:
                unknown.append(key)
                leftover[key] = value
            continue
        if target == "scopes" and isinstance(value, str):
            value = value.split()
        found[target] = value
        origin[target] = f"{where}.{key}"
    unknown = [k for k in unknown if k != "api_key"]  # mcp-agent's; named with the other extras
    if unknown:
        logger.warning(
            "%s: %s.%s: keys not used by the orchestrator, kept as written: %s",
            source,
            key_path,
            where,
            ", ".join(unknown),
        )


def root_uri(value: str, source: Path, key_path: str) -> str:
    """A root as a `file://` URI: a URI is kept, a path is made absolute (relative to the config
    file's folder); any other scheme is a `ConfigError`."""
    if value.startswith("file://"):
        return value
    if "://" in value:
        raise ConfigError(str(source), f"{value!r} is not a file:// URI or a path", key_path)
    path = Path(value).expanduser()
    if not path.is_absolute():
        path = (source.parent / path).resolve()
    return path.as_uri()
