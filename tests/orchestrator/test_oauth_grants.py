"""The OAuth grants for machines (`orchestrator._oauth_grants`): their config, read and checked
with errors naming the key as written, and what each grant builds from it. The grants' wire
exchanges are judged by the official conformance suite (`tests/conformance/test_client.py`:
client-credentials-basic, -jwt, wif-jwt-bearer, enterprise-managed-authorization)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import anyio
import jwt
import pytest
import yaml
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

from orchestrator._oauth_grants import exchange_id_token, machine_auth
from orchestrator.config import MCPServerSettings, load_config
from orchestrator.errors import ConfigError, OrchestratorError
from orchestrator.oauth import TokenFile, oauth_auth

URL = "https://mcp.example.com/mcp"
ISSUER = "https://auth.example.com"
SECRET = "s3cret-value-never-shown"


def server(tmp_path: Path, auth: dict[str, Any], env: dict[str, str] | None = None) -> Any:
    path = tmp_path / "mcp_agent.config.yaml"
    entry = {"transport": "streamable_http", "url": URL, "auth": auth}
    path.write_text(yaml.safe_dump({"mcp": {"servers": {"s": entry}}}))
    return load_config(path, env=env or {}, ask=None).servers["s"]


def pem(key: Any) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


CC = {"grant": "client_credentials", "issuer": ISSUER, "client_id": "bot"}
IDJAG = {
    "grant": "id_jag",
    "issuer": ISSUER,
    "client_id": "app",
    "client_secret": SECRET,
    "id_token_file": "id.jwt",
    "idp_token_endpoint": "https://idp.example.com/token",
    "idp_client_id": "app-at-idp",
}


def test_client_credentials_with_a_secret_from_the_environment(tmp_path: Path) -> None:
    got = server(tmp_path, {**CC, "client_secret": "${BOT_SECRET}"}, {"BOT_SECRET": SECRET})
    assert got.oauth.grant == "client_credentials" and got.oauth.issuer == ISSUER
    assert got.oauth.client_secret.get_secret_value() == SECRET
    assert got.oauth.token_endpoint_auth == "client_secret_basic"
    assert SECRET not in repr(got)


def test_credential_files_are_relative_to_the_config_file(tmp_path: Path) -> None:
    got = server(tmp_path, {**CC, "private_key_file": "keys/bot.pem"})
    assert got.oauth.private_key_file == str(tmp_path / "keys" / "bot.pem")
    wif = {"grant": "jwt_bearer", "issuer": ISSUER, "client_id": "w", "assertion_file": "/run/t"}
    assert server(tmp_path, wif).oauth.assertion_file == "/run/t"
    assert server(tmp_path, IDJAG).oauth.id_token_file == str(tmp_path / "id.jwt")


@pytest.mark.parametrize(
    ("auth", "key", "problem"),
    [
        ({"grant": "password"}, "auth.grant", "'password' is not one of authorization_code"),
        ({**CC, "issuer": None}, "auth.issuer", "the client_credentials grant needs issuer"),
        (CC, "auth.client_secret", "needs client_secret or private_key_file"),
        (
            {**CC, "client_secret": SECRET, "private_key_file": "k.pem"},
            "auth.private_key_file",
            "takes client_secret or private_key_file, not both",
        ),
        ({**CC, "client_id": None, "client_secret": SECRET}, "auth.client_id", "needs client_id"),
        (
            {"grant": "jwt_bearer", "issuer": ISSUER, "client_id": "w"},
            "auth.assertion_file",
            "the jwt_bearer grant needs assertion_file",
        ),
        (
            {
                "grant": "jwt_bearer",
                "issuer": ISSUER,
                "client_id": "w",
                "assertion_file": "t",
                "redirect_port": 8080,
            },
            "auth.redirect_port",
            "redirect_port is not used by the jwt_bearer grant",
        ),
        (
            {**CC, "client_secret": SECRET, "assertion_file": "t"},
            "auth.assertion_file",
            "assertion_file is not used by the client_credentials grant",
        ),
        (
            {"oauth": True, "private_key_file": "k.pem"},
            "auth.private_key_file",
            "private_key_file is not used by the authorization_code grant",
        ),
        ({**IDJAG, "idp_token_endpoint": None}, "auth.idp_token_endpoint", "needs idp_token"),
        ({**IDJAG, "client_secret": None}, "auth.client_secret", "id_jag grant needs client_sec"),
        ({**CC, "issuer": "auth.example.com"}, "auth.issuer", "should match pattern"),
        ({**IDJAG, "dpop": True}, "auth.dpop", "dpop is not available with the id_jag grant"),
        (
            {**CC, "client_secret": SECRET, "token_endpoint_auth": "private_key_jwt"},
            "auth.token_endpoint_auth",
            "is not one of client_secret_basic or client_secret_post",
        ),
    ],
)
def test_a_grant_missing_what_it_needs_names_the_key(
    tmp_path: Path, auth: dict[str, Any], key: str, problem: str
) -> None:
    auth = {k: v for k, v in auth.items() if v is not None}
    with pytest.raises(ConfigError) as caught:
        server(tmp_path, auth)
    message = str(caught.value)
    assert f"mcp.servers.s.{key}" in message and problem in message
    assert SECRET not in message


def test_the_keys_are_named_as_written_in_mcp_agents_block(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        server(tmp_path, {"oauth": {**CC, "client_secret": SECRET, "private_key_file": "k"}})
    assert "mcp.servers.s.auth.oauth.private_key_file" in str(caught.value)


def entry(tmp_path: Path, auth: dict[str, Any]) -> MCPServerSettings:
    got: MCPServerSettings = server(tmp_path, auth)
    return got


@pytest.mark.parametrize(
    ("key", "algorithm"),
    [
        (rsa.generate_private_key(public_exponent=65537, key_size=2048), "RS256"),
        (ec.generate_private_key(ec.SECP256R1()), "ES256"),
        (ec.generate_private_key(ec.SECP384R1()), "ES384"),
        (ed25519.Ed25519PrivateKey.generate(), "EdDSA"),
    ],
)
async def test_a_private_key_signs_the_client_assertion_with_its_own_algorithm(
    tmp_path: Path, key: Any, algorithm: str
) -> None:
    (tmp_path / "bot.pem").write_text(pem(key))
    settings = entry(tmp_path, {**CC, "private_key_file": "bot.pem"})
    provider = machine_auth(settings, TokenFile(tmp_path / "tokens.json", settings))
    assertion = await provider._assertion_provider(ISSUER)
    claims = jwt.decode(assertion, key.public_key(), algorithms=[algorithm], audience=ISSUER)
    assert jwt.get_unverified_header(assertion)["alg"] == algorithm
    assert claims["iss"] == claims["sub"] == "bot" and claims["exp"] > claims["iat"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (None, "cannot read its oauth private_key_file"),
        ("", "is empty"),
        ("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----", "not an unencrypted"),
    ],
)
def test_an_unusable_private_key_file_is_named_without_its_contents(
    tmp_path: Path, text: str | None, problem: str
) -> None:
    if text is not None:
        (tmp_path / "bot.pem").write_text(text)
    settings = entry(tmp_path, {**CC, "private_key_file": "bot.pem"})
    with pytest.raises(OrchestratorError) as caught:
        oauth_auth(settings, None)
    message = str(caught.value)
    assert "server 's'" in message and str(tmp_path / "bot.pem") in message and problem in message
    assert "not a key" not in message


def test_each_grant_gets_its_provider_and_keeps_the_configured_scopes(tmp_path: Path) -> None:
    (tmp_path / "id.jwt").write_text("header.claims.signature")
    (tmp_path / "t.jwt").write_text("header.claims.signature")
    cc = entry(tmp_path, {**CC, "client_secret": SECRET, "scopes": ["reports:read"]})
    wif = entry(
        tmp_path,
        {"grant": "jwt_bearer", "issuer": ISSUER, "client_id": "w", "assertion_file": "t.jwt"},
    )
    kinds = {  # the first two bound with DPoP where their authorization server offers it
        name: type(getattr(oauth_auth(e, None), "inner", None)).__name__
        for name, e in (("cc", cc), ("wif", wif))
    }
    kinds["idjag"] = type(oauth_auth(entry(tmp_path, IDJAG), None)).__name__
    assert kinds == {
        "cc": "ClientCredentialsOAuthProvider",
        "wif": "JwtBearerProvider",
        "idjag": "IdentityAssertionOAuthProvider",
    }
    provider = oauth_auth(cc, None).inner
    provider.context.client_metadata.scope = "what the server names"
    assert provider.context.client_metadata.scope == "reports:read"


async def test_the_workload_assertion_is_read_at_each_exchange(tmp_path: Path) -> None:
    """A platform rotates the workload's token in place: each exchange sends the current one."""
    from mcp.shared.auth import OAuthMetadata

    token = tmp_path / "t.jwt"
    token.write_text("first.jwt.token\n")
    settings = entry(
        tmp_path,
        {"grant": "jwt_bearer", "issuer": ISSUER, "client_id": "w", "assertion_file": "t.jwt"},
    )
    provider = oauth_auth(settings, None).inner
    await provider._initialize()
    provider.context.oauth_metadata = OAuthMetadata(
        issuer=ISSUER,
        authorization_endpoint=f"{ISSUER}/authorize",
        token_endpoint=f"{ISSUER}/token",
    )
    forms = []
    for text in ("first.jwt.token", "second.jwt.token"):
        token.write_text(text)
        request = await provider._perform_authorization()
        forms.append(dict(x.split("=", 1) for x in request.content.decode().split("&")))
    assert [f["assertion"] for f in forms] == ["first.jwt.token", "second.jwt.token"]
    assert forms[0]["grant_type"] == "urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"
    assert forms[0]["client_id"] == "w" and str(request.url) == f"{ISSUER}/token"


