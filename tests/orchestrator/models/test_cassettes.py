"""Every provider's exchanges replayed from vcrpy cassettes through its real SDK, with the network
blocked: a tool call, its answer, and a rejected key (see ``tests/_cassettes.py``).

Re-record one provider against its real API with a real key, for instance::

    OPENAI_API_KEY=sk-... .venv/bin/python -m pytest \\
        tests/orchestrator/models/test_cassettes.py -k openai --record-mode=rewrite

The assertions hold for a real model's answers as well as for the fake's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from orchestrator.errors import ProviderError
from orchestrator.messages import ToolResultItem, UserMessage
from tests._cassettes import assert_key_free, cassette_target, vcr_settings
from tests._vendors import VENDORS
from tests.orchestrator.models._history import model_of, respond

PROVIDERS = ["openai", "anthropic", "gemini", "openai-compatible", "ollama", "deepseek", "qwen"]
KEY = "canary-cassette-key-3c9d1f0a"
QUESTION = "What is the weather in Paris? Use the get_weather tool."
RESULT = '{"temperature_c": 18, "sky": "sunny"}'
CASSETTES = Path(__file__).parent / "cassettes" / "test_cassettes"


@pytest.fixture
def vcr_config() -> dict[str, Any]:
    return vcr_settings([KEY])


def _model(provider: str, attempts: int = 1) -> Any:
    # The fake Anthropic's model: the SDK warns that the default one is deprecated.
    name = "claude-haiku-4-5" if provider == "anthropic" else None
    return model_of(provider, name, attempts=attempts)


@pytest.mark.vcr
@pytest.mark.block_network
@pytest.mark.parametrize("provider", PROVIDERS)
async def test_a_tool_call_and_its_answer_replay_through_the_real_sdk(
    provider: str, record_mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    vendor = VENDORS[provider]
    replies = [
        vendor.call("get_weather", {"city": "Paris"}),
        vendor.answer("It is 18°C and sunny in Paris."),
    ]
    with cassette_target(vendor, record_mode, monkeypatch, replies, key=KEY, probe=False):
        model = _model(provider)
        first = await respond(model, QUESTION)
        (call,) = first.tool_calls
        history = [
            UserMessage(QUESTION),
            *first.items,
            ToolResultItem(call.call_id, call.name, RESULT),
        ]
        second = await respond(model, history)
    assert call.name == "get_weather" and "paris" in str(call.arguments["city"]).lower()
    assert "18" in second.text and not second.tool_calls
    assert first.usage.reported and second.usage.total_tokens > 0


@pytest.mark.vcr
@pytest.mark.block_network
@pytest.mark.parametrize("provider", [p for p in PROVIDERS if p != "ollama"])  # takes any key
async def test_a_rejected_key_replays_as_an_error_without_the_key(
    provider: str, record_mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    vendor = VENDORS[provider]
    replies = [vendor.failure(401, f"Incorrect API key provided: {KEY}")]
    with (
        cassette_target(
            vendor, record_mode, monkeypatch, replies, key=KEY, real_key=False, probe=False
        ),
        pytest.raises(ProviderError) as caught,
    ):
        await respond(_model(provider, attempts=2), "hi")
    message = str(caught.value)
    assert re.search(r"failed: HTTP 4\d\d", message), message
    assert KEY not in message


def test_every_cassette_is_committed_and_holds_no_key() -> None:
    count = assert_key_free(CASSETTES, [KEY])
    assert count == 2 * len(PROVIDERS) - 1
