"""OAuth for remote servers, end to end on loopback: the protected MCP server and its
authorization server (`orchestrator.testing.servers.protected`, the MCP SDK's server-side auth)
in a subprocess, the orchestrator's client (the SDK's OAuth client) in front; the browser step is
the test's: an HTTP GET of the authorization URL, which redirects to the loopback listener."""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from orchestrator import Orchestrator, load_config
from orchestrator.oauth import (
    PRIVATE_PORTS_FROM,
    TokenFile,
    _ephemeral_low,
    _free_port,
    config_dir,
    logout,
)
from orchestrator.result import AskResult
from orchestrator.testing import ScriptedModel, call
from tests._http_server import HttpServerProcess, http_process
from tests.orchestrator.conftest import REPO

pytestmark = pytest.mark.processes

MODULE = "orchestrator.testing.servers.protected"


class Browser:
    """The user's browser: opens each authorization URL it is sent to."""

    def __init__(self) -> None:
        self.visited: list[tuple[str, str]] = []

    async def __call__(self, server: str, url: str) -> None:
        self.visited.append((server, url))
        async with httpx2.AsyncClient(follow_redirects=True, timeout=10) as http:
            response = await http.get(url)  # ends at the loopback listener
        assert response.status_code == 200 and "Signed in" in response.text


def configure(
    write_config: Callable[..., Path], url: str, *, oauth: bool = True, **settings: Any
) -> Path:
    entry: dict[str, Any] = {"transport": "streamable_http", "url": url}
    if oauth:
        entry["auth"] = {"oauth": True, **settings}
    return write_config({"protected": entry})


async def whoami(path: Path, **options: Any) -> AskResult:
    model = ScriptedModel(call("whoami"), "done")
    with anyio.fail_after(30):
        async with Orchestrator(load_config(path), model=model, **options) as orch:
            return await orch.ask("who am I?")


def log_lines(server: HttpServerProcess, text: str) -> list[str]:
    return [line for line in server.stderr_lines if text in line]


async def test_sign_in_then_tokens_reused_then_refreshed(
    write_config: Callable[..., Path],
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with http_process(MODULE) as protected:
        caplog.set_level(logging.DEBUG)
        path = configure(write_config, protected.url)
        browser = Browser()

        first = await whoami(path, authorize=browser)
        (made,) = first.tool_calls
        assert made.status == "ok"
        assert made.result["scopes"] == ["notes:read"]
        client_id = made.result["client_id"]
        (server, url) = browser.visited[0]
        assert server == "protected" and "code_challenge_method=S256" in url
        assert f"resource={protected.url.replace(':', '%3A').replace('/', '%2F')}" in url
        assert log_lines(protected, f"registered client {client_id}")  # dynamic registration
        assert len(log_lines(protected, "issued tokens (authorization_code)")) == 1

        store = TokenFile.of(load_config(path).servers["protected"])
        assert store.path.parent == config_dir() / "oauth"
        assert str(config_dir()).startswith(os.environ["XDG_CONFIG_HOME"])
        assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
        assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
        kept = json.loads(store.path.read_text())
        access = kept["tokens"]["access_token"]
        assert access not in caplog.text and kept["tokens"]["refresh_token"] not in caplog.text

        # a second run: the kept token, no browser, no new authorization
        again = await whoami(path)
        assert again.tool_calls[0].result["client_id"] == client_id
        assert len(browser.visited) == 1
        assert len(log_lines(protected, "authorized client")) == 1

        # the access token expired: it is refreshed at the authorization server, no browser
        kept["expires_at"] = 1000.0
        store.path.write_text(json.dumps(kept))
        refreshed = await whoami(path)
        assert refreshed.tool_calls[0].status == "ok"
        assert len(log_lines(protected, "issued tokens (refresh_token)")) == 1
        assert len(log_lines(protected, "authorized client")) == 1
        assert json.loads(store.path.read_text())["tokens"]["access_token"] != access


async def test_without_anyone_to_sign_in_the_server_is_down_saying_what_to_do(
    write_config: Callable[..., Path],
) -> None:
    async with http_process(MODULE) as protected:
        path = configure(write_config, protected.url)
        model = ScriptedModel("nothing to do")
        with anyio.fail_after(30):
            async with Orchestrator(load_config(path), model=model, start="all") as orch:
                (report,) = orch.reports
        assert report.state == "down"
        assert report.reason == (
            "server 'protected' needs you to sign in (OAuth): run `orchestrator login protected`"
        )
        assert not log_lines(protected, "issued tokens")


async def test_a_server_asking_to_sign_in_without_oauth_configured(
    write_config: Callable[..., Path],
) -> None:
    async with http_process(MODULE) as protected:
        path = configure(write_config, protected.url, oauth=False)  # no auth block, no tokens
        settings = load_config(path)
        with anyio.fail_after(30):
            async with Orchestrator(settings, model=ScriptedModel(), start="all") as orch:
                (report,) = orch.reports
        assert report.state == "down"
        assert "asks to sign in (HTTP 401)" in (report.reason or "")
        assert "orchestrator login protected" in (report.reason or "")


async def test_configured_scopes_are_the_ones_asked_for(write_config: Callable[..., Path]) -> None:
    async with http_process(MODULE) as protected:
        path = configure(write_config, protected.url, scopes=["notes:read", "notes:write"])
        result = await whoami(path, authorize=Browser())
        assert result.tool_calls[0].result["scopes"] == ["notes:read", "notes:write"]
        assert log_lines(protected, "for notes:read notes:write")


async def test_a_client_registered_beforehand(write_config: Callable[..., Path]) -> None:
    port = _free_port()
    redirect = f"http://127.0.0.1:{port}/callback"
    async with http_process(MODULE, "--client", "orchestrator-app", redirect) as server:
        path = configure(write_config, server.url, client_id="orchestrator-app", redirect_port=port)
        result = await whoami(path, authorize=Browser())
        assert result.tool_calls[0].result["client_id"] == "orchestrator-app"
        assert not log_lines(server, "registered client")  # no dynamic registration
        assert log_lines(server, "authorized client orchestrator-app")


async def test_the_startup_timeout_waits_for_the_user(write_config: Callable[..., Path]) -> None:
    async with http_process(MODULE) as protected:
        path = configure(write_config, protected.url)
        # 3 s, not less: what the start-up does besides waiting for the user (the token
        # exchange, initialize, the tool listing) must fit in it on a loaded machine (at 1 s it
        # failed once in a CI run at a load near 10).
        data = path.read_text().replace("startup_timeout_seconds: 20", "startup_timeout_seconds: 3")
        path.write_text(data)
        browser = Browser()

        async def slow_user(server: str, url: str) -> None:
            await anyio.sleep(4)  # the user takes longer than the startup timeout to sign in
            await browser(server, url)

        result = await whoami(path, authorize=slow_user)
        (made,) = result.tool_calls
        assert made.status == "ok", made


def test_a_redirect_port_of_its_own_is_not_one_the_kernel_hands_out() -> None:
    """Chosen when the flow is set up, listened on when the redirect comes: an ephemeral port
    could be any outgoing connection's by then (a conformance run lost one this way)."""
    low = _ephemeral_low()
    ports = {_free_port() for _ in range(20)}
    assert all(PRIVATE_PORTS_FROM <= port < low for port in ports), (ports, low)
    assert len(ports) > 1  # not one fixed port every user would meet


async def accepted(url: str, token: str) -> bool:
    """Whether the MCP server takes `token` (an initialize request with it as the bearer)."""
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "0"},
        },
    }
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream"}
    async with httpx2.AsyncClient(timeout=10) as http:
        response = await http.post(url, json=body, headers=headers)
    assert response.status_code in (200, 401), response.text
    return response.status_code == 200


