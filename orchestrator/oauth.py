"""OAuth for remote servers: the MCP authorization flow, with the MCP SDK's OAuth client.

```yaml
mcp:
  servers:
    github:
      transport: streamable_http
      url: https://api.githubcopilot.com/mcp/
      auth: {oauth: true, scopes: [repo], client_id: Iv1.abc}   # client_id: optional
```

A server with `oauth` (any dialect's spelling, `orchestrator._client_keys`), or one signed in to
with `orchestrator login SERVER`, is reached with `OAuthClientProvider` as its HTTP client's auth:
a 401 starts the flow (protected resource metadata, authorization server metadata, dynamic client
registration unless a `client_id` is configured, PKCE), the user is sent to the authorization
URL (`authorize`: the browser is opened and the URL printed, `open_in_browser`), and the redirect
comes back to a loopback listener on `127.0.0.1` (`Loopback`; the port is the configured
`redirect_port`, else the one the client was registered with, else a free one). Configured
`scopes` are the ones asked for; otherwise the server's.

Tokens and the client's registration are kept per server (and URL) in the user's config folder,
`$XDG_CONFIG_HOME/mcp-orchestrator/oauth/<server>-<hash>.json` (else `~/.config/...`), with file
mode 600 in a folder of mode 700 (`TokenFile`), with where the authorization server is; an
expired access token is refreshed there with its refresh token before a request, without the
browser. Without `authorize` (input piped in, `--json`), a server that needs the user to sign in
is down with a reason that says to run `orchestrator login SERVER`. `orchestrator logout SERVER`
revokes the tokens where the authorization server offers it (RFC 7009), then deletes the file.
Tokens never reach a log or an error.

Where the authorization server offers DPoP (or `dpop: true`), the tokens are bound to a key of
the client's and each request proves it holds it (`orchestrator._dpop`). A machine (no person,
no browser) uses one of the grants of `orchestrator._oauth_grants` instead (`grant:`).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import json
import logging
import os
import random
import re
import socket
import sys
import tempfile
import time
import webbrowser
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from orchestrator._paths import user_dir
from orchestrator.config import MCPServerSettings, OAuthSettings
from orchestrator.errors import OrchestratorError, UsageError

__all__ = [
    "FLOW_SECONDS",
    "Authorize",
    "Loopback",
    "OAuthRequired",
    "TokenFile",
    "config_dir",
    "login",
    "logout",
    "oauth_auth",
    "open_in_browser",
    "refused_authorization",
    "sends_authorization",
    "uses_oauth",
]

logger = logging.getLogger(__name__)

FLOW_SECONDS = 300.0  # how long the user has to sign in
Authorize = Callable[[str, str], Awaitable[None]]  # (server, authorization URL)
OnWait = Callable[[bool], None]  # told True while the user is signing in, then False


class OAuthRequired(OrchestratorError):
    """A server needs the user to sign in and nobody can be sent to the browser now."""

    def __init__(self, server: str) -> None:
        self.server = server
        super().__init__(
            f"server {server!r} needs you to sign in (OAuth): run `orchestrator login {server}`"
        )


def config_dir() -> Path:
    """The per-user config folder (`orchestrator._paths`)."""
    return user_dir("config")


class TokenFile:
    """One server's tokens and client registration, in a file only the user can read (the SDK's
    `TokenStorage`)."""

    def __init__(self, path: Path, entry: MCPServerSettings) -> None:
        self.path = path
        self.entry = entry
        self.context: Any = None  # the SDK's OAuthContext, whose discoveries are kept too

    @classmethod
    def of(cls, entry: MCPServerSettings) -> TokenFile:
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in entry.name)[:40]
        digest = hashlib.sha256((entry.url or "").encode()).hexdigest()[:12]
        return cls(config_dir() / "oauth" / f"{safe}-{digest}.json", entry)

    def read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            logger.warning(
                "cannot read the OAuth tokens of %r (%s): %s", self.entry.name, self.path, exc
            )
            return {}
        return data if isinstance(data, dict) else {}

    def write(self, data: dict[str, Any]) -> None:
        """Atomically, readable by the user alone."""
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(folder, 0o700)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")  # mode 600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump({"server": self.entry.name, "url": self.entry.url, **data}, out)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def exists(self) -> bool:
        return self.path.is_file()

    def delete(self) -> bool:
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        return True

    @property
    def expires_at(self) -> float | None:
        value = self.read().get("expires_at")
        return float(value) if isinstance(value, int | float) else None

    def redirect_uri(self) -> str | None:
        """The redirect URI the stored client was registered with."""
        uris = (self.read().get("client_info") or {}).get("redirect_uris") or []
        return str(uris[0]) if uris else None

    def forget_tokens(self) -> None:
        data = self.read()
        if data.pop("tokens", None) is not None:
            data.pop("expires_at", None)
            self.write(data)

    # -- the SDK's TokenStorage ----------------------------------------------------------
    async def get_tokens(self) -> Any:
        from mcp.shared.auth import OAuthToken

        tokens = self.read().get("tokens")
        return OAuthToken.model_validate(tokens) if isinstance(tokens, dict) else None

    async def set_tokens(self, tokens: Any) -> None:
        data = self.read()
        data["tokens"] = tokens.model_dump(mode="json", exclude_none=True)
        data["expires_at"] = time.time() + tokens.expires_in if tokens.expires_in else None
        context = self.context
        if context is not None and context.oauth_metadata is not None:
            # where to refresh the tokens next time: the SDK discovers it only on a 401
            data["authorization_server"] = {
                "url": context.auth_server_url,
                "metadata": context.oauth_metadata.model_dump(mode="json", exclude_none=True),
                "resource": context.protected_resource_metadata.model_dump(
                    mode="json", exclude_none=True
                )
                if context.protected_resource_metadata is not None
                else None,
            }
        self.write(data)

    def restore(self, context: Any) -> None:
        """Give the SDK's `context` what is kept: when the tokens expire and where the
        authorization server is, so an expired token is refreshed there without a new flow."""
        from mcp.shared.auth import OAuthMetadata, ProtectedResourceMetadata

        self.context = context
        data = self.read()
        context.token_expiry_time = self.expires_at
        server = data.get("authorization_server")
        if isinstance(server, dict) and isinstance(server.get("metadata"), dict):
            try:
                context.oauth_metadata = OAuthMetadata.model_validate(server["metadata"])
                if isinstance(server.get("resource"), dict):
                    resource = ProtectedResourceMetadata.model_validate(server["resource"])
                    context.protected_resource_metadata = resource
                context.auth_server_url = server.get("url")
            except ValueError as exc:
                logger.debug("kept OAuth metadata of %r unreadable: %s", self.entry.name, exc)

    async def get_client_info(self) -> Any:
        from mcp.shared.auth import OAuthClientInformationFull

        stored = self.read().get("client_info")
        if isinstance(stored, dict):
            return OAuthClientInformationFull.model_validate(stored)
        settings = self.entry.oauth
        if settings is None or settings.client_id is None:
            return None  # dynamic client registration
        secret = settings.client_secret.get_secret_value() if settings.client_secret else None
        return OAuthClientInformationFull(  # HTTP Basic: what every server must accept (RFC 6749)
            client_id=settings.client_id,
            client_secret=secret,
            token_endpoint_auth_method="client_secret_basic" if secret else "none",
        )

    async def set_client_info(self, client_info: Any) -> None:
        data = self.read()
        data["client_info"] = client_info.model_dump(mode="json", exclude_none=True)
        self.write(data)


def uses_oauth(entry: MCPServerSettings) -> bool:
    """Whether `entry`'s server is reached with OAuth: configured so, or signed in to."""
    if entry.transport not in ("sse", "streamable_http") or not entry.url:
        return False
    if entry.oauth is not None:
        return entry.oauth.enabled
    return TokenFile.of(entry).exists()


