"""DPoP (RFC 9449; the MCP extension SEP-1932): access tokens bound to a key the client holds, so
a stolen token is of no use without it.

`DPoPAuth` wraps the SDK's OAuth client (an `OAuthClientProvider`), whose flow it drives, and
changes what goes on the wire:

- a token request (a POST to the authorization server's token endpoint: the code exchange, a
  refresh, a machine grant) carries a `DPoP` header, a proof: a JWT (`typ: dpop+jwt`) signed
  with the client's key, whose public half is in its header, naming the method and URL (`htm`,
  `htu`, no query), with a fresh `jti` and the time;
- a token the server issues as `token_type: DPoP` is bound: it is presented as `Authorization:
  DPoP <token>`, each request with a fresh proof that also carries the token's hash (`ath`);
- a server that answers `use_dpop_nonce` (the authorization server: 400; the MCP server: 401)
  with a `DPoP-Nonce` gets the request again, once, its proof carrying that nonce, and the nonce
  is kept per origin for the next ones (and replaced when a response brings a new one).

The key is an EC P-256 key (ES256), made on first use and kept in the server's token file (mode
600) with the bound token, so a restart presents the token again instead of signing in again.
The SDK parses only Bearer token responses: a DPoP one is handed to it as Bearer, and the
binding is this wrapper's. DPoP is used when the authorization server's metadata offers ES256
(`dpop_signing_alg_values_supported`, read here: the SDK's model of it drops the key), or
always/never with the server's `oauth.dpop`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
import uuid
from collections.abc import AsyncGenerator
from typing import Any

import httpx2

__all__ = ["DPoPAuth", "DPoPKey"]

ALGORITHM = "ES256"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class DPoPKey:
    """The client's proof-of-possession key: an EC P-256 private key, and its proofs."""

    def __init__(self, pem: str | None = None) -> None:
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.serialization import load_pem_private_key
        from jwt.algorithms import ECAlgorithm

        loaded = load_pem_private_key(pem.encode(), password=None) if pem else None
        self._key = (
            loaded
            if isinstance(loaded, ec.EllipticCurvePrivateKey)
            else ec.generate_private_key(ec.SECP256R1())
        )
        self.public_jwk = ECAlgorithm.to_jwk(self._key.public_key(), as_dict=True)

    @property
    def pem(self) -> str:
        from cryptography.hazmat.primitives import serialization

        return self._key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()

    def proof(
        self, method: str, url: httpx2.URL, *, token: str | None = None, nonce: str | None = None
    ) -> str:
        """A DPoP proof for one request (RFC 9449 §4.2)."""
        import jwt

        claims: dict[str, Any] = {
            "jti": str(uuid.uuid4()),
            "htm": method,
            "htu": str(url.copy_with(query=None, fragment=None)),
            "iat": int(time.time()),
        }
        if token is not None:
            claims["ath"] = _b64url(hashlib.sha256(token.encode("ascii")).digest())
        if nonce is not None:
            claims["nonce"] = nonce
        headers = {"typ": "dpop+jwt", "jwk": self.public_jwk}
        return jwt.encode(claims, self._key, algorithm=ALGORITHM, headers=headers)


def _origin(url: httpx2.URL) -> str:
    return f"{url.scheme}://{url.netloc.decode()}"