async def test_the_workload_assertion_goes_only_to_the_configured_issuer(tmp_path: Path) -> None:
    from mcp.client.auth import OAuthFlowError
    from mcp.shared.auth import OAuthMetadata

    (tmp_path / "t.jwt").write_text("the.workload.jwt")
    settings = entry(
        tmp_path,
        {"grant": "jwt_bearer", "issuer": ISSUER, "client_id": "w", "assertion_file": "t.jwt"},
    )
    provider = oauth_auth(settings, None).inner
    await provider._initialize()
    provider.context.oauth_metadata = OAuthMetadata(
        issuer="https://elsewhere.example.com",
        authorization_endpoint="https://elsewhere.example.com/authorize",
        token_endpoint="https://elsewhere.example.com/token",
    )
    with pytest.raises(OAuthFlowError, match="not of the configured issuer"):
        await provider._perform_authorization()
    assert provider.context.oauth_metadata is None


class IdentityProvider:
    """An enterprise identity provider's token endpoint on loopback (RFC 8693 token exchange),
    answering with `answer` and recording each form it was sent."""

    def __init__(self, status: int, answer: dict[str, Any]) -> None:
        self.status, self.answer = status, answer
        self.forms: list[dict[str, str]] = []
        self.authorization: list[str] = []

    async def serve(self, stream: Any) -> None:
        from urllib.parse import parse_qsl

        async with stream:
            data = b""
            while b"\r\n\r\n" not in data:
                data += await stream.receive()
            head, _, body = data.partition(b"\r\n\r\n")
            headers = dict(
                line.split(": ", 1) for line in head.decode().split("\r\n")[1:] if ": " in line
            )
            length = int(headers.get("Content-Length") or headers.get("content-length") or 0)
            while len(body) < length:
                body += await stream.receive()
            self.forms.append(dict(parse_qsl(body.decode())))
            self.authorization.append(headers.get("Authorization", ""))
            payload = json.dumps(self.answer).encode()
            await stream.send(
                f"HTTP/1.1 {self.status} X\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode()
                + payload
            )


