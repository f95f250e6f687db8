"""Claude through Anthropic's Messages API, on the `anthropic` SDK.

A request is `POST {base}/v1/messages` with the system text, the conversation as messages with
`tool_use` / `tool_result` blocks (a failed or unapproved call is a result with `is_error`), and
the tools with their JSON Schemas (cleaned: `models.schema`) as `input_schema`. `max_tokens` is
required by the API: `ModelSettings.max_tokens`, else 4096. This SDK (and the API version it
speaks) has no `temperature` nor `top_p`: asking for them is a `ProviderError` naming the
setting.

Each request opens its own `AsyncAnthropic` client and closes it on return, so no connection
outlives the event loop that opened it (the CLI, the REPL and `ask_sync` each run their own),
unless the model's owner keeps one (`keep_client()` ... `aclose()`, `models._clients`);
the SDK's retries are off (`max_retries=0`) and `retry.call_with_retries` is the only policy.
`stream` gives the reply as it is generated (the Messages API's server-sent events), retried
like a request until a word of it has been given (`retry.stream_with_retries`). A stream that
ends without its `message_stop` (nor a `message_delta` with the stop reason) is an error, never
half an answer; an `error` event in it is one naming its type and message (an
`overloaded_error` before any word is retried); so is a body that is not JSON (or, asked to
stream, not server-sent events), naming the endpoint.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import anthropic
from anthropic.types import (
    AssistantMessageParam,
    ContentBlockParam,
    Message,
    MessageParam,
    ToolParam,
    UserMessageParam,
)

from orchestrator.errors import ProviderError
from orchestrator.messages import (
    AssistantMessage,
    Item,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models import ModelRequest, ModelResponse, TextDelta, ToolDefinition, Usage
from orchestrator.models._turns import NativeModel, to_turns
from orchestrator.models.retry import (
    CONNECT_TIMEOUT,
    INCOMPLETE,
    ReplyError,
    call_with_retries,
    stream_with_retries,
    unreadable,
)
from orchestrator.models.schema import for_anthropic, per_tool

__all__ = ["AnthropicModel", "to_messages"]

PROVIDER = "anthropic"
DEFAULT_MAX_TOKENS = 4096
_ANSWERED = frozenset({None, "end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn"})
# An `error` event's types that asking again may cure (Anthropic's errors page: 500, 529, 429).
_TRANSIENT_EVENTS = frozenset({"overloaded_error", "api_error", "rate_limit_error"})


@per_tool
def _tool_param(tool: ToolDefinition) -> ToolParam:
    schema = for_anthropic(tool.input_schema)
    return {"name": tool.name, "description": tool.description, "input_schema": schema}


def _block(item: Item) -> ContentBlockParam:
    if isinstance(item, UserMessage | AssistantMessage):
        return {"type": "text", "text": item.text}
    if isinstance(item, ToolCallItem):
        return {"type": "tool_use", "id": item.call_id, "name": item.name, "input": item.arguments}
    if item.output:
        return {
            "type": "tool_result",
            "tool_use_id": item.call_id,
            "content": item.output,
            "is_error": item.is_error,
        }
    return {"type": "tool_result", "tool_use_id": item.call_id, "is_error": item.is_error}


def to_messages(history: list[Item]) -> list[MessageParam]:
    """The history as Messages API messages; a user turn's tool results come before its text."""
    messages: list[MessageParam] = []
    for turn in to_turns(history):
        if turn.role == "user":
            items = sorted(turn.items, key=lambda i: not isinstance(i, ToolResultItem))
            messages.append(UserMessageParam(role="user", content=[_block(i) for i in items]))
        else:
            content = [_block(i) for i in turn.items]
            messages.append(AssistantMessageParam(role="assistant", content=content))
    return messages


def to_response(message: Message) -> ModelResponse:
    """A Messages API reply as items: its text as one message, then its tool calls."""
    texts: list[str] = []
    calls: list[ToolCallItem] = []
    for block in message.content:
        if block.type == "text":
            texts.append(block.text)
        elif block.type == "tool_use":
            arguments = block.input if isinstance(block.input, dict) else {}
            calls.append(ToolCallItem(block.id, block.name, arguments))
    text = "".join(texts)
    if not text.strip() and not calls and message.stop_reason not in _ANSWERED:
        raise ProviderError(
            f"anthropic ({message.model}) returned no answer: stop reason {message.stop_reason}"
        )
    items: list[AssistantMessage | ToolCallItem] = []
    if text.strip():
        items.append(AssistantMessage(text))
    items.extend(calls)
    got = message.usage
    cache_read = got.cache_read_input_tokens or 0
    cache_write = got.cache_creation_input_tokens or 0
    usage = Usage(
        input_tokens=got.input_tokens + cache_read + cache_write,
        output_tokens=got.output_tokens,
        cached_tokens=cache_read,
        cache_write_tokens=cache_write,
    )
    reasons = (message.stop_reason,) if message.stop_reason else ()
    return ModelResponse(items, usage, message.model, reasons)


