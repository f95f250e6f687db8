"""Tokens and cost: priced by the table or the config's `prices`, unknown when neither has the
model, summed per conversation, and written in the `--json` transcript."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from orchestrator import AssistantMessage, ModelResponse, Orchestrator, Usage, load_config
from orchestrator.errors import ConfigError
from orchestrator.pricing import PRICES, Price, Spend, cost_of
from orchestrator.testing import ScriptedModel
from orchestrator.transcript import Transcript


def test_cost_prices_fresh_cached_and_written_input_apart() -> None:
    usage = Usage(1_000_000, 100_000, cached_tokens=400_000, cache_write_tokens=100_000)
    price = PRICES["claude-sonnet-4"]  # 3 in, 15 out, 0.30 cached, 3.75 written
    expected = 0.5 * 3 + 0.4 * 0.30 + 0.1 * 3.75 + 0.1 * 15
    assert cost_of("anthropic", ("claude-sonnet-4-6",), usage) == pytest.approx(expected)
    assert price.cached_input == 0.30
    # the name the vendor answered with, dated, finds the table's entry
    assert cost_of("openai", ("", "gpt-4.1-mini-2025-04-14"), Usage(1_000_000, 0)) == 0.40
    # the longest name that fits wins: gpt-4.1-mini is not priced as gpt-4.1
    assert cost_of("openai", ("gpt-4.1-mini",), Usage(0, 1_000_000)) == 1.60
    # Opus 4.5 and later cost a third of Opus 4 and 4.1, dated or not
    opus = Usage(1_000_000, 0)
    assert cost_of("anthropic", ("claude-opus-4-20250514",), opus) == 15.00
    assert cost_of("anthropic", ("claude-opus-4-1-20250805",), opus) == 15.00
    assert cost_of("anthropic", ("claude-opus-4-5-20251101",), opus) == 5.00
    assert cost_of("anthropic", ("claude-opus-5-5",), opus) == 4.00


def test_cost_is_unknown_rather_than_guessed() -> None:
    assert cost_of("openai", ("some-new-model",), Usage(10, 10)) is None
    assert cost_of("anthropic", ("claude-haiku-5-5",), Usage(10, 10)) is None  # tiered: unlisted
    assert cost_of("openai", ("gpt-4.1",), Usage(reported=False)) is None
    assert cost_of("offline", ("offline",), Usage(reported=False)) == 0.0
    mine = {"some-new-model": Price(input=1, output=2)}
    assert cost_of("openai", ("some-new-model",), Usage(1_000_000, 1_000_000), mine) == 3.0
    assert (Spend(Usage(1, 1), 0.5) + Spend(Usage(1, 1), None)).cost is None
    assert Spend(Usage(1_234, 56), 0.0012).line() == "1,234 tokens in, 56 out · $0.0012"
    assert Spend(Usage(reported=False), None).line() == "tokens not reported · cost unknown"


async def test_a_conversation_sums_its_requests_cost_with_the_configs_prices(
    write_config: Callable[..., Path],
) -> None:
    path = write_config({}, {"prices": {"house-model": {"input": 2.0, "output": 10.0}}})
    model = ScriptedModel(
        ModelResponse([AssistantMessage("One.")], Usage(500_000, 100_000)),
        ModelResponse([AssistantMessage("Two.")], Usage(250_000, 0)),
        name="house-model",
    )
    with anyio.fail_after(60):
        async with Orchestrator(load_config(path), model=model) as orch:
            session = orch.session()
            first = await session.ask("one")
            second = await session.ask("two")
    assert first.cost == pytest.approx(2.0) and second.cost == pytest.approx(0.5)
    assert second.conversation.cost == pytest.approx(2.5)
    assert second.conversation.usage.total_tokens == 850_000
    dumped = Transcript.of(second, "two").dump()
    assert dumped["usage"]["cost_usd"] == 0.5 and dumped["usage"]["input_tokens"] == 250_000
    assert dumped["conversation_usage"]["cost_usd"] == 2.5


def test_a_bad_price_in_the_config_names_the_key(write_config: Callable[..., Path]) -> None:
    path = write_config({}, {"prices": {"m": {"input": -1, "output": 1}}})
    with pytest.raises(ConfigError, match=r"orchestrator\.prices\.m\.input"):
        load_config(path)
