"""The anthropic provider: Claude through Anthropic's Messages API, on the `anthropic` SDK.

Configuration from the environment: `ANTHROPIC_API_KEY` (required; the registry probes it) and
`ANTHROPIC_BASE_URL` (optional: a proxy or gateway). The model defaults to the registry's
`claude-sonnet-4-5`; `--model` or the config's `orchestrator.model` picks another.

A request is `POST {base}/v1/messages` with the system text, the conversation as messages with
`tool_use` / `tool_result` blocks, and the tools with their JSON Schemas as `input_schema`.
`max_tokens` is required by the API: `ModelSettings.max_tokens`, else 4096. This SDK has no
`temperature` (nor `top_p`) parameter, so those settings are not sent.

Each request opens its own `AsyncAnthropic` client and closes it on return, so no connection
outlives the event loop that opened it (the CLI, the REPL and `ask_sync` each run their own);
the SDK's retries are off (`max_retries=0`) and `_retry.call_with_retries` is the only policy.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any

import anthropic
from agents import Model, ModelResponse, ModelSettings
from anthropic.types import (
    AssistantMessageParam,
    ContentBlockParam,
    Message,
    MessageParam,
    ToolParam,
    UserMessageParam,
)
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage

from orchestrator.errors import ProviderError
from orchestrator.providers._conversation import (
    Conversation,
    Text,
    ToolCall,
    ToolResult,
    ToolSpec,
    call_item,
    check_output_schema,
    message_item,
    read_input,
    tool_specs,
    usage,
)
from orchestrator.providers._retry import call_with_retries

__all__ = ["AnthropicModel", "create_model", "to_messages"]

PROVIDER = "anthropic"
DEFAULT_MODEL = "claude-sonnet-4-5"
DEFAULT_MAX_TOKENS = 4096
TIMEOUT_SECONDS = 600.0
_ANSWERED = frozenset({None, "end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn"})


def create_model(model: str | None = None) -> Model:
    """The registry's entry point: a Claude model configured from the environment."""
    api_key = os.environ.get("ANTHROPIC_API_KEY")
    if not api_key:
        raise ProviderError("anthropic: set ANTHROPIC_API_KEY")
    base_url = os.environ.get("ANTHROPIC_BASE_URL") or None
    return AnthropicModel(model or DEFAULT_MODEL, api_key=api_key, base_url=base_url)


def _tool_param(spec: ToolSpec) -> ToolParam:
    schema = spec.parameters or {"type": "object", "properties": {}}
    return {"name": spec.name, "description": spec.description, "input_schema": schema}


def _block(part: Text | ToolCall | ToolResult) -> ContentBlockParam:
    if isinstance(part, Text):
        return {"type": "text", "text": part.text}
    if isinstance(part, ToolCall):
        return {"type": "tool_use", "id": part.call_id, "name": part.name, "input": part.arguments}
    if part.output:
        return {
            "type": "tool_result",
            "tool_use_id": part.call_id,
            "content": part.output,
            "is_error": part.is_error,
        }
    return {"type": "tool_result", "tool_use_id": part.call_id, "is_error": part.is_error}


def to_messages(conversation: Conversation) -> list[MessageParam]:
    """The turns as Messages API messages; a user turn's tool results come before its text."""
    messages: list[MessageParam] = []
    for turn in conversation.turns:
        if turn.role == "user":
            parts = sorted(turn.parts, key=lambda p: not isinstance(p, ToolResult))
            messages.append(UserMessageParam(role="user", content=[_block(p) for p in parts]))
        else:
            content = [_block(p) for p in turn.parts]
            messages.append(AssistantMessageParam(role="assistant", content=content))
    return messages


def to_response(message: Message) -> ModelResponse:
    """A Messages API reply as output items: its text as one message, then its tool calls."""
    texts: list[str] = []
    calls: list[ResponseFunctionToolCall] = []
    for block in message.content:
        if block.type == "text":
            texts.append(block.text)
        elif block.type == "tool_use":
            arguments = block.input if isinstance(block.input, dict) else {}
            calls.append(call_item(block.id, block.name, arguments))
    text = "".join(texts)
    if not text.strip() and not calls and message.stop_reason not in _ANSWERED:
        raise ProviderError(
            f"anthropic ({message.model}) returned no answer: stop reason {message.stop_reason}"
        )
    output: list[ResponseOutputMessage | ResponseFunctionToolCall] = []
    if text.strip():
        output.append(message_item(text))
    output.extend(calls)
    got = message.usage
    cache_read = got.cache_read_input_tokens or 0
    cache_write = got.cache_creation_input_tokens or 0
    tokens = usage(
        got.input_tokens + cache_read + cache_write,
        got.output_tokens,
        cached_tokens=cache_read,
        cache_write_tokens=cache_write,
    )
    return ModelResponse(output=list(output), usage=tokens, response_id=None)


class AnthropicModel(Model):
    """An `agents.Model` over Anthropic's Messages API."""

    def __init__(self, model: str, *, api_key: str, base_url: str | None = None) -> None:
        self.model = model
        self._api_key = api_key
        self._base_url = base_url

    def __repr__(self) -> str:
        return f"AnthropicModel(model={self.model!r}, base_url={self._base_url!r})"

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[Any],
        model_settings: ModelSettings,
        tools: list[Any],
        output_schema: Any,
        handoffs: list[Any],
        tracing: Any,
        *,
        previous_response_id: Any = None,
        conversation_id: Any = None,
        prompt: Any = None,
        **kwargs: Any,
    ) -> ModelResponse:
        check_output_schema(output_schema, PROVIDER)
        conversation = read_input(system_instructions, input, PROVIDER)
        messages = to_messages(conversation)
        specs = tool_specs(tools, handoffs, PROVIDER)
        max_tokens = model_settings.max_tokens or DEFAULT_MAX_TOKENS
        async with anthropic.AsyncAnthropic(
            api_key=self._api_key,
            base_url=self._base_url,
            max_retries=0,
            timeout=TIMEOUT_SECONDS,
        ) as client:

            async def call() -> Message:
                return await client.messages.create(
                    model=self.model,
                    max_tokens=max_tokens,
                    messages=messages,
                    system=conversation.system or anthropic.omit,
                    tools=[_tool_param(s) for s in specs] if specs else anthropic.omit,
                )

            message = await call_with_retries(
                call, provider=PROVIDER, model=self.model, secrets=(self._api_key,)
            )
        return to_response(message)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("the anthropic provider does not stream")