def sends_authorization(entry: MCPServerSettings) -> bool:
    """Whether `entry` sends an `Authorization` header of its own (a static token in `headers`)."""
    return any(name.lower() == "authorization" for name in entry.headers)


def refused_authorization(entry: MCPServerSettings, www_authenticate: str = "") -> str:
    """What a 401 means for a server whose entry sends its own `Authorization` header: the
    server refused that header (a wrong or expired token), not that it wants an OAuth sign-in;
    `www_authenticate` is the 401's challenge. Never any character of the token."""
    said = (
        f"{entry.url} refused the Authorization header that server {entry.name!r} sends "
        f"(HTTP 401): check the token set in that server's `headers` in the config"
    )
    if "resource_metadata" in www_authenticate:  # the server offers OAuth as well
        said += "; to sign in with OAuth instead, remove the header and add `auth: {oauth: true}`"
    return said


class Loopback:
    """The redirect's target: a listener on 127.0.0.1 that takes one authorization response."""

    def __init__(self, redirect_uri: str) -> None:
        parts = urlsplit(redirect_uri)
        self.port = parts.port or 80
        self.path = parts.path or "/"
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[Any] | None = None

    async def start(self) -> None:
        if self._server is not None:
            return
        self._result = asyncio.get_running_loop().create_future()
        try:
            self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        except OSError as exc:
            raise OrchestratorError(
                f"cannot listen on 127.0.0.1:{self.port} for the OAuth redirect: "
                f"{exc.strerror or exc}; set the server's oauth redirect_port to a free port"
            ) from exc

    async def result(self, timeout: float = FLOW_SECONDS) -> Any:
        """The code and state the authorization server redirected with."""
        assert self._result is not None, "start() first"
        try:
            async with asyncio.timeout(timeout):
                return await self._result
        except TimeoutError:
            raise OrchestratorError(f"no sign-in within {timeout:g}s") from None

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        from mcp.shared.auth import AuthorizationCodeResult

        try:
            line = (await reader.readline()).decode("latin-1")
            while (await reader.readline()).strip():
                pass  # the headers
            target = line.split(" ")[1] if line.count(" ") >= 2 else ""
            parts = urlsplit(target)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if parts.path != self.path:
                status, body = "404 Not Found", "Not the sign-in address."
            elif "error" in query:
                status, body = "400 Bad Request", "Sign-in failed; you can close this tab."
                reason = query.get("error_description") or query["error"]
                self._settle(OrchestratorError(f"the authorization server said: {reason}"))
            elif "code" in query:
                status, body = "200 OK", "Signed in. You can close this tab."
                self._settle(
                    AuthorizationCodeResult(
                        code=query["code"], state=query.get("state"), iss=query.get("iss")
                    )
                )
            else:
                status, body = "400 Bad Request", "No authorization code in the request."
            data = f"<!doctype html><title>mcp-orchestrator</title><p>{body}</p>".encode()
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\n"
                f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
                + data
            )
            await writer.drain()
        finally:
            writer.close()

    def _settle(self, outcome: Any) -> None:
        if self._result is None or self._result.done():
            return
        if isinstance(outcome, BaseException):
            self._result.set_exception(outcome)
        else:
            self._result.set_result(outcome)


