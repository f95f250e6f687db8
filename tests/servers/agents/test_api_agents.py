"""The API agents (claude, openai, gemini, deepseek, qwen) and ollama, end to end: a real MCP
client, the server, the orchestrator's provider and model, the vendor's real SDK, and a loopback
server speaking the vendor's wire format."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

from orchestrator.testing.vendors import SILENCE, Reply
from servers._common.sql import Database
from servers.agents.catalog import AGENTS, CAPABILITIES
from servers.agents.service import AgentsService
from servers.agents.sql_repository import TABLES, SqlToolRepository
from tests.servers.agents.conftest import (
    AGENT_VENDORS,
    CANARIES,
    ServiceFactory,
    assert_no_canary,
    call,
    call_error,
    connect,
)

API_AGENTS = list(AGENT_VENDORS)
PROMPT = "Write a function that adds two numbers"


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.DEBUG)
    for name in ("openai", "anthropic", "google_genai", "httpx2", "httpcore2", "orchestrator",
                 "servers", "mcp"):  # fmt: skip
        caplog.set_level(logging.DEBUG, logger=name)
    return caplog


@pytest.mark.parametrize("agent", API_AGENTS)
async def test_each_api_agent_answers_through_its_real_sdk(
    agent: str, make_service: ServiceFactory, logs: pytest.LogCaptureFixture
) -> None:
    vendor = AGENT_VENDORS[agent]
    with vendor.make() as fake:
        fake.reply(*vendor.script(vendor.answer("def add(a, b):\n    return a + b")))
        service = make_service(env=vendor.env(fake))
        with anyio.fail_after(30):
            async with connect(service) as client:
                body = await call(
                    client,
                    "execute_agent_request",
                    {
                        "agent_name": agent,
                        "prompt": PROMPT,
                        "context": {"language": "python", "style": {"typed": True}},
                        "capabilities": ["code_generation", "streaming", "telepathy"],
                        "config": {"max_tokens": 256},
                        "timeout": 20,
                    },
                )

    assert body["status"] == "success" and body["error"] is None
    assert body["content"] == "def add(a, b):\n    return a + b"
    assert body["tokens_used"] == sum(vendor.usage)
    meta = body["metadata"]
    assert meta["model"] == vendor.model
    assert meta["agent_type"] == ("local" if agent == "ollama" else "api")
    assert meta["usage"]["input_tokens"] == vendor.usage[0]
    assert meta["warnings"] == [
        f"{agent} does not have streaming (it has: {', '.join(AGENTS[agent].capabilities)}); "
        "answers come back whole",
        f"unknown capability 'telepathy' (known: {', '.join(CAPABILITIES)}); ignored",
    ]
    (sent,) = vendor.calls(fake)
    assert vendor.user_text(sent.body) == (
        'Context:\n[language]\npython\n\n[style]\n{"typed": true}\n\nRequest:\n' + PROMPT
    )
    assert vendor.system(sent.body).startswith(f"You are {agent}, answering a request")
    assert vendor.max_tokens(sent.body) == 256
    assert vendor.tools(sent.body) == {}  # no tool is registered
    key = CANARIES[vendor.key_var]
    assert key in (sent.headers.get("authorization", "") + sent.headers.get("x-goog-api-key", ""))
    assert_no_canary(logs.text)


@pytest.mark.parametrize("agent", ["openai", "gemini", "deepseek"])
async def test_temperature_reaches_the_agents_that_take_it(
    agent: str, make_service: ServiceFactory
) -> None:
    vendor = AGENT_VENDORS[agent]
    with vendor.make() as fake:
        fake.reply(*vendor.script(vendor.answer("ok")))
        with anyio.fail_after(30):
            async with connect(make_service(env=vendor.env(fake))) as client:
                arguments = {"agent_name": agent, "prompt": "hi", "config": {"temperature": 0.2}}
                await call(client, "execute_agent_request", arguments)
    (sent,) = vendor.calls(fake)
    assert vendor.temperature(sent.body) == 0.2


async def test_config_values_are_checked_naming_the_key(make_service: ServiceFactory) -> None:
    with anyio.fail_after(30):
        async with connect(make_service()) as client:
            too_hot = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "openai", "prompt": "hi", "config": {"temperature": 5}},
            )
            unknown = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "gemini", "prompt": "hi", "config": {"seed": 1}},
            )
            claude = await call_error(
                client,
                "execute_agent_request",
                {"agent_name": "claude", "prompt": "hi", "config": {"top_p": 0.5}},
            )
    assert (too_hot["code"], too_hot["error"]) == (
        "invalid_arguments",
        "config.temperature: must be at most 2.0",
    )
    assert unknown["error"] == (
        "config.seed: gemini cannot honour 'seed' (it takes: model, temperature, top_p, max_tokens)"
    )
    assert claude["code"] == "unsupported_setting"
    assert (
        claude["error"]
        == "config.top_p: claude cannot honour 'top_p' (it takes: model, max_tokens)"
    )


@pytest.mark.parametrize("agent", API_AGENTS)
async def test_an_api_error_keeps_its_status_and_message_but_never_the_key(
    agent: str, make_service: ServiceFactory, logs: pytest.LogCaptureFixture
) -> None:
    vendor = AGENT_VENDORS[agent]
    key = CANARIES[vendor.key_var]
    with vendor.make() as fake:
        fake.reply(*vendor.script(vendor.failure(401, f"Incorrect API key provided: {key}")))
        with anyio.fail_after(30):
            async with connect(make_service(env=vendor.env(fake))) as client:
                body = await call_error(
                    client, "execute_agent_request", {"agent_name": agent, "prompt": "hi"}
                )
    assert body["code"] == "api_error"
    assert body["metadata"]["http_status"] == 401
    assert "failed: HTTP 401" in body["error"]
    assert "Incorrect API key provided: [redacted]" in body["error"]
    assert len(vendor.calls(fake)) == 1  # a 401 is not retried
    assert_no_canary(str(body))
    assert_no_canary(logs.text)


async def test_an_api_agent_that_does_not_answer_in_time_times_out(
    make_service: ServiceFactory,
) -> None:
    vendor = AGENT_VENDORS["openai"]
    release = threading.Event()

    def slow(request: Any) -> Reply:
        release.wait(20)
        return Reply(status=500, body={"error": {"message": "too late"}})

    with vendor.make() as fake:
        fake.reply(slow)
        try:
            with anyio.fail_after(30):
                async with connect(make_service(env=vendor.env(fake))) as client:
                    body = await call_error(
                        client,
                        "execute_agent_request",
                        {"agent_name": "openai", "prompt": "hi", "timeout": 1},
                    )
        finally:
            release.set()
    assert (body["code"], body["error"]) == ("timeout", "openai gave no answer within 1s")
    assert body["execution_time"] >= 1


async def test_a_provider_that_never_answers_fails_at_its_configured_timeout(
    make_service: ServiceFactory, orchestrator_config: Path, tmp_path: Path
) -> None:
    vendor = AGENT_VENDORS["openai"]
    config = yaml.safe_load(orchestrator_config.read_text())
    config["openai"] = {"timeout_seconds": 0.5}  # the orchestrator config's, as a user sets it
    path = tmp_path / "slow-provider.yaml"
    path.write_text(yaml.safe_dump(config))
    with vendor.make() as fake:
        fake.reply(SILENCE)
        with anyio.fail_after(30):
            async with connect(make_service(env=vendor.env(fake), config=path)) as client:
                body = await call_error(
                    client,
                    "execute_agent_request",
                    {"agent_name": "openai", "prompt": "hi", "timeout": 20},
                )
    assert (body["code"], body["error"]) == (
        "api_error",
        "openai (gpt-4.1-mini) did not answer within 0.5s (set by `timeout_seconds` under "
        "`openai:` in the config; raise it to wait longer)",
    )
    assert body["execution_time"] < 20 and len(fake.routed) == 1  # asked once, not four times


async def test_an_api_agent_is_operative_once_its_key_is_set(
    make_service: ServiceFactory,
) -> None:
    without = make_service(env={"ANTHROPIC_API_KEY": ""})
    with_key = make_service()
    with anyio.fail_after(30):
        async with connect(without) as client:
            missing = await call(client, "probe_agent_status", {"agent_name": "claude"})
            refused = await call_error(
                client, "execute_agent_request", {"agent_name": "claude", "prompt": "hi"}
            )
        async with connect(with_key) as client:
            present = await call(client, "probe_agent_status", {"agent_name": "claude"})
            listed = await call(
                client,
                "list_available_agents",
                {"include_status": True, "capability_filter": "tool_use"},
            )
    assert (missing["status"], missing["detail"]) == ("key_missing", "set ANTHROPIC_API_KEY")
    assert refused["code"] == "agent_not_operative"
    assert refused["error"] == "claude is not operative (key_missing): set ANTHROPIC_API_KEY"
    assert present["status"] == "operative"
    assert present["detail"] == "ANTHROPIC_API_KEY is set"  # where, never a character of it
    by_name = {a["name"]: a for a in listed["agents"]}
    assert list(by_name) == ["claude", "openai", "gemini", "deepseek", "qwen", "ollama", "offline"]
    assert listed["total_count"] == 7
    assert by_name["claude"]["status"] == "operative"
    assert by_name["ollama"]["status"] == "unreachable"
    assert by_name["offline"]["status"] == "operative"
    assert all(a["registered_tools"] == [] and a["latency_ms"] >= 0 for a in listed["agents"])


async def test_each_agent_has_a_rate_limit_that_says_when_to_retry(
    make_service: ServiceFactory,
) -> None:
    vendor = AGENT_VENDORS["openai"]
    with vendor.make() as fake:
        fake.reply(vendor.answer("one"), vendor.answer("two"))
        with anyio.fail_after(30):
            async with connect(make_service(env=vendor.env(fake), rate_limit=2)) as client:
                arguments = {"agent_name": "openai", "prompt": "hi"}
                first = await call(client, "execute_agent_request", arguments)
                second = await call(client, "execute_agent_request", arguments)
                third = await call_error(client, "execute_agent_request", arguments)
                other = await call_error(
                    client, "execute_agent_request", {"agent_name": "offline", "prompt": "hi"}
                )
    assert (first["content"], second["content"]) == ("one", "two")
    assert third["code"] == "rate_limited"
    assert third["error"].startswith(
        "rate limit reached for openai: 2 requests per minute (AGENTS_RATE_LIMIT); retry in "
    )
    assert 0 < third["metadata"]["retry_after_seconds"] <= 60
    assert len(fake.requests) == 2
    assert other["code"] == "no_tools"  # another agent's limit is its own


async def test_ollama_is_probed_by_its_model_list(make_service: ServiceFactory) -> None:
    vendor = AGENT_VENDORS["ollama"]
    with vendor.make() as fake:
        fake.reply(*vendor.prelude)
        with anyio.fail_after(30):
            async with connect(make_service(env=vendor.env(fake))) as client:
                up = await call(client, "probe_agent_status", {"agent_name": "ollama"})
    root = f"http://127.0.0.1:{fake.port}"
    assert up["status"] == "operative"
    assert up["detail"] == f"answering at {root}; 2 models: llama3.2:latest, qwen2.5:7b"
    assert fake.requests[0].path == "/api/tags"
    async with connect(make_service(env=vendor.env(fake))) as client:  # the fake has stopped
        down = await call(client, "probe_agent_status", {"agent_name": "ollama"})
    assert down["status"] == "unreachable"
    assert down["detail"].startswith(f"nothing answering at {root}")


async def test_the_rate_limit_window_slides_with_the_clock(
    sqlite_url: str, environ: dict[str, str]
) -> None:
    now = [1000.0]
    db = Database.open(sqlite_url, tables=TABLES)
    service = AgentsService(
        SqlToolRepository(db), environ=environ, orchestrator=None, rate_limit=1,
        clock=lambda: now[0],
    )  # fmt: skip
    arguments = {"agent_name": "offline", "prompt": "hi"}
    codes = []
    try:
        async with connect(service) as client:
            for advance in (0.0, 45.0, 15.0):
                now[0] += advance
                codes.append(await call_error(client, "execute_agent_request", arguments))
    finally:
        db.close()
    assert [c["code"] for c in codes] == ["no_tools", "rate_limited", "no_tools"]
    assert codes[1]["metadata"]["retry_after_seconds"] == 15.0
    assert codes[1]["error"].endswith("retry in 15.0s")
