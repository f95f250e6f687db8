"""The HTTP side of the runner: uvicorn with a shutdown that lets the server's lifespan close,
what exposing a server takes (a bearer token, allowed host names, a health check), and the
server-sent events a response streams, framed without a scan for line breaks they cannot hold."""

from __future__ import annotations

import hmac
import html
import ipaddress
import json
import os
import re
import signal
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs

import uvicorn
from mcp.server.transport_security import (
    DEFAULT_MAX_REQUEST_BODY_SIZE,
    TransportSecurityMiddleware,
    TransportSecuritySettings,
)
from mcp.shared.inbound import (
    MCP_METHOD_HEADER,
    MCP_NAME_HEADER,
    MCP_PROTOCOL_VERSION_HEADER,
    NAME_BEARING_METHODS,
)
from mcp_types import INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, PROTOCOL_VERSION_META_KEY
from mcp_types.jsonrpc import HEADER_MISMATCH
from mcp_types.version import SUPPORTED_PROTOCOL_VERSIONS
from sse_starlette.event import ServerSentEvent
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from servers._common._unreadable import error_for_body
from servers._common.app import StartupError

__all__ = [
    "Guard",
    "UvicornServer",
    "frame_events_without_scans",
    "is_loopback",
    "read_token",
    "transport_security",
]

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class UvicornServer(uvicorn.Server):
    """uvicorn's server, minus re-raising the stop signal once it has shut down.

    uvicorn re-raises SIGINT/SIGTERM after a graceful shutdown, which would kill the process
    before the runner closes the server's lifespan (a database pool, child processes). Here the
    signal only stops serving; the runner then closes the lifespan and exits 0.

    ``on_listening(port)`` is called once the socket is bound (``--port 0`` picks a free port, and
    this is where the caller learns which).
    """

    def __init__(self, config: uvicorn.Config, *, on_listening: Callable[[int], None]) -> None:
        super().__init__(config)
        self._on_listening = on_listening

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.servers and (bound := self.servers[0].sockets):
            self._on_listening(bound[0].getsockname()[1])

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        originals = {sig: signal.signal(sig, self.handle_exit) for sig in _SIGNALS}
        try:
            yield
        finally:
            for sig, handler in originals.items():
                signal.signal(sig, handler)


# --- server-sent events ----------------------------------------------------------------------

_LINE_BREAK = r"\r\n|\r|\n"


class _LineBreaks:
    """What sse-starlette's ``ServerSentEvent`` splits an event's data at (a ``data:`` line
    each) and strips from its id and name: its own pattern, run only on text that has a line
    break at all. A JSON-RPC message never has one (JSON escapes them), yet the pattern walked
    each message a character at a time: 0.6 M instructions for a page of 20 todos (a 10 kB
    event), half what reading and building the page costs; a search for the two characters
    costs next to nothing."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern

    def split(self, text: str) -> list[str]:
        return self.pattern.split(text) if "\n" in text or "\r" in text else [text]

    def sub(self, replacement: str, text: str) -> str:
        return self.pattern.sub(replacement, text) if "\n" in text or "\r" in text else text


def frame_events_without_scans() -> bool:
    """Have every server-sent event framed by :class:`_LineBreaks` (the same bytes); whether
    it is (not if sse-starlette no longer frames them with the pattern it is known to use)."""
    pattern = getattr(ServerSentEvent, "_LINE_SEP_EXPR", None)
    if isinstance(pattern, _LineBreaks):
        return True
    if not isinstance(pattern, re.Pattern) or pattern.pattern != _LINE_BREAK:
        return False
    ServerSentEvent._LINE_SEP_EXPR = _LineBreaks(pattern)  # type: ignore[assignment]
    return True


# --- exposure: bearer token, allowed hosts, health -----------------------------------------

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
TOKEN_ENV = "MCP_SERVER_TOKEN"
MIN_TOKEN_LENGTH = 16
HEALTH_PATH = "/health"
LOGIN_PATH = "/login"
TOKEN_COOKIE = "mcp_server_token"
LOGIN_BODY_LIMIT = 8192


def is_loopback(host: str) -> bool:
    """Whether binding to ``host`` keeps the server on this machine."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def read_token(token_file: str | None) -> str | None:
    """The bearer token: the file's content (trimmed), else ``$MCP_SERVER_TOKEN``, else None.

    Raises StartupError for an unreadable file or a token too short to be a secret.
    """
    if token_file is not None:
        try:
            token = Path(token_file).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise StartupError(f"cannot read the token file {token_file}: {exc}") from exc
        source = f"the token file {token_file}"
    else:
        token = os.environ.get(TOKEN_ENV, "").strip()
        source = f"${TOKEN_ENV}"
        if not token:
            return None
    if len(token) < MIN_TOKEN_LENGTH or any(c.isspace() for c in token):
        raise StartupError(
            f"{source} must hold one token of at least {MIN_TOKEN_LENGTH} characters, "
            "without spaces (e.g. the output of: openssl rand -hex 32)"
        )
    return token