async def open_in_browser(server: str, url: str) -> None:
    """Send the user to `url`: print it (stderr) and open it in their browser."""
    print(
        f"Sign in to {server}: your browser should open; if it does not, open this URL:\n  {url}",
        file=sys.stderr,
        flush=True,
    )
    await asyncio.to_thread(webbrowser.open, url)


PRIVATE_PORTS_FROM = 20000  # the redirect's ports: from here to the ephemeral range


def _free_port() -> int:
    """A port free on 127.0.0.1 now, below the system's ephemeral range when it can be.

    The listener opens only when the redirect comes, maybe minutes later, and the port stays
    the registered client's for later runs: one the kernel hands out to outgoing connections
    (port 0's kind) can be taken by any of them meanwhile ("address already in use")."""
    low = _ephemeral_low()
    for port in random.sample(range(PRIVATE_PORTS_FROM, low), min(20, low - PRIVATE_PORTS_FROM)):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ephemeral_low() -> int:
    """Where the ports the kernel picks on its own begin (Linux says; else IANA's 49152)."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 49152
    return max(low, PRIVATE_PORTS_FROM + 1)


def oauth_auth(
    entry: MCPServerSettings,
    authorize: Authorize | None,
    on_wait: OnWait | None = None,
    store: TokenFile | None = None,
) -> Any:
    """The `httpx2.Auth` that runs the MCP authorization flow for `entry`'s server, keeping its
    tokens in `store` (by default the server's `TokenFile`), whose `context` is the flow's."""
    from mcp.client.auth import OAuthClientProvider
    from mcp.shared.auth import OAuthClientMetadata

    settings = entry.oauth or OAuthSettings.model_validate({})
    store = store or TokenFile.of(entry)
    if settings.grant != "authorization_code":  # a machine: no browser (orchestrator._oauth_grants)
        from orchestrator._oauth_grants import machine_auth

        provider = machine_auth(entry, store)
        if settings.scopes and hasattr(provider, "context"):
            metadata = provider.context.client_metadata
            pinned: Any = _pinned_scope()  # the configured scopes win over the server's
            provider.context.client_metadata = pinned.model_validate(metadata.model_dump())
        return _with_dpop(provider, store, settings)
    port = settings.redirect_port
    redirect = (
        f"http://127.0.0.1:{port}{settings.redirect_path}"
        if port is not None
        else store.redirect_uri() or f"http://127.0.0.1:{_free_port()}{settings.redirect_path}"
    )
    secret = settings.client_secret is not None
    metadata = (_pinned_scope() if settings.scopes else OAuthClientMetadata)(
        client_name="mcp-orchestrator",
        redirect_uris=[redirect],
        grant_types=["authorization_code", "refresh_token"],
        token_endpoint_auth_method="client_secret_post" if secret else None,
        scope=" ".join(settings.scopes) or None,
    )
    loopback = Loopback(redirect)
    waiting = on_wait or (lambda _: None)

    async def redirect_handler(url: str) -> None:
        if authorize is None:
            raise OAuthRequired(entry.name)
        waiting(True)
        await loopback.start()
        await authorize(entry.name, url)

    async def callback_handler() -> Any:
        try:
            return await loopback.result()
        finally:
            await loopback.close()
            waiting(False)

    assert entry.url is not None
    provider = OAuthClientProvider(
        entry.url,
        metadata,
        store,
        redirect_handler,
        callback_handler,
        client_metadata_url=settings.client_metadata_url,
    )
    store.restore(provider.context)
    return _with_dpop(provider, store, settings)


def _with_dpop(provider: Any, store: TokenFile, settings: OAuthSettings) -> Any:
    """`provider`, its tokens bound with DPoP where the authorization server offers it or
    `dpop: true` says (`orchestrator._dpop`); as it is with `dpop: false`, or when it is not the
    SDK's OAuth client (the id_jag grant's provider)."""
    if settings.dpop is False or not hasattr(provider, "context"):
        return provider
    from orchestrator._dpop import DPoPAuth

    return DPoPAuth(provider, store, settings.dpop)


@functools.cache
def _pinned_scope() -> type:
    from mcp.shared.auth import OAuthClientMetadata

    class PinnedScope(OAuthClientMetadata):
        """Client metadata whose `scope` stays the configured one: the SDK replaces it with the
        scopes the server names, and the configured scopes must win."""

        def __setattr__(self, name: str, value: Any) -> None:
            if name == "scope" and self.scope:
                return
            super().__setattr__(name, value)

    return PinnedScope


async def login(entry: MCPServerSettings, authorize: Authorize = open_in_browser) -> str:
    """Run the flow for `entry`'s server now (new tokens; the registration is kept)."""
    if entry.transport not in ("sse", "streamable_http") or not entry.url:
        raise UsageError(
            f"server {entry.name!r} is a {entry.transport} server: OAuth is for remote ones"
        )
    if entry.oauth is not None and not entry.oauth.enabled:
        raise UsageError(f"server {entry.name!r} has OAuth turned off (oauth.enabled: false)")
    import httpx2
    from mcp import Client
    from mcp.client.sse import sse_client
    from mcp.client.streamable_http import streamable_http_client

    store = TokenFile.of(entry)
    store.forget_tokens()
    auth = oauth_auth(entry, authorize, store=store)
    seconds = FLOW_SECONDS + (entry.http_timeout_seconds or 30.0)
    try:
        async with asyncio.timeout(seconds):
            if entry.transport == "sse":
                transport: Any = sse_client(entry.url, headers=dict(entry.headers), auth=auth)
                async with Client(transport, mode="legacy", cache=None) as client:
                    tools = (await client.list_tools()).tools
            else:
                async with httpx2.AsyncClient(headers=dict(entry.headers), auth=auth) as http:
                    transport = streamable_http_client(entry.url, http_client=http)
                    async with Client(transport, mode="legacy", cache=None) as client:
                        tools = (await client.list_tools()).tools
    except TimeoutError:
        raise OrchestratorError(
            f"cannot sign in to server {entry.name!r}: no sign-in within {seconds:g}s"
        ) from None
    except Exception as exc:  # the SDK's, httpx's, in exception groups: one line, no traceback
        raise _login_failed(entry, store, exc) from exc
    if not store.exists() or (await store.get_tokens()) is None:
        raise OrchestratorError(f"server {entry.name!r} did not ask to sign in; nothing was kept")
    return f"Signed in to {entry.name} ({len(tools)} tools); tokens kept in {store.path}"


