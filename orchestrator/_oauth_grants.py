"""The OAuth grants for machines: a server reached without a person or a browser.

```yaml
    reports:
      transport: streamable_http
      url: https://mcp.example.com/mcp
      auth:
        grant: client_credentials          # or jwt_bearer, id_jag
        issuer: https://auth.example.com   # the only server the credentials are sent to
        client_id: reports-bot
        client_secret: ${REPORTS_SECRET}   # or private_key_file: bot.pem (private_key_jwt)
```

- `client_credentials` (RFC 6749 §4.4, the MCP extension SEP-1046): the client's own credentials,
  its `client_secret` (HTTP Basic, or `token_endpoint_auth: client_secret_post`) or a JWT signed
  with its `private_key_file` (RFC 7523 §2.2, `private_key_jwt`; the algorithm is the key's unless
  `signing_algorithm` says). The SDK's `ClientCredentialsOAuthProvider` and
  `PrivateKeyJWTOAuthProvider`.
- `jwt_bearer` (RFC 7523 §2.1, workload identity federation, SEP-1933): the JWT a platform gives
  the workload (a Kubernetes projected service-account token, a cloud's identity token), read from
  `assertion_file` at each exchange (the platform rotates it), is the grant. `JwtBearerProvider`.
- `id_jag` (enterprise-managed authorization, SEP-990): the enterprise identity provider's ID
  token (`id_token_file`) is exchanged there (RFC 8693) for an identity assertion grant for this
  server's authorization server, which the client presents with its `client_secret`. The SDK's
  `IdentityAssertionOAuthProvider`, with `exchange_id_token` as its assertion.

Every machine grant names its authorization server (`issuer`): credentials are sent to that
server's token endpoint alone, whatever the MCP server's metadata points to. Tokens are kept in
the server's `TokenFile` as the person's are; a new one is asked for when they expire. No secret,
key, assertion or token reaches a log or an error.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from orchestrator.config import MCPServerSettings, OAuthSettings
from orchestrator.errors import OrchestratorError

__all__ = ["exchange_id_token", "machine_auth"]

TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"
ID_JAG = "urn:ietf:params:oauth:token-type:id-jag"


def machine_auth(entry: MCPServerSettings, store: Any) -> Any:
    """The `httpx2.Auth` for `entry`'s machine grant (its `oauth.grant`), keeping tokens in
    `store` (a `TokenFile`)."""
    settings = entry.oauth
    assert settings is not None and settings.issuer is not None and entry.url is not None
    assert settings.client_id is not None
    scope = " ".join(settings.scopes) or None
    secret = settings.client_secret.get_secret_value() if settings.client_secret else None
    if settings.grant == "client_credentials":
        from mcp.client.auth.extensions.client_credentials import (
            ClientCredentialsOAuthProvider,
            PrivateKeyJWTOAuthProvider,
            SignedJWTParameters,
        )

        if secret is not None:
            provider: Any = ClientCredentialsOAuthProvider(
                entry.url,
                store,
                settings.client_id,
                secret,
                settings.token_endpoint_auth,
                scope=scope,
                issuer=settings.issuer,
            )
        else:
            assert settings.private_key_file is not None
            key, algorithm = _signing_key(entry.name, settings)
            signer = SignedJWTParameters(
                issuer=settings.client_id,
                subject=settings.client_id,
                signing_key=key,
                signing_algorithm=algorithm,
            )
            provider = PrivateKeyJWTOAuthProvider(
                entry.url,
                store,
                settings.client_id,
                signer.create_assertion_provider(),
                scope=scope,
                issuer=settings.issuer,
            )
    elif settings.grant == "jwt_bearer":
        assert settings.assertion_file is not None
        provider = _jwt_bearer_provider()(
            entry.url,
            store,
            client_id=settings.client_id,
            client_secret=secret,
            method=settings.token_endpoint_auth,
            assertion=functools.partial(
                _read, entry.name, "assertion_file", settings.assertion_file
            ),
            scope=scope,
            issuer=settings.issuer,
        )
    else:
        from mcp.client.auth.extensions.identity_assertion import IdentityAssertionOAuthProvider

        assert secret is not None
        return IdentityAssertionOAuthProvider(
            entry.url,
            store,
            settings.client_id,
            secret,
            settings.issuer,
            functools.partial(exchange_id_token, entry, settings),
            scope=scope,
            token_endpoint_auth_method=settings.token_endpoint_auth,
        )
    store.restore(provider.context)
    return provider


def _read(server: str, key: str, path: str) -> str:
    """A credential file's text, stripped; an error names the server, the key and the file."""
    try:
        text = Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise OrchestratorError(
            f"server {server!r}: cannot read its oauth {key} {path}: {exc.strerror or exc}"
        ) from None
    if not text:
        raise OrchestratorError(f"server {server!r}: its oauth {key} {path} is empty")
    return text


def _signing_key(server: str, settings: OAuthSettings) -> tuple[str, str]:
    """The PEM private key of `settings.private_key_file` and the algorithm to sign with: the
    configured one, else the key's (RSA: RS256; EC: ES256/384/512 by curve; Ed25519: EdDSA)."""
    from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    assert settings.private_key_file is not None
    pem = _read(server, "private_key_file", settings.private_key_file)
    try:
        key = load_pem_private_key(pem.encode(), password=None)
    except (ValueError, TypeError) as exc:  # the message names no part of the key
        raise OrchestratorError(
            f"server {server!r}: its oauth private_key_file {settings.private_key_file} is not "
            f"an unencrypted PEM private key ({exc})"
        ) from None
    if settings.signing_algorithm:
        return pem, settings.signing_algorithm
    if isinstance(key, rsa.RSAPrivateKey):
        return pem, "RS256"
    if isinstance(key, ec.EllipticCurvePrivateKey) and key.curve.key_size in (256, 384, 521):
        return pem, {256: "ES256", 384: "ES384", 521: "ES512"}[key.curve.key_size]
    if isinstance(key, ed25519.Ed25519PrivateKey):
        return pem, "EdDSA"
    raise OrchestratorError(
        f"server {server!r}: no default algorithm for the key in its oauth private_key_file "
        f"{settings.private_key_file}; set signing_algorithm"
    )


