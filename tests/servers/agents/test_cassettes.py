"""The API and local agents' exchanges, replayed from vcrpy cassettes with the network blocked,
through a real MCP client, the server and each vendor's real SDK: an answer, a registered tool
called on a real MCP server (the echo server, so every exchange is the same each time), and a
rejected key (see ``tests/_cassettes.py``).

Re-record one agent against its real API with a real key, for instance::

    ANTHROPIC_API_KEY=sk-ant-... .venv/bin/python -m pytest \\
        tests/servers/agents/test_cassettes.py -k claude --record-mode=rewrite
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

from orchestrator.testing import server_entry
from tests._cassettes import assert_key_free, cassette_target, vcr_settings
from tests.servers.agents.conftest import (
    AGENT_VENDORS,
    CANARIES,
    ServiceFactory,
    call,
    call_error,
    connect,
)

pytestmark = pytest.mark.processes

AGENTS = list(AGENT_VENDORS)
CASSETTES = Path(__file__).parent / "cassettes" / "test_cassettes"
PROMPT = "In one sentence: what is a Python list comprehension?"
REPORT = {"city": "Paris", "temperature_c": 18, "sky": "sunny"}
WEATHER = {
    "tool_name": "weather",
    "tool_spec": {
        "description": 'Today\'s weather report for a city: pass {"body": {"city": NAME}}',
        "input_schema": {
            "type": "object",
            "properties": {"body": {"type": "object", "description": '{"city": NAME}'}},
            "required": ["body"],
        },
        "binding": {"mcp": {"server": "echo", "tool": "reply"}},
    },
}
MODEL = {"claude": {"model": "claude-haiku-4-5"}}  # the SDK warns about the default one


@pytest.fixture
def vcr_config() -> dict[str, Any]:
    return vcr_settings(CANARIES.values())


@pytest.fixture
def echo_config(tmp_path: Path) -> Path:
    """An orchestrator config with the echo server, whose tool replies with what it is given."""
    path = tmp_path / "echo.yaml"
    path.write_text(yaml.safe_dump({"mcp": {"servers": {"echo": server_entry("echo")}}}))
    return path


@pytest.mark.vcr
@pytest.mark.block_network
@pytest.mark.parametrize("agent", AGENTS)
async def test_an_answer_replays(
    agent: str, record_mode: str, monkeypatch: pytest.MonkeyPatch, make_service: ServiceFactory
) -> None:
    vendor = AGENT_VENDORS[agent]
    replies = [vendor.answer("It builds a list from an iterable in one expression.")]
    key = CANARIES[vendor.key_var]
    with cassette_target(vendor, record_mode, monkeypatch, replies, key=key) as target:
        with anyio.fail_after(60):
            async with connect(make_service(env=target.env)) as client:
                arguments = {"agent_name": agent, "prompt": PROMPT, "config": MODEL.get(agent, {})}
                body = await call(client, "execute_agent_request", arguments)
    assert body["status"] == "success" and "list" in body["content"].lower()
    assert body["tokens_used"] and body["tokens_used"] > 0
    assert body["metadata"]["model"]


@pytest.mark.vcr
@pytest.mark.block_network
@pytest.mark.parametrize("agent", AGENTS)
async def test_a_registered_tool_round_trip_replays(
    agent: str,
    record_mode: str,
    monkeypatch: pytest.MonkeyPatch,
    make_service: ServiceFactory,
    echo_config: Path,
) -> None:
    vendor = AGENT_VENDORS[agent]

    def answer(request: Any) -> Any:
        text, failed = vendor.tool_result(request.body)
        scripted = vendor.answer(f"{json.loads(text)['temperature_c']}°C, sunny (failed={failed})")
        return scripted(request) if callable(scripted) else scripted

    replies = [vendor.call("weather", {"body": {"city": "Paris", **REPORT}}), answer]
    key = CANARIES[vendor.key_var]
    with cassette_target(vendor, record_mode, monkeypatch, replies, key=key) as target:
        service = make_service(env=target.env, config=echo_config)
        with anyio.fail_after(60):
            async with connect(service) as client:
                await call(client, "register_tool_with_agent", {**WEATHER, "agent_name": agent})
                body = await call(
                    client,
                    "execute_agent_request",
                    {
                        "agent_name": agent,
                        "prompt": "What's the weather in Paris today? Use the weather tool.",
                        "config": MODEL.get(agent, {}),
                    },
                )
    assert "18" in body["content"]
    (used,) = body["metadata"]["tool_calls"]
    binding = {"server": "echo", "tool": "reply"}
    assert used == {"tool": "weather", "binding": binding, "status": "ok"}


@pytest.mark.vcr
@pytest.mark.block_network
@pytest.mark.parametrize("agent", [a for a in AGENTS if a != "ollama"])  # takes any key
async def test_a_rejected_key_replays_without_the_key(
    agent: str, record_mode: str, monkeypatch: pytest.MonkeyPatch, make_service: ServiceFactory
) -> None:
    vendor = AGENT_VENDORS[agent]
    key = CANARIES[vendor.key_var]
    replies = [vendor.failure(401, f"Incorrect API key provided: {key}")]
    with cassette_target(
        vendor, record_mode, monkeypatch, replies, key=key, real_key=False
    ) as target:
        with anyio.fail_after(60):
            async with connect(make_service(env=target.env)) as client:
                body = await call_error(
                    client,
                    "execute_agent_request",
                    {"agent_name": agent, "prompt": "hi", "config": MODEL.get(agent, {})},
                )
    assert body["code"] == "api_error" and 400 <= body["metadata"]["http_status"] < 500
    assert key not in json.dumps(body)


def test_every_cassette_is_committed_and_holds_no_key() -> None:
    assert assert_key_free(CASSETTES, CANARIES.values()) == 3 * len(AGENTS) - 1