async def exchange(tmp_path: Path, idp: IdentityProvider, **extra: Any) -> str:
    (tmp_path / "id.jwt").write_text("the.id.token\n")
    listener = await anyio.create_tcp_listener(local_host="127.0.0.1")
    port = listener.extra(anyio.abc.SocketAttribute.local_port)
    settings = entry(
        tmp_path, {**IDJAG, "idp_token_endpoint": f"http://127.0.0.1:{port}/token", **extra}
    )
    assert settings.oauth is not None
    outcome: str | OrchestratorError
    async with listener, anyio.create_task_group() as tasks:
        tasks.start_soon(listener.serve, idp.serve)
        try:
            with anyio.fail_after(10):
                outcome = await exchange_id_token(settings, settings.oauth, ISSUER, URL)
        except OrchestratorError as exc:
            outcome = exc
        finally:
            tasks.cancel_scope.cancel()
    if isinstance(outcome, OrchestratorError):
        raise outcome
    return outcome


async def test_the_id_token_is_exchanged_for_an_identity_assertion_grant(tmp_path: Path) -> None:
    idp = IdentityProvider(
        200,
        {
            "access_token": "the.id-jag",
            "issued_token_type": "urn:ietf:params:oauth:token-type:id-jag",
            "token_type": "N_A",
        },
    )
    assert await exchange(tmp_path, idp, idp_client_secret=SECRET) == "the.id-jag"
    assert idp.forms == [
        {
            "grant_type": "urn:ietf:params:oauth:grant-type:token-exchange",
            "requested_token_type": "urn:ietf:params:oauth:token-type:id-jag",
            "subject_token": "the.id.token",
            "subject_token_type": "urn:ietf:params:oauth:token-type:id_token",
            "audience": ISSUER,
            "resource": URL,
            "client_id": "app-at-idp",
        }
    ]
    assert idp.authorization[0].startswith("Basic ")


@pytest.mark.parametrize(
    ("status", "answer", "problem"),
    [
        (400, {"error": "invalid_grant", "error_description": "ID token expired"}, "expired"),
        (200, {"access_token": "x", "issued_token_type": "urn:x:access_token"}, "not an identity"),
        (200, {"token_type": "N_A"}, "refused the ID token exchange: HTTP 200"),
    ],
)
async def test_a_refused_exchange_says_what_the_provider_said_and_not_the_token(
    tmp_path: Path, status: int, answer: dict[str, Any], problem: str, caplog: Any
) -> None:
    caplog.set_level(logging.DEBUG)
    with pytest.raises(OrchestratorError) as caught:
        await exchange(tmp_path, IdentityProvider(status, answer))
    assert problem in str(caught.value) and "server 's'" in str(caught.value)
    assert "the.id.token" not in str(caught.value) + caplog.text
