"""What one agent run produced: the answer's text, the tokens it used, and notes about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Answer", "Tokens"]


@dataclass(frozen=True)
class Tokens:
    """Tokens as the agent reported them. ``input`` counts every input token, cached or not
    (OpenAI's and Gemini's convention; Anthropic-style reports are folded into it), ``output``
    every output token, reasoning included."""

    input: int = 0
    output: int = 0
    cached: int = 0
    cache_write: int = 0
    reasoning: int = 0
    total: int | None = None
    """Set when the agent reports only a total (goose)."""

    @property
    def used(self) -> int:
        return self.total if self.total is not None else self.input + self.output

    def __add__(self, other: Tokens) -> Tokens:
        return Tokens(
            self.input + other.input,
            self.output + other.output,
            self.cached + other.cached,
            self.cache_write + other.cache_write,
            self.reasoning + other.reasoning,
        )

    def as_metadata(self) -> dict[str, int]:
        if self.total is not None:
            return {"total_tokens": self.total}
        return {
            "input_tokens": self.input,
            "output_tokens": self.output,
            "cached_tokens": self.cached,
            "cache_write_tokens": self.cache_write,
            "reasoning_tokens": self.reasoning,
        }


@dataclass
class Answer:
    """An agent's answer. ``tokens`` is None when the agent did not say what it used."""

    content: str
    tokens: Tokens | None = None
    model: str | None = None
    warnings: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