async def exchange_id_token(
    entry: MCPServerSettings, settings: OAuthSettings, audience: str, resource: str
) -> str:
    """Exchange the enterprise identity provider's ID token for an identity assertion grant
    (ID-JAG) for `audience` (the authorization server) and `resource` (this MCP server), at the
    provider's token endpoint (RFC 8693 token exchange)."""
    import httpx2

    assert settings.id_token_file is not None and settings.idp_token_endpoint is not None
    assert settings.idp_client_id is not None
    form = {
        "grant_type": TOKEN_EXCHANGE,
        "requested_token_type": ID_JAG,
        "subject_token": _read(entry.name, "id_token_file", settings.id_token_file),
        "subject_token_type": ID_TOKEN,
        "audience": audience,
        "resource": resource,
        "client_id": settings.idp_client_id,
    }
    if settings.scopes:
        form["scope"] = " ".join(settings.scopes)
    auth: Any = httpx2.USE_CLIENT_DEFAULT
    if settings.idp_client_secret is not None:  # HTTP Basic, as every provider must take
        auth = httpx2.BasicAuth(
            settings.idp_client_id, settings.idp_client_secret.get_secret_value()
        )
    try:
        async with httpx2.AsyncClient(timeout=entry.http_timeout_seconds or 30.0) as http:
            response = await http.post(settings.idp_token_endpoint, data=form, auth=auth)
    except httpx2.HTTPError as exc:
        raise OrchestratorError(
            f"server {entry.name!r}: the identity provider {settings.idp_token_endpoint} could "
            f"not be reached ({type(exc).__name__})"
        ) from None
    body = _json(response)
    grant = body.get("access_token")
    if response.status_code != 200 or not isinstance(grant, str) or not grant:
        said = body.get("error_description") or body.get("error") or f"HTTP {response.status_code}"
        raise OrchestratorError(
            f"server {entry.name!r}: the identity provider refused the ID token exchange: {said}"
        )
    if body.get("issued_token_type", ID_JAG) != ID_JAG:
        raise OrchestratorError(
            f"server {entry.name!r}: the identity provider issued a "
            f"{body.get('issued_token_type')!r}, not an identity assertion grant"
        )
    return grant


def _json(response: Any) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


@functools.cache
def _jwt_bearer_provider() -> type:
    """`JwtBearerProvider`, made on first use: the SDK's OAuth client is not imported before."""
    import httpx2
    from mcp.client.auth import OAuthClientProvider, OAuthFlowError
    from mcp.client.auth.utils import issuers_match
    from mcp.shared.auth import (
        JWT_BEARER_GRANT_TYPE,
        OAuthClientInformationFull,
        OAuthClientMetadata,
    )

    class JwtBearerProvider(OAuthClientProvider):
        """The RFC 7523 §2.1 jwt-bearer grant, with a JWT the workload was given as the grant,
        sent only to the configured issuer's token endpoint (the SDK's machine providers' rule)."""

        def __init__(
            self,
            server_url: str,
            storage: Any,
            *,
            client_id: str,
            client_secret: str | None,
            method: Literal["client_secret_basic", "client_secret_post"],
            assertion: Callable[[], str],
            scope: str | None,
            issuer: str,
        ) -> None:
            used = method if client_secret else "none"
            metadata = OAuthClientMetadata(
                redirect_uris=None,
                grant_types=[JWT_BEARER_GRANT_TYPE],
                token_endpoint_auth_method=used,
                scope=scope,
            )
            super().__init__(server_url, metadata, storage)
            self._issuer = issuer
            self._assertion = assertion
            self._client = OAuthClientInformationFull(
                redirect_uris=None,
                client_id=client_id,
                client_secret=client_secret,
                grant_types=[JWT_BEARER_GRANT_TYPE],
                token_endpoint_auth_method=used,
                scope=scope,
            )

        async def _initialize(self) -> None:
            self.context.current_tokens = await self.context.storage.get_tokens()
            self.context.client_info = self._client
            self._initialized = True

        def _select_authorization_server(self, advertised: list[str]) -> str:
            return next((s for s in advertised if issuers_match(s, self._issuer)), advertised[0])

        async def _perform_authorization(self) -> httpx2.Request:
            metadata = self.context.oauth_metadata
            if metadata is None or not issuers_match(str(metadata.issuer), self._issuer):
                self.context.oauth_metadata = None
                self.context.clear_tokens()
                found = "no metadata" if metadata is None else f"metadata of {metadata.issuer}"
                raise OAuthFlowError(f"{found}, not of the configured issuer {self._issuer}")
            form: dict[str, str] = {
                "grant_type": JWT_BEARER_GRANT_TYPE,
                "assertion": self._assertion(),
                "client_id": self._client.client_id or "",
            }
            headers = {"Content-Type": "application/x-www-form-urlencoded"}
            form, headers = self.context.prepare_token_auth(form, headers)
            if self.context.should_include_resource_param(self.context.protocol_version):
                form["resource"] = self.context.get_resource_url()
            if self.context.client_metadata.scope:
                form["scope"] = self.context.client_metadata.scope
            return httpx2.Request("POST", self._get_token_endpoint(), data=form, headers=headers)

    return JwtBearerProvider
