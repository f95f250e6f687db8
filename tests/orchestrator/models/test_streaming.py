"""Streaming from Anthropic's and Gemini's native SDKs against the loopback fakes of their
streaming endpoints: the words as they come, then the whole reply (text, tool calls, usage); and a
session that streams a tool call's answer through a real server."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from orchestrator import Orchestrator, load_config
from orchestrator.errors import ProviderError
from orchestrator.messages import UserMessage
from orchestrator.models import Model, ModelRequest, ModelResponse, StreamingModel, TextDelta
from orchestrator.registry import get_provider
from orchestrator.testing import server_entry
from orchestrator.testing.vendors import anthropic as claude
from orchestrator.testing.vendors import gemini
from tests.orchestrator.models._history import WEATHER

pytestmark = pytest.mark.processes


async def collect(model: Model, text: str = "weather in Paris?") -> list[Any]:
    assert isinstance(model, StreamingModel)
    request = ModelRequest("Be brief.", [UserMessage(text)], [WEATHER])
    with anyio.fail_after(60):
        return [event async for event in model.stream(request)]


@pytest.fixture
def anthropic_model(monkeypatch: pytest.MonkeyPatch) -> Any:
    with claude.fake_anthropic() as fake:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-key-0123456789")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        yield fake, get_provider("anthropic").model(claude.MODEL, None)


@pytest.fixture
def gemini_model(monkeypatch: pytest.MonkeyPatch) -> Any:
    with gemini.fake_gemini() as fake:
        monkeypatch.setenv("GEMINI_API_KEY", "AIza-test-key-0123456789")
        monkeypatch.setenv("GEMINI_BASE_URL", fake.url)
        yield fake, get_provider("gemini").model(gemini.MODEL, None)


async def test_anthropic_streams_text_then_the_whole_reply(anthropic_model: Any) -> None:
    fake, model = anthropic_model
    fake.reply(claude.stream_message("Sunny", " and ", "warm.", output_tokens=5))
    *deltas, response = await collect(model)
    assert deltas == [TextDelta("Sunny"), TextDelta(" and "), TextDelta("warm.")]
    assert isinstance(response, ModelResponse) and response.text == "Sunny and warm."
    assert (response.usage.input_tokens, response.usage.output_tokens) == (25, 5)
    assert fake.requests[0].body["stream"] is True
    assert fake.requests[0].body["tools"][0]["name"] == "get_weather"


async def test_anthropic_streams_a_tool_call(anthropic_model: Any) -> None:
    fake, model = anthropic_model
    fake.reply(
        claude.stream_message(
            "Checking.", claude.tool_use("toolu_1", "get_weather", {"city": "Paris"})
        )
    )
    *deltas, response = await collect(model)
    assert deltas == [TextDelta("Checking.")]
    (call,) = response.tool_calls
    assert (call.call_id, call.name, call.arguments) == (
        "toolu_1",
        "get_weather",
        {"city": "Paris"},
    )


async def test_anthropic_stream_errors_are_provider_errors(anthropic_model: Any) -> None:
    fake, model = anthropic_model
    fake.reply(claude.error(400, "messages: at least one message is required"))
    with pytest.raises(ProviderError) as caught:
        await collect(model)
    assert "anthropic (claude-test-1) failed: HTTP 400" in str(caught.value)
    assert "sk-ant-test-key" not in str(caught.value)


async def test_gemini_streams_text_then_the_whole_reply(gemini_model: Any) -> None:
    fake, model = gemini_model
    fake.reply(gemini.stream_content("Sunny", " and warm."))
    *deltas, response = await collect(model)
    assert deltas == [TextDelta("Sunny"), TextDelta(" and warm.")]
    assert response.text == "Sunny and warm." and not response.tool_calls
    assert response.usage.input_tokens == 31
    (sent,) = fake.requests
    assert ":streamGenerateContent" in sent.path and "alt=sse" in sent.path


async def test_gemini_streams_a_tool_call(gemini_model: Any) -> None:
    fake, model = gemini_model
    fake.reply(
        gemini.stream_content("Checking.", gemini.function_call("get_weather", {"city": "Oslo"}))
    )
    *deltas, response = await collect(model)
    assert deltas == [TextDelta("Checking.")]
    (call,) = response.tool_calls
    assert (call.name, call.arguments) == ("get_weather", {"city": "Oslo"})


async def test_gemini_stream_errors_are_provider_errors(gemini_model: Any) -> None:
    fake, model = gemini_model
    fake.reply(gemini.error(400, "bad schema"))
    with pytest.raises(ProviderError) as caught:
        await collect(model)
    assert "gemini (gemini-test-1) failed: HTTP 400" in str(caught.value)


async def test_a_session_streams_the_answer_after_a_tool_call(
    anthropic_model: Any, write_config: Callable[..., Path], notes_file: Path
) -> None:
    fake, _ = anthropic_model
    fake.reply(
        claude.stream_message(claude.tool_use("toolu_1", "jot_note", {"headline": "eggs"})),
        claude.stream_message("Noted: ", "eggs."),
    )
    notes = server_entry("notes", env={"NOTES_FILE": str(notes_file)})
    path = write_config({"notes": notes}, {"provider": "anthropic", "model": claude.MODEL})
    pieces: list[str] = []
    with anyio.fail_after(30):
        async with Orchestrator(load_config(path)) as orch:
            result = await orch.session().ask("note: eggs", on_text=pieces.append)
    assert pieces == ["Noted: ", "eggs."] and result.text == "Noted: eggs."
    assert [(c.tool, c.status) for c in result.tool_calls] == [("jot_note", "ok")]
    assert all(r.body["stream"] is True for r in fake.requests)
