"""The `openai`, `openai-compatible` and `ollama` providers, end to end through the real SDK
(the openai client, httpx2) against a loopback server that speaks OpenAI's wire format
(`orchestrator.testing.vendors.openai`), with the real todo server behind them."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from orchestrator.core import Orchestrator
from orchestrator.errors import ProviderError, RequestError, UsageError
from orchestrator.messages import UserMessage
from orchestrator.models import ModelRequest, ModelResponse, TextDelta
from orchestrator.registry import choose_provider, get_provider
from orchestrator.testing.vendors.openai import (
    FakeOpenAI,
    Recorded,
    error,
    fake_openai,
    stream_text,
    text,
    tool_call,
)
from tests.orchestrator.conftest import REPO

pytestmark = pytest.mark.processes

FAMILY = ["openai", "openai-compatible", "ollama"]
# Not shaped like an OpenAI key, so only the redaction of the exact key can hide it.
KEY = "test-key-7f3a9c2e1b5d"
TODO = {"command": sys.executable, "args": ["-m", "servers.todo"]}
REQUEST = "remind me to buy eggs tomorrow at 3pm"
ENV_VARS = (
    "OPENAI_BASE_URL",
    "OPENAI_COMPATIBLE_BASE_URL",
    "OPENAI_COMPATIBLE_MODEL",
    "OLLAMA_HOST",
    "OLLAMA_API_KEY",
    "ORCHESTRATOR_PROVIDER_ATTEMPTS",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
)


@pytest.fixture(autouse=True)
def _no_endpoint_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ENV_VARS:
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """Every log record, at every level, of every library on the request path."""
    caplog.set_level(logging.DEBUG)
    for name in ("openai", "httpx2", "httpcore2", "orchestrator", "mcp"):
        caplog.set_level(logging.DEBUG, logger=name)
    return caplog


def point(
    provider: str, fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch, *, ollama_key: bool = False
) -> tuple[str, str]:
    """Configure `provider` for `fake` the way a user would; the model and bearer token expected."""
    monkeypatch.setenv("OPENAI_ORG_ID", "org-test")  # for OpenAI only, not another endpoint
    if provider == "openai":
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
        return "gpt-4.1-mini", KEY
    if provider == "openai-compatible":
        monkeypatch.setenv("OPENAI_COMPATIBLE_API_KEY", KEY)
        monkeypatch.setenv("OPENAI_COMPATIBLE_BASE_URL", fake.url + "/v1")
        monkeypatch.setenv("OPENAI_COMPATIBLE_MODEL", "qwen2.5-7b-instruct")
        return "qwen2.5-7b-instruct", KEY
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{fake.port}")  # host:port, as Ollama allows
    if ollama_key:
        monkeypatch.setenv("OLLAMA_API_KEY", KEY)
    return "llama3.2", KEY if ollama_key else "ollama"


def tomorrow_3pm() -> str:
    day = datetime.now().astimezone() + timedelta(days=1)
    return day.replace(hour=15, minute=0, second=0, microsecond=0).isoformat()


def answer_from_tool_result(request: Recorded) -> str:
    """The second turn's answer, made from the tool result the SDK sent back."""
    result = json.loads(request.messages[-1]["content"])
    return f"Added “buy eggs” for tomorrow at 15:00 (id {result['todo_id']})."


def todo_server() -> Client:
    """A client of its own to the todo server, on the test's data folder."""
    env = {"XDG_DATA_HOME": os.environ["XDG_DATA_HOME"], "TZ": os.environ["TZ"]}
    return Client(StdioServerParameters(command=sys.executable, args=TODO["args"], env=env))