def _login_failed(entry: MCPServerSettings, store: TokenFile, exc: Exception) -> OrchestratorError:
    """What made `orchestrator login` fail, in one line naming the server: an OAuth failure is a
    `UsageError` (exit 2: the server, or its entry, is not set up for this sign-in); the server
    unreachable or an MCP error, an `OrchestratorError`. The SDK's text goes in only where it
    says no more than what failed (a response's body is left out)."""
    from mcp.client.auth import OAuthFlowError, OAuthRegistrationError, OAuthTokenError

    cause = _leaf(exc)
    failed = f"cannot sign in to server {entry.name!r}"
    if isinstance(cause, OrchestratorError):  # ours: it says what happened
        if repr(entry.name) in str(cause):
            return cause
        kind = UsageError if cause.exit_code == UsageError.exit_code else OrchestratorError
        return kind(f"{failed}: {cause}")
    if not isinstance(cause, OAuthFlowError):
        import httpx2

        if isinstance(cause, httpx2.TransportError):
            return OrchestratorError(f"{failed}: cannot reach {entry.url} ({type(cause).__name__})")
        return OrchestratorError(f"{failed}: {_first_line(cause) or type(cause).__name__}")
    context = store.context
    if context is not None and (
        context.protected_resource_metadata is None and context.oauth_metadata is None
    ):
        said = (
            f"{failed}: {entry.url} offers no OAuth (no protected resource or authorization "
            f"server metadata{_status_note(cause)})"
        )
        if sends_authorization(entry):  # the flow began with its 401 to that header
            said += (
                f"; it refused the Authorization header that server {entry.name!r} sends: check "
                "the token set in that server's `headers` in the config"
            )
    elif isinstance(cause, OAuthRegistrationError):
        said = f"{failed}: the authorization server refused to register this client"
        said += _status_note(cause)
    elif isinstance(cause, OAuthTokenError):
        said = f"{failed}: getting tokens failed: {_first_line(cause)}"
    else:
        said = f"{failed}: the OAuth flow failed: {_first_line(cause)}"
    return UsageError(said)