def transport_security(host: str, allowed_hosts: Sequence[str]) -> TransportSecuritySettings:
    """Host/Origin checks (DNS rebinding protection): loopback names, plus ``allowed_hosts``.

    Each allowed host is a name or address clients put in the URL, with or without a port
    (``mcp.example.com``, ``10.0.0.5:8000``); browsers' origins on it are allowed too.
    """
    hosts = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
    origins = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
    for allowed in allowed_hosts:
        patterns = [allowed] if _has_port(allowed) else [allowed, f"{allowed}:*"]
        hosts += patterns
        origins += [f"{scheme}://{p}" for p in patterns for scheme in ("http", "https")]
    if not is_loopback(host) and not allowed_hosts:
        raise StartupError(
            f"--host {host} exposes the server beyond this machine: name the host names "
            "clients use with --allowed-host (repeatable), e.g. --allowed-host mcp.example.com"
        )
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


def _has_port(host: str) -> bool:
    return host.rsplit("]", 1)[-1].count(":") == 1 if host.startswith("[") else ":" in host


class Guard:
    """ASGI middleware in front of every HTTP route a server serves (``/mcp``, ``/health`` and
    the server's own routes alike): first the Host and Origin checks against DNS rebinding
    (``security``, what :func:`transport_security` gives; a foreign Host is a 421, a foreign
    Origin a 403, as on ``/mcp``), then ``GET /health`` (no token, no data), then the bearer token
    when one is set, compared in constant time (a missing or wrong one is a 401).

    A browser cannot send a bearer header when it opens a page: it signs in once instead. A
    page request without the token gets a sign-in form (401, HTML); ``POST /login`` with the
    right token sets it as a cookie (``HttpOnly``, ``SameSite=Strict``, so no other site's page
    can send it) and goes back to the page; the cookie counts as the token after that."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        token: str | None,
        security: TransportSecuritySettings,
        mcp_path: str = "/mcp",
    ) -> None:
        self.app = app
        self._token = token.encode() if token is not None else None
        self._security = TransportSecurityMiddleware(security)
        self._mcp_path = mcp_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = await self._security.validate_request(Request(scope), is_post=False)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        if scope["path"] == HEALTH_PATH and scope["method"] in ("GET", "HEAD"):
            # 503 while the database does not answer (what its calls last found; at most one
            # bounded ping every few seconds), so a load balancer takes the replica out.
            from servers._common.database import database_problem

            problem = database_problem()
            health = (
                JSONResponse({"status": "ok"})
                if problem is None
                else JSONResponse({"status": "unavailable", "reason": problem}, status_code=503)
            )
            await health(scope, receive, send)
            return
        if self._token is not None and scope["path"] == LOGIN_PATH and scope["method"] == "POST":
            await self._login(scope, receive, send)
            return
        if self._token is not None and not self._authorized(scope):
            if b"text/html" in dict(scope["headers"]).get(b"accept", b""):
                await _sign_in(scope["path"], "")(scope, receive, send)
                return
            response = JSONResponse(
                {
                    "error": "unauthorized",
                    "message": "this MCP server needs a bearer token: "
                    "send the header 'Authorization: Bearer <token>'",
                },
                status_code=401,
                headers={"WWW-Authenticate": 'Bearer realm="mcp"'},
            )
            await response(scope, receive, send)
            return
        if scope["method"] == "POST" and scope["path"] == self._mcp_path:
            await _answering_unreadable(self.app, scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope: Scope) -> bool:
        assert self._token is not None
        for name, value in scope["headers"]:
            if name == b"authorization":
                scheme, _, given = value.partition(b" ")
                if scheme.lower() == b"bearer":
                    return hmac.compare_digest(given.strip(), self._token)
        cookie = Request(scope).cookies.get(TOKEN_COOKIE)
        return cookie is not None and hmac.compare_digest(cookie.encode(), self._token)

    async def _login(self, scope: Scope, receive: Receive, send: Send) -> None:
        assert self._token is not None
        body = b""
        async for chunk in Request(scope, receive).stream():
            body += chunk
            if len(body) > LOGIN_BODY_LIMIT:
                await JSONResponse({"error": "too_large"}, status_code=413)(scope, receive, send)
                return
        try:
            form = parse_qs(body.decode("utf-8", errors="replace"), max_num_fields=4)
        except ValueError:  # more fields than a sign-in has
            form = {}
        given, back = form.get("token", [""])[0], form.get("next", ["/"])[0]
        if not back.startswith("/") or back.startswith("//"):
            back = "/"  # only back to a page of this server
        if not hmac.compare_digest(given.strip().encode(), self._token):
            await _sign_in(back, "That is not the server's token.")(scope, receive, send)
            return
        response = RedirectResponse(back, status_code=303)
        response.set_cookie(TOKEN_COOKIE, given.strip(), httponly=True, samesite="strict", path="/")
        await response(scope, receive, send)


def _sign_in(back: str, said: str) -> HTMLResponse:
    """The sign-in form a browser gets instead of a page it needs the token for."""
    return HTMLResponse(
        "<!doctype html><html lang=en><meta charset=utf-8><title>Sign in</title>"
        "<body style='font-family:sans-serif;max-width:30em;margin:3em auto'>"
        "<h1>Sign in</h1><p>This server needs its token (the one in <code>--token-file</code> "
        "or <code>$MCP_SERVER_TOKEN</code>).</p>"
        + (f"<p role=alert>{html.escape(said)}</p>" if said else "")
        + f"<form method=post action='{LOGIN_PATH}'>"
        f"<input type=hidden name=next value='{html.escape(back, quote=True)}'>"
        "<label>Token <input name=token type=password autocomplete=current-password></label> "
        "<button>Sign in</button></form></body></html>",
        status_code=401,
        headers={"WWW-Authenticate": 'Bearer realm="mcp"'},
    )


_SDK_REFUSALS = ((PARSE_ERROR, "Parse error:"), (INVALID_PARAMS, "Validation error:"))


async def _answering_unreadable(app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    """``app`` on a POST of a message: when the SDK refuses the body as unreadable (its 400 with
    the parser's or pydantic's own words, no id, -32602 for what is no JSON-RPC message), the
    answer stdio gives the same text instead (:mod:`servers._common._unreadable`); when it
    refuses a 2026-07-28 request because a header it needs is not there (its "header does not
    match" for a header not sent), a message that says the header is missing and what it must
    hold (:func:`_missing_header`); when it refuses a body over its size limit (its 413 in plain
    text), the JSON-RPC error that says so (:func:`_too_large`). Every other response passes as
    it comes."""
    body: list[bytes] = []
    held: list[Message] = []

    async def receive_kept() -> Message:
        message = await receive()
        if message["type"] == "http.request":
            body.append(message.get("body", b""))
        return message

    async def send_checked(message: Message) -> None:
        if not held and not (
            message["type"] == "http.response.start" and message["status"] in (400, 413)
        ):
            await send(message)
            return
        held.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            answer = (
                _too_large(held, b"".join(body))
                if held[0]["status"] == 413
                else _answer(held, b"".join(body), scope)
            )
            for part in answer or held:
                await send(part)

    await app(scope, receive_kept, send_checked)


def _answer(held: list[Message], body: bytes, scope: Scope) -> list[Message] | None:
    """The messages of the response that replaces the SDK's refusal ``held`` of ``body`` (sent
    with ``scope``'s headers), or None when it is not one."""
    try:
        said = json.loads(b"".join(m.get("body", b"") for m in held[1:]))
        code, message = said["error"]["code"], said["error"]["message"]
    except (ValueError, TypeError, KeyError):
        return None
    version = _header(scope, MCP_PROTOCOL_VERSION_HEADER)
    if version is not None and version not in SUPPORTED_PROTOCOL_VERSIONS:
        said["error"]["message"] = (  # (the SDK's words are about the 2026-07-28 envelope)
            f"unsupported MCP-Protocol-Version {version[:40]!r}: this server speaks "
            f"{', '.join(SUPPORTED_PROTOCOL_VERSIONS)}"
        )
        return _replacing(held, json.dumps(said, separators=(",", ":")).encode())
    if code == HEADER_MISMATCH:
        missing = _missing_header(str(message), scope, body)
        if missing is None:
            return None
        said["error"]["message"] = missing
        return _replacing(held, json.dumps(said, separators=(",", ":")).encode())
    if not any(code == c and str(message).startswith(p) for c, p in _SDK_REFUSALS):
        return None
    error = error_for_body(body)
    if error is None:
        return None
    return _replacing(held, error.model_dump_json(by_alias=True, exclude_none=True).encode())


# A request's own id, at the top of a body cut short: before any nested object or array.
_LEADING_ID = re.compile(r'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")')


def _too_large(held: list[Message], body: bytes) -> list[Message]:
    """The SDK's 413 for a body over its limit (plain text "Request body too large"), as a
    JSON-RPC error that gives the limit, with the request's id when the part of the body read
    before the limit shows it at the top level."""
    head = body[:4096].decode("utf-8", errors="replace")
    nested = min((i for i in (head.find("{", 1), head.find("[", 1)) if i > 0), default=len(head))
    found = _LEADING_ID.search(head[:nested]) if head.lstrip().startswith("{") else None
    limit = DEFAULT_MAX_REQUEST_BODY_SIZE
    error = {
        "jsonrpc": "2.0",
        "id": json.loads(found.group(1)) if found else None,
        "error": {
            "code": INVALID_REQUEST,
            "message": f"the request body is over this server's limit of {limit // 2**20} MiB "
            f"({limit} bytes)",
        },
    }
    text = json.dumps(error, separators=(",", ":")).encode()
    return _replacing(held, text, status=413)


# The headers a 2026-07-28 request carries beside its body (the SDK's lowercase names), as they
# are written, with what each must hold: where in the request's body it is read from.
_ROUTING_HEADERS = {
    MCP_PROTOCOL_VERSION_HEADER: "MCP-Protocol-Version",
    MCP_METHOD_HEADER: "Mcp-Method",
    MCP_NAME_HEADER: "Mcp-Name",
}


def _missing_header(message: str, scope: Scope, body: bytes) -> str | None:
    """For the SDK's "<header> header does not match the request ..." about a header the
    request does not carry: "missing Mcp-Method header (must be 'tools/call', the request body's
    method)"; None for any other refusal (a header sent with another value keeps the SDK's
    words)."""
    header = next((h for h in _ROUTING_HEADERS if message.startswith(f"{h} header ")), None)
    if header is None or any(name == header.encode() for name, _ in scope["headers"]):
        return None
    try:
        request = json.loads(body)
        method, params = request.get("method"), request.get("params") or {}
        if header == MCP_PROTOCOL_VERSION_HEADER:
            value, where = params["_meta"][PROTOCOL_VERSION_META_KEY], "params._meta's version"
        elif header == MCP_METHOD_HEADER:
            value, where = method, "method"
        else:
            key = NAME_BEARING_METHODS[method]
            value, where = params[key], f"'{key}' parameter"
    except (ValueError, TypeError, KeyError, AttributeError):  # a body the SDK read otherwise
        return f"missing {_ROUTING_HEADERS[header]} header"
    name = _ROUTING_HEADERS[header]
    return f"missing {name} header (must be {value!r}, the request body's {where})"


def _header(scope: Scope, name: str) -> str | None:
    """The value of the request's header ``name`` (lowercase), or None."""
    wanted = name.encode()
    return next((v.decode("latin-1") for k, v in scope["headers"] if k == wanted), None)


def _replacing(held: list[Message], text: bytes, *, status: int = 400) -> list[Message]:
    """The response ``held``, with ``status`` and ``text`` as its JSON body."""
    replaced = (b"content-length", b"content-type")
    headers = [(k, v) for k, v in held[0].get("headers", []) if k not in replaced]
    headers += [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(text))]
    return [
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": text},
    ]
