"""DPoP (`orchestrator._dpop`): the proofs, when the client sends them, and the bound token kept
with its key across a restart. The whole exchange (a proof at the token request, the DPoP scheme
with a fresh proof per request, both servers' nonces) is judged by the official conformance
suite (`tests/conformance/test_client.py`: auth/dpop, auth/dpop-nonce)."""

from __future__ import annotations

import base64
import hashlib
import json
import time
from pathlib import Path
from typing import Any

import httpx2
import jwt
import pytest
import yaml
from jwt.algorithms import ECAlgorithm

from orchestrator._dpop import DPoPAuth, DPoPKey
from orchestrator.config import MCPServerSettings, load_config
from orchestrator.oauth import TokenFile, oauth_auth

MCP = "https://mcp.example.com/mcp"
TOKEN_ENDPOINT = "https://auth.example.com/token"


def verified(proof: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and claims of a proof, checked with the key its header carries."""
    header = jwt.get_unverified_header(proof)
    key = ECAlgorithm.from_jwk(json.dumps(header["jwk"]))
    return header, jwt.decode(proof, key, algorithms=["ES256"])  # type: ignore[arg-type]


def test_a_proof_names_the_request_and_carries_only_the_public_key() -> None:
    key = DPoPKey()
    proof = key.proof("POST", httpx2.URL(f"{MCP}?session=1#x"), token="tok", nonce="n-1")
    header, claims = verified(proof)
    assert header["typ"] == "dpop+jwt" and header["alg"] == "ES256"
    assert set(header["jwk"]) == {"kty", "crv", "x", "y"}  # no "d": the private part stays
    assert claims["htm"] == "POST" and claims["htu"] == MCP  # no query, no fragment
    assert claims["nonce"] == "n-1" and abs(claims["iat"] - time.time()) < 5
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"tok").digest()).rstrip(b"=").decode()
    assert claims["ath"] == digest
    again = verified(key.proof("POST", httpx2.URL(MCP)))[1]
    assert again["jti"] != claims["jti"] and "ath" not in again and "nonce" not in again


def test_the_key_survives_as_pem() -> None:
    key = DPoPKey()
    assert DPoPKey(key.pem).public_jwk == key.public_jwk


def entry(tmp_path: Path, **auth: Any) -> MCPServerSettings:
    path = tmp_path / "mcp_agent.config.yaml"
    server = {"transport": "streamable_http", "url": MCP, "auth": {"oauth": True, **auth}}
    path.write_text(yaml.safe_dump({"mcp": {"servers": {"s": server}}}))
    got: MCPServerSettings = load_config(path, env={}, ask=None).servers["s"]
    return got


def test_dpop_false_leaves_the_sdks_client_alone(tmp_path: Path) -> None:
    assert type(oauth_auth(entry(tmp_path), None)).__name__ == "DPoPAuth"
    assert type(oauth_auth(entry(tmp_path, dpop=False), None)).__name__ == "OAuthClientProvider"


async def token_request(auth: DPoPAuth) -> httpx2.Request:
    from mcp.shared.auth import OAuthMetadata

    auth.inner.context.oauth_metadata = OAuthMetadata(
        issuer="https://auth.example.com",
        authorization_endpoint="https://auth.example.com/authorize",
        token_endpoint=TOKEN_ENDPOINT,
    )
    return auth._prove(httpx2.Request("POST", TOKEN_ENDPOINT, data={"grant_type": "x"}))


@pytest.mark.parametrize(
    ("dpop", "offered", "proved"),
    [(None, ["ES256"], True), (None, [], False), (None, ["RS256"], False), (True, [], True)],
)
async def test_a_token_request_is_proved_when_the_server_offers_it_or_the_config_says(
    tmp_path: Path, dpop: bool | None, offered: list[str], proved: bool
) -> None:
    settings = entry(tmp_path) if dpop is None else entry(tmp_path, dpop=dpop)
    auth = oauth_auth(settings, None)
    auth._offered = offered
    request = await token_request(auth)
    assert ("DPoP" in request.headers) is proved
    if proved:
        assert verified(request.headers["DPoP"])[1]["htu"] == TOKEN_ENDPOINT


async def test_a_bound_token_and_its_key_are_kept_for_the_next_run(tmp_path: Path) -> None:
    settings = entry(tmp_path, dpop=True)
    first = oauth_auth(settings, None)
    request = await token_request(first)
    answer = httpx2.Response(
        200,
        json={"access_token": "bound-token", "token_type": "DPoP", "expires_in": 60},
        request=request,
    )
    handed = await first._bind(request, answer)
    assert json.loads(handed.content)["token_type"] == "Bearer"  # what the SDK parses
    kept = TokenFile.of(settings).read()["dpop"]
    assert kept["token"] == "bound-token" and "PRIVATE KEY" in kept["key"]
    assert TokenFile.of(settings).path.stat().st_mode & 0o077 == 0

    later = oauth_auth(settings, None)  # a new process: the key and the binding are read back
    call = later._prove(
        httpx2.Request("POST", MCP, headers={"Authorization": "Bearer bound-token"})
    )
    assert call.headers["Authorization"] == "DPoP bound-token"
    header, claims = verified(call.headers["DPoP"])
    assert header["jwk"] == first._key.public_jwk and claims["htu"] == MCP
    other = later._prove(httpx2.Request("POST", MCP, headers={"Authorization": "Bearer other"}))
    assert other.headers["Authorization"] == "Bearer other" and "DPoP" not in other.headers


async def test_a_nonce_challenge_is_answered_once_and_the_nonce_kept(tmp_path: Path) -> None:
    auth = oauth_auth(entry(tmp_path, dpop=True), None)
    auth._bound = "tok"
    call = auth._prove(httpx2.Request("POST", MCP, headers={"Authorization": "Bearer tok"}))
    challenge = httpx2.Response(
        401,
        headers={"WWW-Authenticate": 'DPoP error="use_dpop_nonce"', "DPoP-Nonce": "rs-1"},
        request=call,
    )
    assert await auth._nonce_asked(call, challenge)
    assert verified(auth._prove(call).headers["DPoP"])[1]["nonce"] == "rs-1"
    plain = httpx2.Response(401, headers={"WWW-Authenticate": "DPoP"}, request=call)
    assert not await auth._nonce_asked(call, plain)  # a 401 without a nonce: sign in again