@pytest.mark.parametrize("provider", FAMILY)
async def test_a_request_creates_a_todo_through_the_real_sdk(
    provider: str,
    write_config: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    logs: pytest.LogCaptureFixture,
) -> None:
    due = tomorrow_3pm()
    arguments = {"title": "buy eggs", "due_date": due, "priority": "high"}
    with fake_openai(
        tool_call("create_todo", arguments, call_id="call_eggs"), text(answer_from_tool_result)
    ) as fake:
        model, token = point(provider, fake, monkeypatch)
        path = write_config({"todo": TODO}, {"provider": provider})
        with anyio.fail_after(30):
            async with Orchestrator.from_config(path) as orch:
                result = await orch.ask(REQUEST)

    (call,) = result.tool_calls
    assert (call.tool, call.status, call.arguments) == ("create_todo", "ok", arguments)
    todo_id = call.result["todo_id"]
    assert result.text == f"Added “buy eggs” for tomorrow at 15:00 (id {todo_id})."
    assert result.provider == provider

    first, second = fake.completions
    for sent in (first, second):
        assert sent.path == "/v1/chat/completions"
        assert sent.headers["authorization"] == f"Bearer {token}"
        assert sent.body["model"] == model
        assert sent.headers.get("openai-organization") == (
            "org-test" if provider == "openai" else None
        )
    assert first.messages[0]["role"] == "system"
    assert first.messages[-1] == {"role": "user", "content": REQUEST}
    assert set(first.tools) == {"create_todo", "list_todos", "update_todo", "delete_todo"}
    # The SDK sent the tool result back, tied to the call it answers.
    assistant, tool_message = second.messages[-2:]
    assert assistant["tool_calls"][0]["id"] == "call_eggs"
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "call_eggs"
    assert json.loads(tool_message["content"])["todo_id"] == todo_id

    with anyio.fail_after(60):
        async with todo_server() as todo:
            advertised = {t.name: t.input_schema for t in (await todo.list_tools()).tools}
            listed = await todo.call_tool("list_todos", {"status": "all"})
    # The model was offered create_todo with the JSON schema the todo server advertises.
    assert first.tools["create_todo"]["parameters"] == advertised["create_todo"]
    assert first.tools["create_todo"]["parameters"]["properties"]["title"]["maxLength"] == 200
    # And the todo really exists.
    assert listed.structured_content is not None
    (todo_item,) = listed.structured_content["todos"]
    assert (todo_item["todo_id"], todo_item["title"], todo_item["priority"]) == (
        todo_id,
        "buy eggs",
        "high",
    )
    assert datetime.fromisoformat(todo_item["due_date"]) == datetime.fromisoformat(due)
    if token != "ollama":
        assert KEY not in logs.text


async def ask_without_servers(
    provider: str, write_config: Callable[..., Path], request: str = "hello"
) -> Any:
    path = write_config({}, {"provider": provider})
    with anyio.fail_after(60):
        async with Orchestrator.from_config(path) as orch:
            return await orch.ask(request)


@pytest.mark.parametrize("provider", FAMILY)
async def test_a_429_is_retried_after_its_retry_after_then_answered(
    provider: str,
    write_config: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    logs: pytest.LogCaptureFixture,
) -> None:
    busy = error(
        429, "Rate limit reached", code="rate_limit_exceeded", headers={"Retry-After": "0"}
    )
    with fake_openai(busy, text("Hello!")) as fake:
        point(provider, fake, monkeypatch, ollama_key=True)
        result = await ask_without_servers(provider, write_config)
    assert result.text == "Hello!"
    assert len(fake.completions) == 2  # one retry by our policy, none by the SDK
    assert "HTTP 429: Error code: 429 - Rate limit reached; retry 1 of 3" in logs.text
    assert KEY not in logs.text