async def test_logout_without_revocation_forgets_the_tokens_and_says_they_stay_valid(
    write_config: Callable[..., Path],
) -> None:
    path = configure(write_config, "http://127.0.0.1:9/mcp")
    entry = load_config(path).servers["protected"]
    store = TokenFile.of(entry)
    secret = "at-" + "s3cr3t" * 4
    kept = {"tokens": {"access_token": secret, "token_type": "Bearer"}}
    metadata = {
        "issuer": "http://127.0.0.1:9",
        "authorization_endpoint": "http://127.0.0.1:9/authorize",
        "token_endpoint": "http://127.0.0.1:9/token",
    }
    store.write(
        {**kept, "authorization_server": {"url": "http://127.0.0.1:9", "metadata": metadata}}
    )
    said = await logout(entry)
    assert "offers no revocation: the tokens stay valid until they expire" in said
    assert not store.exists() and secret not in said

    # A revocation endpoint that does not answer: the tokens are forgotten all the same.
    metadata["revocation_endpoint"] = "http://127.0.0.1:9/revoke"
    client = {"client_id": "c1", "redirect_uris": ["http://127.0.0.1:1/callback"]}
    store.write({**kept, "client_info": client, "authorization_server": {"metadata": metadata}})
    said = await logout(entry)
    assert "could not be reached to revoke the tokens (ConnectError)" in said
    assert not store.exists() and secret not in said
    assert await logout(entry) == f"Not signed in to protected: no tokens at {store.path}"


async def test_login_and_logout_on_the_command_line(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    async with http_process(MODULE) as protected:
        path = configure(write_config, protected.url)
        env = {
            **os.environ,
            "BROWSER": f"{sys.executable} -m tests.orchestrator._browser %s",  # drives the sign-in
            "PYTHONPATH": str(REPO),
        }
        command = [sys.executable, "-m", "orchestrator", "--config", str(path)]

        async def run(*words: str) -> Any:
            with anyio.fail_after(60):
                return await anyio.run_process([*command, *words], env=env, check=False)

        signed_in = await run("login", "protected")
        assert signed_in.returncode == 0, signed_in.stderr.decode()
        assert "Signed in to protected (1 tools)" in signed_in.stdout.decode()
        assert "Sign in to protected: your browser should open" in signed_in.stderr.decode()
        store = TokenFile.of(load_config(path).servers["protected"])
        assert store.exists()

        listed = await run("--json", "tools")  # not a terminal: the kept token is used
        assert json.loads(listed.stdout)["protected"][0]["name"] == "whoami"

        access = store.read()["tokens"]["access_token"]
        assert await accepted(protected.url, access)
        signed_out = await run("logout", "protected")
        said = signed_out.stdout.decode()
        assert signed_out.returncode == 0 and f"removed {store.path}" in said
        assert "tokens revoked at the authorization server" in said
        assert not store.exists()
        assert not await accepted(protected.url, access)  # revoked, not only forgotten
        down = await run("doctor")
        assert "run `orchestrator login protected`" in down.stdout.decode()
        assert down.returncode == 1

        wrong = await run("login", "nowhere")  # not a configured server: a request, offline
        assert "Signed in" not in wrong.stdout.decode()
