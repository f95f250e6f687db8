"""The anthropic provider against a loopback fake of the Messages API, through the real SDK."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator.core import Orchestrator
from orchestrator.errors import ProviderError
from orchestrator.messages import ToolResultItem, UserMessage
from orchestrator.models import ModelResponse, ModelSettings
from orchestrator.models.anthropic import AnthropicModel, to_messages
from orchestrator.registry import get_provider
from orchestrator.session import DEFAULT_INSTRUCTIONS
from orchestrator.testing.vendors import FakeVendor
from orchestrator.testing.vendors.anthropic import (
    MODEL,
    error,
    fake_anthropic,
    message,
    text,
    tool_use,
)
from tests.orchestrator.models._history import HISTORY, SCHEMA, model_of
from tests.orchestrator.models._history import respond as respond_with

pytestmark = pytest.mark.processes

KEY = "sk-ant-api03-Zq7fakeKEYforTESTS0123456789"
GATEWAY_KEY = "gw-7f3a9c2e1b5d4a6f"  # a proxy's key: not shaped like a vendor's


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeVendor]:
    for var in ("ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_CUSTOM_HEADERS"):
        monkeypatch.delenv(var, raising=False)
    with fake_anthropic() as server:
        monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        monkeypatch.setenv("ORCHESTRATOR_PROVIDER_ATTEMPTS", "2")
        yield server


async def respond(items: str | list[Any], settings: ModelSettings | None = None) -> ModelResponse:
    return await respond_with(model_of("anthropic", MODEL), items, settings)


def todo_config(write_config: Callable[..., Path], tmp_path: Path) -> Path:
    server = {
        "command": sys.executable,
        "args": ["-m", "servers.todo", "--database-url", f"sqlite:///{tmp_path / 'todo.db'}"],
    }
    return write_config({"todo": server}, {"provider": "anthropic", "model": MODEL})


async def test_a_tool_call_and_a_follow_up_through_the_orchestrator(
    fake: FakeVendor, write_config: Callable[..., Path], tmp_path: Path
) -> None:
    fake.reply(
        message(
            text("I'll add that."),
            tool_use("toolu_01A", "create_todo", {"title": "buy eggs", "priority": "high"}),
        ),
        message(text("Added “buy eggs”, high priority.")),
        message(tool_use("toolu_02B", "list_todos", {"status": "all"})),
        message(text("One todo: buy eggs.")),
    )
    with anyio.fail_after(30):
        async with Orchestrator.from_config(todo_config(write_config, tmp_path)) as orch:
            session = orch.session()
            made = await session.ask("remind me to buy eggs, it's important")
            listed = await session.ask("what's on my list?")
            create_schema = orch.catalogue["create_todo"].input_schema

    assert made.text == "Added “buy eggs”, high priority." and made.provider == "anthropic"
    (created,) = made.tool_calls
    assert (created.tool, created.status) == ("create_todo", "ok")
    todo_id = created.result["todo_id"]

    first, second, third, fourth = (r.body for r in fake.requests)
    assert all(r.path == "/v1/messages" for r in fake.requests)
    assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in fake.requests)
    assert first["model"] == MODEL and first["max_tokens"] == 4096
    assert first["system"].startswith(DEFAULT_INSTRUCTIONS + "\nNow: ")
    tools = {t["name"]: t for t in first["tools"]}
    assert tools["create_todo"]["input_schema"] == create_schema
    assert "title" in create_schema["properties"] and tools["create_todo"]["description"]
    assert first["messages"] == [
        {
            "role": "user",
            "content": [{"type": "text", "text": "remind me to buy eggs, it's important"}],
        }
    ]
    assert second["messages"][1] == {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "I'll add that."},
            {
                "type": "tool_use",
                "id": "toolu_01A",
                "name": "create_todo",
                "input": {"title": "buy eggs", "priority": "high"},
            },
        ],
    }
    (result,) = second["messages"][2]["content"]
    assert second["messages"][2]["role"] == "user"
    assert (result["type"], result["tool_use_id"], result["is_error"]) == (
        "tool_result",
        "toolu_01A",
        False,
    )
    assert json.loads(result["content"])["todo_id"] == todo_id

    # The second request carries the first one's history, converted the same way.
    assert third["messages"][:3] == second["messages"]
    assert third["messages"][3:] == [
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "Added “buy eggs”, high priority."}],
        },
        {"role": "user", "content": [{"type": "text", "text": "what's on my list?"}]},
    ]
    listed_result = fourth["messages"][-1]["content"][0]
    assert listed_result["tool_use_id"] == "toolu_02B"
    (todo,) = json.loads(listed_result["content"])["todos"]  # the server really has it
    assert (todo["todo_id"], todo["title"], todo["priority"]) == (todo_id, "buy eggs", "high")
    assert listed.text == "One todo: buy eggs."


async def test_a_rate_limit_is_retried_then_answered(
    fake: FakeVendor, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake.reply(
        error(429, "Number of request tokens has exceeded your rate limit", {"retry-after": "0"})
    )
    fake.reply(message(text("Sunny."), input_tokens=40, output_tokens=3))
    response = await respond("weather in Paris?")
    assert len(fake.requests) == 2
    assert response.text == "Sunny." and not response.tool_calls
    usage = response.usage
    assert (usage.input_tokens, usage.output_tokens, usage.total_tokens) == (40, 3, 43)
    assert (
        "anthropic (claude-test-1) failed: HTTP 429" in caplog.text
        and "retry 1 of 1" in caplog.text
    )
    assert KEY not in caplog.text


@pytest.mark.parametrize("status", [500, 529])
async def test_a_persistent_server_error_ends_in_a_clear_error(
    fake: FakeVendor, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, status: int
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", GATEWAY_KEY)
    caplog.set_level(logging.DEBUG)
    overloaded = error(status, f"Overloaded (key {GATEWAY_KEY})", {"retry-after": "0"})
    fake.reply(*[overloaded] * 3)
    with pytest.raises(ProviderError) as caught:
        await respond("weather in Paris?")
    message_ = str(caught.value)
    assert message_.startswith(f"anthropic (claude-test-1) failed: HTTP {status}")
    assert "Overloaded (key [redacted])" in message_ and message_.endswith("(after 2 attempts)")
    assert len(fake.requests) == 2
    assert "retry 1 of 1" in caplog.text  # the retry was logged, without the key
    assert GATEWAY_KEY not in message_ and GATEWAY_KEY not in caplog.text


@pytest.mark.parametrize("key", [KEY, GATEWAY_KEY])
@pytest.mark.parametrize("status", [400, 401])
async def test_a_client_error_is_not_retried_and_never_shows_the_key(
    fake: FakeVendor,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    key: str,
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    caplog.set_level(logging.DEBUG)
    fake.reply(error(status, f"invalid x-api-key: {key}"), message(text("unused")))
    with pytest.raises(ProviderError) as caught:
        await respond("weather in Paris?")
    assert len(fake.requests) == 1
    assert str(caught.value).startswith(f"anthropic (claude-test-1) failed: HTTP {status}")
    assert "invalid x-api-key: [redacted]" in str(caught.value)
    assert key not in str(caught.value) and key not in caplog.text


async def test_settings_several_calls_in_one_reply_and_usage(fake: FakeVendor) -> None:
    fake.reply(
        message(
            tool_use("toolu_1", "get_weather", {"city": "Paris"}),
            tool_use("toolu_2", "get_weather", {"city": "Oslo"}),
            input_tokens=50,
            output_tokens=20,
        )
    )
    with pytest.raises(ProviderError, match="does not take temperature; it takes: max_tokens"):
        await respond("Paris and Oslo?", ModelSettings(temperature=0.1))
    assert fake.requests == []  # not a parameter of this Messages API: refused, never sent
    response = await respond("Paris and Oslo?", ModelSettings(max_tokens=300))
    calls = [(i.call_id, i.name, i.arguments) for i in response.items]
    assert calls == [
        ("toolu_1", "get_weather", {"city": "Paris"}),
        ("toolu_2", "get_weather", {"city": "Oslo"}),
    ]
    (request,) = fake.requests
    assert request.body["max_tokens"] == 300
    assert request.body["system"] == "Be brief."
    assert request.body["tools"] == [
        {"name": "get_weather", "description": "The weather in a city", "input_schema": SCHEMA}
    ]
    assert response.usage.total_tokens == 70


async def test_an_empty_reply_is_an_empty_output(fake: FakeVendor) -> None:
    fake.reply(message())
    response = await respond("say nothing")
    assert response.items == []


async def test_a_refusal_without_content_is_a_clear_error(fake: FakeVendor) -> None:
    fake.reply(message(stop_reason="refusal"))
    with pytest.raises(ProviderError, match=r"anthropic \(claude-test-1\).*stop reason refusal"):
        await respond("something unsafe")


def test_history_renders_as_messages_api_blocks() -> None:
    user, calls, results = to_messages(HISTORY)
    assert user == {"role": "user", "content": [text("weather in Paris, Atlantis and Oslo?")]}
    assert calls == {
        "role": "assistant",
        "content": [
            tool_use("c1", "get_weather", {"city": "Paris"}),
            tool_use("c2", "get_weather", {"city": "Atlantis"}),
            tool_use("c3", "get_weather", {"city": "Oslo"}),
        ],
    }
    assert results["role"] == "user"
    clear, failed, empty, follow_up = results["content"]
    assert clear == {
        "type": "tool_result",
        "tool_use_id": "c1",
        "content": '{"sky": "clear"}',
        "is_error": False,
    }
    assert failed == {
        "type": "tool_result",
        "tool_use_id": "c2",
        "content": "no such city",
        "is_error": True,
    }
    assert empty == {"type": "tool_result", "tool_use_id": "c3", "is_error": False}  # no content
    assert follow_up == text("and tomorrow?")  # after the results, as the API requires


def test_tool_results_come_before_text_in_a_user_message() -> None:
    ((message,)) = to_messages([UserMessage("also this"), ToolResultItem("c1", "f", "done")])
    assert [block["type"] for block in message["content"]] == ["tool_result", "text"]


def test_the_key_is_required_and_the_default_model_is_the_registrys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ProviderError, match="set ANTHROPIC_API_KEY"):
        get_provider("anthropic").model(None)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    provider = get_provider("anthropic")
    model = provider.model(None)
    assert isinstance(model, AnthropicModel) and model.name == provider.default_model
    assert KEY not in repr(model)