def _leaf(exc: BaseException) -> BaseException:
    """The exception that made `exc` happen, out of any exception groups (ours first)."""
    leaves: list[BaseException] = []

    def walk(error: BaseException) -> None:
        if isinstance(error, BaseExceptionGroup):
            for inner in error.exceptions:
                walk(inner)
        else:
            leaves.append(error)

    walk(exc)
    ours = [e for e in leaves if isinstance(e, OrchestratorError)]
    return (ours or leaves or [exc])[0]


def _first_line(exc: BaseException, limit: int = 200) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:limit] if lines else ""


def _status_note(exc: BaseException) -> str:
    """`; registering ... HTTP 401` from the SDK's "Registration failed: 401 <body>"."""
    found = re.match(r"Registration failed: (\d{3})", str(exc))
    return f"; registering a client there answered HTTP {found.group(1)}" if found else ""


async def logout(entry: MCPServerSettings) -> str:
    """Revoke `entry`'s tokens at its authorization server when it offers revocation (RFC 7009),
    then forget them and the client registration (whatever the revocation's outcome)."""
    store = TokenFile.of(entry)
    if not store.exists():
        return f"Not signed in to {entry.name}: no tokens at {store.path}"
    try:
        revoked = await _revoke(entry, store)
    finally:
        store.delete()
    return f"Signed out of {entry.name}: {revoked}; removed {store.path}"


async def _revoke(entry: MCPServerSettings, store: TokenFile) -> str:
    """Ask the kept authorization server to revoke the refresh token, then the access token; say
    how it went (never with a token or a secret in it)."""
    data = store.read()
    tokens: dict[str, Any] = data["tokens"] if isinstance(data.get("tokens"), dict) else {}
    kept = [
        (tokens[kind], kind)
        for kind in ("refresh_token", "access_token")
        if isinstance(tokens.get(kind), str) and tokens[kind]
    ]
    if not kept:
        return "no tokens were kept"
    server = data.get("authorization_server") or {}
    endpoint = (server.get("metadata") or {}).get("revocation_endpoint")
    if not endpoint:
        return (
            "the authorization server offers no revocation: the tokens stay valid until they expire"
        )
    client = await store.get_client_info()
    if client is None:
        return "no client registration was kept, so the tokens could not be revoked"
    import httpx2

    form = {"client_id": client.client_id}
    headers = {}
    if client.client_secret and client.token_endpoint_auth_method == "client_secret_basic":
        pair = f"{quote(client.client_id, safe='')}:{quote(client.client_secret, safe='')}"
        headers["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
    elif client.client_secret:
        form["client_secret"] = client.client_secret
    try:
        async with httpx2.AsyncClient(timeout=entry.http_timeout_seconds or 10.0) as http:
            for value, kind in kept:
                response = await http.post(
                    endpoint,
                    data={**form, "token": value, "token_type_hint": kind},
                    headers=headers,
                )
                if response.status_code != 200:
                    return (
                        f"the authorization server refused to revoke the {kind.replace('_', ' ')}"
                        f" (HTTP {response.status_code}), so it stays valid until it expires"
                    )
    except httpx2.HTTPError as exc:
        return (
            f"the authorization server could not be reached to revoke the tokens "
            f"({type(exc).__name__}), so they stay valid until they expire"
        )
    return "tokens revoked at the authorization server"