class AnthropicModel(NativeModel[anthropic.AsyncAnthropic]):
    """A `Model` over Anthropic's Messages API."""

    supported_settings = frozenset({"max_tokens"})

    def _check(self, request: ModelRequest) -> None:
        unsupported = [
            name for name in ("temperature", "top_p") if getattr(request.settings, name) is not None
        ]
        if unsupported:
            raise ProviderError(
                f"anthropic ({self._name}) does not take {', '.join(unsupported)}; "
                f"it takes: {', '.join(sorted(self.supported_settings))}"
            )

    def _client(self) -> anthropic.AsyncAnthropic:
        return anthropic.AsyncAnthropic(
            api_key=self._api_key,
            base_url=self._base_url,
            max_retries=0,
            timeout=anthropic.Timeout(
                self._retry.timeout.seconds,
                connect=min(CONNECT_TIMEOUT, self._retry.timeout.seconds),
            ),
        )

    async def _close(self, client: anthropic.AsyncAnthropic) -> None:
        await client.close()

    def _body(self, request: ModelRequest) -> dict[str, Any]:
        return {
            "model": self._name,
            "max_tokens": request.settings.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": to_messages(list(request.history)),
            "system": request.instructions or anthropic.omit,
            "tools": [_tool_param(t) for t in request.tools] or anthropic.omit,
        }

    async def respond(self, request: ModelRequest) -> ModelResponse:
        self._check(request)
        body = self._body(request)
        async with self.clients.use() as client:

            async def call() -> Message:
                raw = await client.messages.with_raw_response.create(**body)
                try:
                    message: object = await raw.parse()
                except ValueError:  # JSON announced, and not JSON
                    message = None
                if not isinstance(message, Message):  # the SDK's text for non-JSON
                    raise unreadable(client.base_url, raw.headers.get("content-type"))
                return message

            message = await call_with_retries(
                call,
                provider=PROVIDER,
                model=self._name,
                policy=self._retry,
                secrets=(self._api_key,),
            )
        return to_response(message)

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextDelta | ModelResponse]:
        """The reply as it is generated: `TextDelta`s, then the whole `ModelResponse`."""
        self._check(request)
        body = self._body(request)

        async def attempt() -> AsyncIterator[TextDelta | ModelResponse]:
            started = stopped = False
            async with self.clients.use() as client, client.messages.stream(**body) as stream:
                content_type = stream.response.headers.get("content-type")
                if not (content_type or "").startswith("text/event-stream"):
                    raise unreadable(client.base_url, content_type, "server-sent events")
                try:
                    async for event in stream:
                        started = started or event.type == "message_start"
                        stopped = stopped or event.type == "message_stop"
                        if event.type == "content_block_delta" and event.delta.type == "text_delta":
                            yield TextDelta(event.delta.text)
                except anthropic.APIStatusError as exc:
                    failure = _event_error(exc)
                    if failure is None:
                        raise
                    raise failure from None
                message = stream.current_message_snapshot if started else None
            if message is None or not (stopped or message.stop_reason):
                raise ReplyError(INCOMPLETE)
            yield to_response(message)

        async for event in stream_with_retries(
            attempt,
            shown=lambda event: isinstance(event, TextDelta),
            provider=PROVIDER,
            model=self._name,
            policy=self._retry,
            secrets=(self._api_key,),
        ):
            yield event


def _event_error(exc: anthropic.APIStatusError) -> ReplyError | None:
    """An `error` event of the stream (the SDK raises it with the stream's own status, 200) as
    what it says: its type and message; None for an error with a status of its own."""
    body = exc.body
    error = body.get("error") if isinstance(body, dict) else None
    if exc.status_code != 200 or not isinstance(error, dict):
        return None
    kind = str(error.get("type") or "error")
    said = str(error.get("message") or "").strip()
    reason = f"the stream reported {kind}" + (f": {said}" if said else "")
    return ReplyError(reason, transient=kind in _TRANSIENT_EVENTS)
