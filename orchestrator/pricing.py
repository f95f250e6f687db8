"""What a request cost: its tokens priced by a small table per model, which the config overrides.

```yaml
orchestrator:
  prices:                        # USD per million tokens; a model here wins over the table
    gpt-4.1-mini: {input: 0.40, output: 1.60, cached_input: 0.10}
    my-local-model: {input: 0, output: 0}
```

A model is found by its name as the provider was asked for it (`gpt-4.1-mini`), else as the
vendor answered (`gpt-4.1-mini-2025-04-14`: the longest name in the table it starts with). A
model in neither is priced `None`: unknown, never guessed. The offline router costs nothing.
Cached input tokens are priced at `cached_input` (else `input`), tokens written to a cache at
`cache_write` (else `input`); `Usage.input_tokens` counts them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from orchestrator.models import Usage

__all__ = ["PRICES", "PRICES_AS_OF", "Price", "Spend", "cost_of"]


class Price(BaseModel):
    """A model's list price, in USD per million tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    input: float = Field(ge=0, description="Per million input tokens")
    output: float = Field(ge=0, description="Per million output tokens")
    cached_input: float | None = Field(
        default=None, ge=0, description="Per million input tokens read from a cache"
    )
    cache_write: float | None = Field(
        default=None, ge=0, description="Per million input tokens written to a cache"
    )


PRICES_AS_OF = "2025-11"
"""When the table's list prices were read from the vendors' pricing pages (Anthropic's again in
2026-11)."""

PRICES: Mapping[str, Price] = {
    "gpt-4.1": Price(input=2.00, output=8.00, cached_input=0.50),
    "gpt-4.1-mini": Price(input=0.40, output=1.60, cached_input=0.10),
    "gpt-4.1-nano": Price(input=0.10, output=0.40, cached_input=0.025),
    "gpt-4o": Price(input=2.50, output=10.00, cached_input=1.25),
    "gpt-4o-mini": Price(input=0.15, output=0.60, cached_input=0.075),
    # Anthropic's rows read again 2026-11 (platform.claude.com/docs/en/about-claude/pricing;
    # cache writes at the 5-minute rate). Haiku 5.5 is priced by prompt length: not listed.
    "claude-fable-5": Price(input=10.00, output=50.00, cached_input=1.00, cache_write=12.50),
    "claude-fable-5-1": Price(input=10.00, output=50.00, cached_input=0.25, cache_write=12.50),
    "claude-mythos-5": Price(input=10.00, output=50.00, cached_input=1.00, cache_write=12.50),
    "claude-mythos-5-1": Price(input=10.00, output=50.00, cached_input=0.25, cache_write=12.50),
    "claude-opus-5-5": Price(input=4.00, output=20.00, cached_input=0.20, cache_write=5.00),
    "claude-opus-5": Price(input=5.00, output=25.00, cached_input=0.50, cache_write=6.25),
    "claude-opus-4-5": Price(input=5.00, output=25.00, cached_input=0.50, cache_write=6.25),
    "claude-opus-4-6": Price(input=5.00, output=25.00, cached_input=0.50, cache_write=6.25),
    "claude-opus-4-7": Price(input=5.00, output=25.00, cached_input=0.50, cache_write=6.25),
    "claude-opus-4-8": Price(input=5.00, output=25.00, cached_input=0.50, cache_write=6.25),
    "claude-opus-4": Price(input=15.00, output=75.00, cached_input=1.50, cache_write=18.75),
    "claude-sonnet-5-5": Price(input=2.00, output=10.00, cached_input=0.10, cache_write=2.50),
    "claude-sonnet-5": Price(input=2.00, output=10.00, cached_input=0.20, cache_write=2.50),
    "claude-sonnet-4": Price(input=3.00, output=15.00, cached_input=0.30, cache_write=3.75),
    "claude-haiku-4-5": Price(input=1.00, output=5.00, cached_input=0.10, cache_write=1.25),
    "claude-3-5-haiku": Price(input=0.80, output=4.00, cached_input=0.08, cache_write=1.00),
    "gemini-2.5-pro": Price(input=1.25, output=10.00, cached_input=0.31),
    "gemini-2.5-flash": Price(input=0.30, output=2.50, cached_input=0.075),
    "gemini-2.5-flash-lite": Price(input=0.10, output=0.40, cached_input=0.025),
}


def _price(model: str, prices: Mapping[str, Price]) -> Price | None:
    if model in prices:
        return prices[model]
    fits = [name for name in prices if model.startswith(name)]
    return prices[max(fits, key=len)] if fits else None


def cost_of(
    provider: str,
    models: tuple[str, ...],
    usage: Usage,
    prices: Mapping[str, Price] | None = None,
) -> float | None:
    """The cost in USD of `usage` on the first of `models` (the name asked for, the name the
    vendor answered with) that has a price: the config's `prices`, then the table. None when
    unknown (no price, or the model reported no tokens)."""
    if provider == "offline":
        return 0.0
    if not usage.reported:
        return None
    table = {**PRICES, **(prices or {})}
    found = next((p for m in models if m and (p := _price(m, table)) is not None), None)
    if found is None:
        return None
    cached, written = usage.cached_tokens, usage.cache_write_tokens
    fresh = max(usage.input_tokens - cached - written, 0)
    total = (
        fresh * found.input
        + cached * (found.input if found.cached_input is None else found.cached_input)
        + written * (found.input if found.cache_write is None else found.cache_write)
        + usage.output_tokens * found.output
    )
    return total / 1_000_000


@dataclass(frozen=True)
class Spend:
    """Tokens and their cost (None: unknown) of a request, or of a conversation so far."""

    usage: Usage = field(default_factory=lambda: Usage(reported=False))
    cost: float | None = 0.0

    def __add__(self, other: Spend) -> Spend:
        cost = None if self.cost is None or other.cost is None else self.cost + other.cost
        return Spend(self.usage + other.usage, cost)

    def as_dict(self) -> dict[str, object]:
        """As the `--json` transcript writes it."""
        usage = self.usage
        return {
            "input_tokens": usage.input_tokens,
            "output_tokens": usage.output_tokens,
            "cached_tokens": usage.cached_tokens,
            "cache_write_tokens": usage.cache_write_tokens,
            "reasoning_tokens": usage.reasoning_tokens,
            "total_tokens": usage.total_tokens,
            "reported": usage.reported,
            "cost_usd": None if self.cost is None else round(self.cost, 6),
        }

    def line(self) -> str:
        """One line for people: `1,234 tokens in, 56 out · $0.0012` (or `cost unknown`)."""
        usage = self.usage
        tokens = (
            f"{usage.input_tokens:,} tokens in, {usage.output_tokens:,} out"
            if usage.reported
            else "tokens not reported"
        )
        cost = "cost unknown" if self.cost is None else f"${self.cost:.4f}"
        return f"{tokens} · {cost}"
