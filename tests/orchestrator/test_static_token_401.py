"""A server reached with a static bearer token of the entry's own (`headers: {Authorization:
...}`) that answers 401: the token was refused, which is no call to sign in with OAuth; and
`orchestrator login` on a server that offers no OAuth is one line naming the server, never a
traceback. The real todo server over streamable HTTP, with its `--token-file`."""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from orchestrator.errors import UsageError
from orchestrator.oauth import login
from tests._http_server import http_process
from tests.orchestrator.conftest import REPO

pytestmark = pytest.mark.processes

TOKEN = "Ts8Hn4Wq2Rj6Yb5Vc1ZeKx"
WRONG = "wQz7Xv9Kp3Lm2Nb8Gf4Hd"


@asynccontextmanager
async def todo_with_token(tmp_path: Path) -> AsyncIterator[str]:
    token_file = tmp_path / "todo.token"
    token_file.write_text(TOKEN + "\n")
    database = f"sqlite:///{tmp_path / 'todo.db'}"
    args = ("--database-url", database, "--token-file", str(token_file))
    async with http_process("servers.todo", *args) as server:
        yield server.url


def configure(write_config: Callable[..., Path], url: str) -> Path:
    entry = {
        "transport": "streamable_http",
        "url": url,
        "headers": {"Authorization": "Bearer ${TODO_TOKEN}"},
    }
    return write_config({"todo": entry})


def assert_no_token(text: str) -> None:
    for token in (WRONG, TOKEN):
        assert not any(token[i : i + 6] in text for i in range(len(token) - 5)), text


async def test_a_refused_static_token_is_said_so_not_oauth_advice(
    write_config: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TODO_TOKEN", WRONG)
    async with todo_with_token(tmp_path) as url:
        path = configure(write_config, url)
        with anyio.fail_after(30):
            async with Orchestrator(load_config(path), provider="offline", start="all") as orch:
                (report,) = orch.reports
    assert report.state == "down"
    reason = report.reason or ""
    assert reason == (
        f"{url} refused the Authorization header that server 'todo' sends (HTTP 401): check "
        "the token set in that server's `headers` in the config"
    )
    assert "oauth" not in reason.lower() and "orchestrator login" not in reason
    assert_no_token(reason)


async def test_the_right_static_token_reaches_the_server(
    write_config: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TODO_TOKEN", TOKEN)
    async with todo_with_token(tmp_path) as url:
        path = configure(write_config, url)
        with anyio.fail_after(30):
            async with Orchestrator(load_config(path), provider="offline", start="all") as orch:
                (report,) = orch.reports
    assert report.state == "up", report.reason


async def test_login_on_a_server_without_oauth_is_one_line(
    write_config: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TODO_TOKEN", WRONG)
    async with todo_with_token(tmp_path) as url:
        path = configure(write_config, url)
        with anyio.fail_after(30), pytest.raises(UsageError) as refused:
            await login(load_config(path).servers["todo"], authorize=_never)
        said = str(refused.value)
        assert said == (
            f"cannot sign in to server 'todo': {url} offers no OAuth (no protected resource or "
            "authorization server metadata; registering a client there answered HTTP 401); it "
            "refused the Authorization header that server 'todo' sends: check the token set in "
            "that server's `headers` in the config"
        )
        assert_no_token(said)

        command = [sys.executable, "-m", "orchestrator", "--config", str(path), "--no-browser"]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        with anyio.fail_after(60):
            ran = await anyio.run_process([*command, "login", "todo"], env=env, check=False)
    stderr = ran.stderr.decode()
    assert ran.returncode == UsageError.exit_code, stderr
    assert stderr == f"orchestrator: {said}\n"
    assert "Traceback" not in stderr and not ran.stdout


async def test_login_on_a_server_that_cannot_be_reached_is_one_line(
    write_config: Callable[..., Path],
) -> None:
    with socket.socket() as reserved:  # bound, never listening: refused
        reserved.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{reserved.getsockname()[1]}/mcp"
        path = write_config({"gone": {"transport": "streamable_http", "url": url}})
        command = [sys.executable, "-m", "orchestrator", "--config", str(path), "login", "gone"]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        with anyio.fail_after(60):
            ran = await anyio.run_process(command, env=env, check=False)
    stderr = ran.stderr.decode()
    assert ran.returncode == 1, stderr
    said = f"cannot sign in to server 'gone': cannot reach {url} (ConnectError)"
    assert stderr == f"orchestrator: {said}\n"


async def _never(server: str, url: str) -> None:
    raise AssertionError(f"sent to the browser for {server}: {url}")
