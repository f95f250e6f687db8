"""What one agent run produced: the answer's text, the tokens it used, and notes about it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from orchestrator import Usage, cost_of

__all__ = ["Answer"]


@dataclass
class Answer:
    """An agent's answer. ``tokens`` is None when the agent did not say what it used (the
    orchestrator's `Usage`: ``input_tokens`` counts every input token, cached or not, as OpenAI
    and Gemini do; Anthropic-style reports are folded into it; ``output_tokens`` every output
    token, reasoning included); ``total_tokens`` is set instead when the agent reports only a
    total (goose)."""

    content: str
    tokens: Usage | None = None
    model: str | None = None
    warnings: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    total_tokens: int | None = None

    @property
    def used(self) -> int | None:
        """Input plus output tokens, or the total the agent reported; None when it said none."""
        if self.tokens is not None:
            return self.tokens.total_tokens
        return self.total_tokens

    def cost(self, provider: str) -> tuple[float | None, str | None]:
        """What the request cost in USD, and where the figure comes from: the agent's own
        (``total_cost_usd``, Claude Code's) as "cli", else its tokens priced by model as
        "prices"; (None, None) when neither is known (never a guess)."""
        own = self.metadata.get("total_cost_usd")
        if isinstance(own, int | float) and not isinstance(own, bool) and own >= 0:
            return float(own), "cli"
        if self.tokens is None:
            return None, None
        found = cost_of(provider, (self.model,) if self.model else (), self.tokens)
        return (None, None) if found is None else (round(found, 6), "prices")

    def usage(self) -> dict[str, int] | None:
        """The tokens as `metadata.usage` gives them."""
        if self.tokens is not None:
            return {k: v for k, v in asdict(self.tokens).items() if k != "reported"}
        return {"total_tokens": self.total_tokens} if self.total_tokens is not None else None