class DPoPAuth(httpx2.Auth):
    """The SDK's OAuth client `inner`, its tokens bound with DPoP (see the module docs);
    `store` (a `TokenFile`) keeps the key and the bound token; `mode` is `oauth.dpop`."""

    requires_response_body = True

    def __init__(self, inner: Any, store: Any, mode: bool | None) -> None:
        self.inner, self.store, self.mode = inner, store, mode
        kept = store.read().get("dpop")
        kept = kept if isinstance(kept, dict) else {}
        self._key: DPoPKey | None = DPoPKey(kept["key"]) if kept.get("key") else None
        self._bound: str | None = kept.get("token") if isinstance(kept.get("token"), str) else None
        self._nonces: dict[str, str] = {}
        offered = kept.get("offered")  # the authorization server's algorithms, when it said
        self._offered: list[str] = offered if isinstance(offered, list) else []

    # -- what the flow sends ------------------------------------------------------------
    def _active(self) -> bool:
        return self.mode if self.mode is not None else ALGORITHM in self._offered

    def _is_token_request(self, request: httpx2.Request) -> bool:
        metadata = self.inner.context.oauth_metadata
        if request.method != "POST" or metadata is None:
            return False
        return request.url.copy_with(query=None) == httpx2.URL(str(metadata.token_endpoint))

    def _key_in_use(self) -> DPoPKey:
        if self._key is None:
            self._key = DPoPKey()
        return self._key

    def _prove(self, request: httpx2.Request) -> httpx2.Request:
        """`request` with its proof (a new one each time), if it is one that takes one."""
        nonce = self._nonces.get(_origin(request.url))
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if self._is_token_request(request) and self._active():
            key = self._key_in_use()
            request.headers["DPoP"] = key.proof(request.method, request.url, nonce=nonce)
        elif scheme in ("Bearer", "DPoP") and token and token == self._bound:
            key = self._key_in_use()
            request.headers["Authorization"] = f"DPoP {token}"
            request.headers["DPoP"] = key.proof(
                request.method, request.url, token=token, nonce=nonce
            )
        return request

    # -- what comes back ----------------------------------------------------------------
    async def _nonce_asked(self, request: httpx2.Request, response: httpx2.Response) -> bool:
        """Whether `response` asks for `request` again with its nonce (RFC 9449 §8, §9); a
        nonce it brings is kept either way."""
        nonce = response.headers.get("DPoP-Nonce")
        if not nonce or "DPoP" not in request.headers:
            return False
        self._nonces[_origin(request.url)] = nonce
        if response.status_code == 401:
            return "use_dpop_nonce" in response.headers.get("WWW-Authenticate", "")
        if response.status_code == 400:
            return (await _json(response)).get("error") == "use_dpop_nonce"
        return False

    async def _note_offer(self, request: httpx2.Request, response: httpx2.Response) -> None:
        """Authorization server metadata (RFC 8414): whether it offers DPoP, and how (the SDK's
        model of it drops `dpop_signing_alg_values_supported`)."""
        if request.method != "GET" or "/.well-known/" not in request.url.path:
            return
        body = await _json(response) if response.status_code == 200 else {}
        if "token_endpoint" not in body:
            return
        offered = body.get("dpop_signing_alg_values_supported")
        self._offered = (
            [a for a in offered if isinstance(a, str)] if isinstance(offered, list) else []
        )
        self._keep()

    def _keep(self) -> None:
        kept = self.store.read()
        kept["dpop"] = {
            "offered": self._offered,
            **({"key": self._key.pem, "token": self._bound} if self._key and self._bound else {}),
        }
        self.store.write(kept)

    async def _bind(self, request: httpx2.Request, response: httpx2.Response) -> httpx2.Response:
        """A token response: a DPoP token is kept as bound (with the key) and handed to the SDK
        as Bearer, the only type it parses."""
        if response.status_code != 200 or not self._is_token_request(request):
            return response
        body = await _json(response)
        if str(body.get("token_type", "")).lower() != "dpop" or self._key is None:
            return response
        self._bound = body.get("access_token")
        self._keep()
        headers = [
            (k, v)
            for k, v in response.headers.multi_items()
            if k.lower() not in ("content-length", "content-encoding", "transfer-encoding")
        ]
        return httpx2.Response(
            response.status_code,
            headers=headers,
            content=json.dumps({**body, "token_type": "Bearer"}).encode(),
            request=response.request,
        )

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        flow = self.inner.async_auth_flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                response = yield self._prove(outgoing)
                if await self._nonce_asked(outgoing, response):
                    response = yield self._prove(outgoing)
                    await self._nonce_asked(outgoing, response)
                await self._note_offer(outgoing, response)
                outgoing = await flow.asend(await self._bind(outgoing, response))
        except StopAsyncIteration:
            return
        finally:
            await flow.aclose()


async def _json(response: httpx2.Response) -> dict[str, Any]:
    """A response's JSON object, read (only such responses are: the MCP server's may stream)."""
    try:
        body = json.loads(await response.aread())
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
