"""A protected MCP server and its authorization server, on loopback (`orchestrator.testing`), built
with the MCP SDK's server-side auth support: for testing a client's MCP authorization flow.

    python -m orchestrator.testing.servers.protected [--port N] [--token-seconds S]

- The authorization server (its own port) serves the SDK's routes: metadata
  (`/.well-known/oauth-authorization-server`), dynamic client registration (`/register`),
  `/authorize` and `/token` (authorization code with PKCE, refresh token), `/revoke`. It
  approves every authorization at once, as if the user clicked "Allow": `/authorize` redirects
  straight to the client's redirect URI with a code, so a test drives "the browser" with one GET.
- The MCP server (`--port`, default a free one) serves `/mcp` over streamable HTTP, refuses
  requests without a valid bearer token (401 with `WWW-Authenticate` naming its protected
  resource metadata, `/.well-known/oauth-protected-resource/mcp`), requires the scope
  `notes:read`, and checks each token was issued for it (RFC 8707). Its tool `whoami` says which
  client and scopes the token carries.

Access tokens last `--token-seconds` (default 3600). `--client ID URI` registers a public client
beforehand (for clients configured with a `client_id`). Each step is written to stderr
(`protected: registered client ...`, `protected: issued tokens (authorization_code)`, ...),
then `protected: serving MCP on http://127.0.0.1:PORT/mcp`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import secrets
import socket
import sys
import time
from typing import Any

import uvicorn
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    TokenError,
    construct_redirect_uri,
)
from mcp.server.auth.routes import create_auth_routes
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import AnyHttpUrl, AnyUrl
from starlette.applications import Starlette

SCOPE = "notes:read"


def say(line: str) -> None:
    print(f"protected: {line}", file=sys.stderr, flush=True)


class LoopbackAuthorizationServer:
    """An in-memory authorization server that approves every request."""

    def __init__(self, token_seconds: int, resource: str) -> None:
        self.token_seconds = token_seconds
        self.resource = resource
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id is not None
        self.clients[client_info.client_id] = client_info
        say(f"registered client {client_info.client_id}")

    async def authorize(
        self, client: OAuthClientInformationFull, params: AuthorizationParams
    ) -> str:
        code = secrets.token_urlsafe(24)
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or [SCOPE],
            expires_at=time.time() + 300,
            client_id=client.client_id or "",
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        say(f"authorized client {client.client_id} for {' '.join(self.codes[code].scopes)}")
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        code = self.codes.get(authorization_code)
        return code if code is not None and code.client_id == client.client_id else None

    def _issue(
        self, client_id: str, scopes: list[str], resource: str | None, grant: str
    ) -> OAuthToken:
        access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        expires = int(time.time()) + self.token_seconds
        self.access[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes, expires_at=expires, resource=resource
        )
        self.refresh[refresh] = RefreshToken(
            token=refresh, client_id=client_id, scopes=scopes, resource=resource
        )
        say(f"issued tokens ({grant}) to {client_id}")
        return OAuthToken(
            access_token=access,
            token_type="Bearer",
            expires_in=self.token_seconds,
            refresh_token=refresh,
            scope=" ".join(scopes),
        )

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        self.codes.pop(authorization_code.code, None)
        return self._issue(
            authorization_code.client_id,
            authorization_code.scopes,
            authorization_code.resource,
            "authorization_code",
        )

    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> RefreshToken | None:
        token = self.refresh.get(refresh_token)
        return token if token is not None and token.client_id == client.client_id else None

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        if self.refresh.pop(refresh_token.token, None) is None:
            raise TokenError("invalid_grant", "refresh token already used")
        granted = scopes or refresh_token.scopes
        return self._issue(
            refresh_token.client_id, granted, refresh_token.resource, "refresh_token"
        )

    async def load_access_token(self, token: str) -> AccessToken | None:
        access = self.access.get(token)
        if access is None or (access.expires_at is not None and access.expires_at < time.time()):
            return None
        return access

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.access.pop(token.token, None)
        self.refresh.pop(token.token, None)

    async def exchange_identity_assertion(self, client: Any, params: Any) -> OAuthToken:
        raise TokenError("unsupported_grant_type", "identity assertions are not supported here")


class Verifier:
    """The MCP server's token check, against the authorization server's records."""

    def __init__(self, authority: LoopbackAuthorizationServer) -> None:
        self.authority = authority

    async def verify_token(self, token: str) -> AccessToken | None:
        return await self.authority.load_access_token(token)


def _bind(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(64)
    return sock


def build(
    mcp_port: int, auth_port: int, token_seconds: int, client: list[str] | None = None
) -> tuple[Starlette, Starlette, str]:
    """The authorization server's app, the MCP server's app, and the MCP URL."""
    issuer = f"http://127.0.0.1:{auth_port}"
    resource = f"http://127.0.0.1:{mcp_port}/mcp"
    authority = LoopbackAuthorizationServer(token_seconds, resource)
    if client is not None:
        client_id, redirect_uri = client
        authority.clients[client_id] = OAuthClientInformationFull(
            client_id=client_id,
            redirect_uris=[AnyUrl(redirect_uri)],
            token_endpoint_auth_method="none",
            scope=f"{SCOPE} notes:write",
        )
    auth_app = Starlette(
        routes=create_auth_routes(
            authority,
            AnyHttpUrl(issuer),
            client_registration_options=ClientRegistrationOptions(
                enabled=True, valid_scopes=[SCOPE, "notes:write"], default_scopes=[SCOPE]
            ),
            revocation_options=RevocationOptions(enabled=True),
        )
    )
    mcp = MCPServer(
        "protected",
        token_verifier=Verifier(authority),
        auth=AuthSettings(
            issuer_url=AnyHttpUrl(issuer),
            resource_server_url=AnyHttpUrl(resource),
            required_scopes=[SCOPE],
            validate_token_resource=True,
        ),
    )

    @mcp.tool(description="Which client and scopes the request's token carries")
    def whoami() -> dict[str, Any]:
        token = get_access_token()
        return {
            "client_id": token.client_id if token else None,
            "scopes": token.scopes if token else [],
        }

    return auth_app, mcp.streamable_http_app(), resource


async def serve(port: int, token_seconds: int, client: list[str] | None = None) -> None:
    mcp_socket, auth_socket = _bind(port), _bind(0)
    auth_app, mcp_app, url = build(
        mcp_socket.getsockname()[1], auth_socket.getsockname()[1], token_seconds, client
    )
    servers = [
        uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        for app in (auth_app, mcp_app)
    ]
    # The sockets listen already: a client that connects now waits in the backlog until the
    # servers have started, so the URL can be announced at once.
    say(f"authorization server on http://127.0.0.1:{auth_socket.getsockname()[1]}")
    say(f"serving MCP on {url}")
    await asyncio.gather(
        *(
            server.serve(sockets=[sock])
            for server, sock in zip(servers, (auth_socket, mcp_socket), strict=True)
        )
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token-seconds", type=int, default=3600)
    parser.add_argument(
        "--client",
        nargs=2,
        metavar=("CLIENT_ID", "REDIRECT_URI"),
        help="a public client registered beforehand, with its one redirect URI",
    )
    parser.add_argument("--transport", default="streamable-http", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    logging.getLogger("mcp").setLevel(logging.WARNING)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args.port, args.token_seconds, args.client))


if __name__ == "__main__":
    main()