@pytest.mark.parametrize("provider", FAMILY)
async def test_a_persistent_500_fails_after_the_policys_attempts(
    provider: str,
    write_config: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    logs: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("ORCHESTRATOR_PROVIDER_ATTEMPTS", "2")
    # A server that echoes the key in its error (some proxies do) must not leak it through us.
    broken = error(500, lambda r: f"upstream failed for key {r.headers['authorization'][7:]}")
    with fake_openai(broken, broken, text("never sent")) as fake:
        model, _ = point(provider, fake, monkeypatch, ollama_key=True)
        with pytest.raises(ProviderError) as caught:
            await ask_without_servers(provider, write_config)
    assert isinstance(caught.value, RequestError)
    assert len(fake.completions) == 2
    assert str(caught.value) == (
        f"{provider} ({model}) failed: HTTP 500: Error code: 500 - upstream failed for key "
        "[redacted] (after 2 attempts)"
    )
    assert "retry 1 of 1" in logs.text
    assert KEY not in logs.text


@pytest.mark.parametrize("provider", FAMILY)
async def test_a_401_is_not_retried_and_the_key_is_not_shown(
    provider: str,
    write_config: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    logs: pytest.LogCaptureFixture,
) -> None:
    refused = error(
        401,
        lambda r: f"Incorrect API key provided: {r.headers['authorization'][7:]}.",
        kind="invalid_request_error",
        code="invalid_api_key",
    )
    with fake_openai(refused, text("never sent")) as fake:
        model, _ = point(provider, fake, monkeypatch, ollama_key=True)
        with pytest.raises(ProviderError) as caught:
            await ask_without_servers(provider, write_config)
    assert len(fake.completions) == 1
    assert str(caught.value) == (
        f"{provider} ({model}) failed: HTTP 401: Error code: 401 - "
        "Incorrect API key provided: [redacted]."
    )
    assert "HTTP Request: POST" in logs.text  # the logs were captured, and hold no key
    assert KEY not in logs.text


async def test_an_ollama_that_does_not_answer_is_named(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORCHESTRATOR_PROVIDER_ATTEMPTS", "2")
    with fake_openai() as fake:
        port = fake.port  # a port nothing listens on once the fake has stopped
    monkeypatch.setenv("OLLAMA_HOST", f"http://127.0.0.1:{port}")
    with pytest.raises(ProviderError) as caught:
        await ask_without_servers("ollama", write_config)
    assert str(caught.value) == (
        "ollama (llama3.2) failed: APIConnectionError: Connection error. (after 2 attempts)"
    )


async def test_streaming_goes_through_the_same_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    with fake_openai(stream_text("Hel", "lo ", "there")) as fake:
        point("openai-compatible", fake, monkeypatch)
        choice = choose_provider("openai-compatible")
        request = ModelRequest("Be brief.", [UserMessage("hi")])
        with anyio.fail_after(60):
            events = [event async for event in choice.model.stream(request)]  # type: ignore[attr-defined]
    *deltas, final = events
    assert [d.text for d in deltas if isinstance(d, TextDelta)] == ["Hel", "lo ", "there"]
    assert isinstance(final, ModelResponse) and final.text == "Hello there"
    (sent,) = fake.completions
    assert sent.body["stream"] is True and sent.headers["authorization"] == f"Bearer {KEY}"


async def test_nothing_is_sent_anywhere_but_the_endpoint(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # openai-agents would export traces to OpenAI with the key; the orchestrator sends nothing
    # but the model requests themselves.
    with fake_openai(text("Hi.")) as fake:
        point("openai", fake, monkeypatch)
        result = await ask_without_servers("openai", write_config)
    assert result.text == "Hi."
    assert [r.path for r in fake.requests] == ["/v1/chat/completions"]


async def test_a_key_and_base_url_from_the_secrets_file_choose_and_reach_the_provider(
    write_config: Callable[..., Path], tmp_path: Path, logs: pytest.LogCaptureFixture
) -> None:
    with fake_openai(text("Hello from the secrets file.")) as fake:
        path = write_config({})
        (tmp_path / "mcp_agent.secrets.yaml").write_text(
            f"openai:\n  api_key: {KEY}\n  base_url: {fake.url}/v1\n  default_model: gpt-sec\n"
        )
        with anyio.fail_after(60):
            async with Orchestrator.from_config(path) as orch:  # no OPENAI_API_KEY set
                result = await orch.ask("hello")
    assert (result.provider, result.text) == ("openai", "Hello from the secrets file.")
    (sent,) = fake.completions
    assert sent.headers["authorization"] == f"Bearer {KEY}" and sent.body["model"] == "gpt-sec"
    assert KEY not in logs.text


def test_the_cli_end_to_end_with_an_openai_compatible_endpoint(tmp_path: Path) -> None:
    arguments = {"title": "buy eggs", "due_date": tomorrow_3pm()}
    with fake_openai(tool_call("create_todo", arguments), text(answer_from_tool_result)) as fake:
        env = {
            **os.environ,
            "OPENAI_COMPATIBLE_BASE_URL": fake.url + "/v1",
            "OPENAI_COMPATIBLE_API_KEY": KEY,
            "OPENAI_COMPATIBLE_MODEL": "local-model",
        }
        done = subprocess.run(
            [sys.executable, "-m", "orchestrator", "--provider", "openai-compatible", "--json",
             REQUEST],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    transcript = json.loads(done.stdout)
    assert transcript["provider"] == "openai-compatible"
    (call,) = transcript["tool_calls"]
    assert (call["tool"], call["status"], call["arguments"]) == ("create_todo", "ok", arguments)
    assert transcript["answer"].startswith("Added “buy eggs” for tomorrow at 15:00 (id todo_")
    assert [c.body["model"] for c in fake.completions] == ["local-model", "local-model"]
    assert KEY not in done.stdout + done.stderr


def test_missing_settings_are_named_without_showing_the_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_COMPATIBLE_API_KEY", "abc123")
    with pytest.raises(ProviderError, match="OPENAI_COMPATIBLE_BASE_URL is not set") as caught:
        choose_provider("openai-compatible", "m")
    assert "abc" not in str(caught.value)

    with pytest.raises(ProviderError, match="needs OPENAI_COMPATIBLE_BASE_URL"):
        get_provider("openai-compatible").model("m")

    monkeypatch.setenv("OPENAI_COMPATIBLE_BASE_URL", "http://127.0.0.1:9/v1")
    with pytest.raises(UsageError) as caught:  # exit 2: what the command line must say
        choose_provider("openai-compatible")
    assert str(caught.value) == (
        "provider 'openai-compatible' needs a model name: pass --model, set `model` under "
        "`orchestrator:` in the config, or set OPENAI_COMPATIBLE_MODEL"
    )
    monkeypatch.setenv("OPENAI_COMPATIBLE_MODEL", "from-env")
    assert choose_provider("openai-compatible").model_name == "from-env"
    assert choose_provider("openai-compatible", "from-flag").model_name == "from-flag"
    assert "abc123" not in repr(choose_provider("openai-compatible").model)

    with pytest.raises(ProviderError, match="set OPENAI_API_KEY"):
        choose_provider("openai")


@pytest.mark.parametrize(
    ("value", "root"),
    [
        (None, "http://127.0.0.1:11434"),
        ("", "http://127.0.0.1:11434"),
        ("0.0.0.0", "http://0.0.0.0:11434"),
        ("gpu-box:8080", "http://gpu-box:8080"),
        ("http://gpu-box", "http://gpu-box:80"),
        ("https://ollama.example.com/", "https://ollama.example.com:443"),
        ("https://proxy.example.com:8443/ollama/", "https://proxy.example.com:8443/ollama"),
        ("[::1]:11500", "http://[::1]:11500"),
        ("ollama.com", "https://ollama.com:443"),
    ],
)
def test_ollama_host_is_read_as_ollama_reads_it(value: str | None, root: str) -> None:
    from orchestrator.providers._ollama_host import ollama_root_url

    assert ollama_root_url(value) == root


def test_a_provider_sdk_module_is_imported_only_once_chosen() -> None:
    code = textwrap.dedent(
        """
        import json, sys
        from orchestrator.registry import choose_provider

        def loaded():
            return sorted(
                m for m in sys.modules
                if m.startswith("orchestrator.models.") or m in ("openai", "agents")
            )

        choose_provider("offline")
        print(json.dumps(loaded()))
        choose_provider("openai")
        print(json.dumps(loaded()))
        """
    )
    env = {**os.environ, "OPENAI_API_KEY": KEY}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    offline, openai = (json.loads(line) for line in done.stdout.splitlines())
    assert not {"orchestrator.models.openai", "openai"} & set(offline)
    assert {"orchestrator.models.openai", "openai"} <= set(openai)
    assert "agents" not in openai  # no agent runtime on any path
