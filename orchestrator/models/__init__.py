"""The model seam: what the orchestrator asks of a model, and what a model answers.

```python
class Model(Protocol):
    name: str
    async def respond(self, request: ModelRequest) -> ModelResponse: ...
```

A `ModelRequest` carries the system instructions, the conversation (`orchestrator.messages`), the
tools on offer (`ToolDefinition`: name, description, JSON Schema) and the settings; a
`ModelResponse` carries the model's new items (an `AssistantMessage` and/or `ToolCallItem`s)
and the tokens used. The session runs the tools and asks again until the model answers in words.
A model that can stream also has `stream(request)`, yielding `TextDelta`s and then the
`ModelResponse` (`StreamingModel`).

Implementations: `orchestrator.models.openai` (OpenAI's Chat Completions: OpenAI, any compatible
endpoint, Ollama), `orchestrator.models.anthropic`, `orchestrator.models.gemini`, the offline
router (`orchestrator.offline`), and `orchestrator.testing.ScriptedModel`. Each vendor module
imports its SDK at the top, so importing it is the cost of choosing it; this module imports
nothing heavy. Providers (`orchestrator.providers`) make models from settings.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from orchestrator.messages import AssistantMessage, Item, ToolCallItem

__all__ = [
    "Model",
    "ModelRequest",
    "ModelResponse",
    "ModelSettings",
    "StreamingModel",
    "TextDelta",
    "ToolDefinition",
    "Usage",
]


@dataclass(frozen=True)
class ToolDefinition:
    """A tool as a model sees it. `destructive` and `read_only` come from the MCP annotations;
    `server` names the server that offers it (empty when it is not an MCP server's)."""

    name: str
    description: str
    input_schema: dict[str, Any]
    destructive: bool = False
    read_only: bool = False
    server: str = ""


@dataclass(frozen=True)
class ModelSettings:
    """Sampling settings; None means the model's own default."""

    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None


@dataclass(frozen=True)
class ModelRequest:
    """One model turn: instructions, the conversation so far, the tools on offer."""

    instructions: str
    history: Sequence[Item]
    tools: Sequence[ToolDefinition] = ()
    settings: ModelSettings = field(default_factory=ModelSettings)


@dataclass(frozen=True)
class Usage:
    """Tokens one response used, as the vendor reported them (0 when it did not say), or a
    request's, summed over its turns (`+`): `reported` when any turn's was."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    reasoning_tokens: int = 0
    reported: bool = True

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cached_tokens + other.cached_tokens,
            self.cache_write_tokens + other.cache_write_tokens,
            self.reasoning_tokens + other.reasoning_tokens,
            self.reported or other.reported,
        )


@dataclass(frozen=True)
class ModelResponse:
    """The model's new items: its words and/or the tool calls it asks for; `finish_reasons`
    why it stopped, as its vendor said (`stop`, `tool_calls`, `end_turn`, `STOP`, ...)."""

    items: list[AssistantMessage | ToolCallItem]
    usage: Usage = field(default_factory=lambda: Usage(reported=False))
    model: str = ""
    finish_reasons: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "".join(i.text for i in self.items if isinstance(i, AssistantMessage))

    @property
    def tool_calls(self) -> list[ToolCallItem]:
        return [i for i in self.items if isinstance(i, ToolCallItem)]


@dataclass(frozen=True)
class TextDelta:
    """A piece of the model's answer as it is generated (streaming)."""

    text: str


@runtime_checkable
class Model(Protocol):
    """Anything that answers a `ModelRequest`."""

    @property
    def name(self) -> str:
        """The model's name, for messages and transcripts."""
        ...

    async def respond(self, request: ModelRequest) -> ModelResponse:
        """One turn: answer in words, or ask for tool calls."""
        ...


@runtime_checkable
class StreamingModel(Model, Protocol):
    """A model that can also stream its answer: `TextDelta`s, then the whole `ModelResponse`."""

    def stream(self, request: ModelRequest) -> AsyncIterator[TextDelta | ModelResponse]:
        """The reply as it is generated."""
        ...
