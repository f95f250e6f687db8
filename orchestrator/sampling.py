"""Sampling: a server asks the client's model for a completion.

```python
async def approve_sampling(request: SamplingRequest) -> bool:
    return request.server == "concierge"        # after asking the user, in an app

async with Orchestrator.from_config(None, approve_sampling=approve_sampling) as orch: ...
```

A server's `sampling/createMessage` becomes a `SamplingRequest` (the server's name, its system
prompt and messages as text, the token limit, the provider and model that would answer). Only
after the user approves it (`approve_sampling`: an `Orchestrator` keyword, the chat REPL's
question, the one-shot's on a terminal; `--yes` does not approve it) does it go to the provider
in use, or to the model the server's `sampling: {model}` names for that provider. The answer
goes back as the model's text. Without anyone to approve (input piped in, `--json`, a library
without the callback) it is declined, as it is by the offline provider, which has no language
model; the answer then says so. Tools offered with a sampling request are not supported (the
capability is not advertised).
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from orchestrator.errors import OrchestratorError
from orchestrator.messages import AssistantMessage, Item, UserMessage
from orchestrator.models import ModelRequest, ModelSettings
from orchestrator.result import ServerRequest

if TYPE_CHECKING:
    from orchestrator.config import MCPServerSettings
    from orchestrator.models import Model

__all__ = [
    "ApproveSampling",
    "SamplingDeclined",
    "SamplingRequest",
    "sampling_handler",
]

logger = logging.getLogger(__name__)

REJECTED = -1  # the code the MCP specification's example uses for a rejected sampling request


class SamplingDeclined(OrchestratorError):
    """No model can answer a sampling request (the offline provider); the message says why."""


@dataclass(frozen=True)
class SamplingRequest:
    """What a server wants the model to complete, and who would answer."""

    server: str
    messages: tuple[tuple[str, str], ...]  # (role, text), in order
    system_prompt: str | None
    max_tokens: int
    temperature: float | None
    model_hints: tuple[str, ...]
    provider: str
    model: str

    @classmethod
    def of(cls, server: str, params: Any, provider: str, model: str) -> SamplingRequest:
        prefs = params.model_preferences
        hints = tuple(h.name for h in (prefs.hints or []) if h.name) if prefs else ()
        messages = tuple((m.role, _text(m.content_as_list)) for m in params.messages)
        return cls(
            server=server,
            messages=messages,
            system_prompt=params.system_prompt,
            max_tokens=params.max_tokens,
            temperature=params.temperature,
            model_hints=hints,
            provider=provider,
            model=model,
        )

    def history(self) -> list[Item]:
        return [
            UserMessage(text) if role == "user" else AssistantMessage(text)
            for role, text in self.messages
        ]


def _text(blocks: list[Any]) -> str:
    parts = []
    for block in blocks:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        elif kind in ("image", "audio"):
            parts.append(f"[{kind} ({getattr(block, 'mime_type', '') or 'unknown type'})]")
    return "\n".join(parts)


ApproveSampling = Callable[[SamplingRequest], bool | Awaitable[bool]]
ModelFor = Callable[[str | None], tuple[str, "Model"]]
Record = Callable[[ServerRequest], None]
NO_ONE_TO_APPROVE = "sampling needs the user's approval and there was no one to ask"


def sampling_handler(
    entry: MCPServerSettings, model_for: ModelFor, approve: ApproveSampling | None, record: Record
) -> Any:
    """The MCP client's `sampling_callback` for `entry`'s server. `model_for(name)` gives the
    provider in use and its model (`name`, or its default); it raises `SamplingDeclined` when
    there is no language model."""
    from mcp_types import INTERNAL_ERROR, CreateMessageResult, ErrorData, TextContent

    def declined(note: ServerRequest, reason: str, by_user: bool = False) -> ErrorData:
        record(note.but("declined", reason, by_user=by_user))
        return ErrorData(code=REJECTED, message=f"sampling declined: {reason}")

    async def handle(context: Any, params: Any) -> CreateMessageResult | ErrorData:
        last = params.messages[-1].content_as_list if params.messages else []
        note = ServerRequest(entry.name, "sampling", _text(last)[:200], "declined")
        try:
            provider, model = model_for(entry.sampling.model if entry.sampling else None)
        except SamplingDeclined as exc:
            return declined(note, str(exc))
        request = SamplingRequest.of(entry.name, params, provider, model.name)
        if approve is None:
            return declined(note, NO_ONE_TO_APPROVE)
        try:
            verdict = approve(request)
            if inspect.isawaitable(verdict):
                verdict = await verdict
        except Exception as exc:  # the callback failed: declined, and said so
            logger.warning("approving %s's sampling request failed: %r", entry.name, exc)
            return declined(note, f"the approval callback failed: {exc}")
        if not verdict:
            return declined(note, "the user did not approve it", by_user=True)
        supported = getattr(model, "supported_settings", frozenset({"temperature", "max_tokens"}))
        settings = ModelSettings(
            temperature=request.temperature if "temperature" in supported else None,
            max_tokens=request.max_tokens if "max_tokens" in supported else None,
        )
        try:
            response = await model.respond(
                ModelRequest(request.system_prompt or "", request.history(), (), settings)
            )
        except OrchestratorError as exc:
            logger.warning("sampling for server %r failed: %s", entry.name, exc)
            record(note.but("failed", str(exc)))
            return ErrorData(code=INTERNAL_ERROR, message=f"the model failed: {exc}")
        record(note.but("accepted", None, by_user=True))
        return CreateMessageResult(
            role="assistant",
            content=TextContent(type="text", text=response.text),
            model=response.model or model.name,
            stop_reason="endTurn",
        )

    return handle
