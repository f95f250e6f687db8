"""OpenAI's Chat Completions API, on the `openai` SDK: OpenAI itself, any compatible endpoint
(vLLM, LM Studio, llama.cpp, LiteLLM, OpenRouter, DeepSeek, Qwen's DashScope, …) and Ollama's
`/v1`.

A request is `POST {base}/chat/completions` with the instructions as the system message, the
conversation as `user` / `assistant` (with `tool_calls`) / `tool` messages, and the tools as
`function`s whose `parameters` is the tool's JSON Schema, cleaned for OpenAI (`models.schema`).
Chat Completions has no error flag on a tool message, so a failed call's output is sent prefixed
with `ERROR: `.

- retries: the SDK is built with `max_retries=0`; every request goes through
  `retry.call_with_retries` (a stream through `retry.stream_with_retries`: retried until a
  word of the answer has been given), so the policy and its error messages are `retry`'s. A
  stream that ends without a `finish_reason` is an error, never half an answer or a tool call
  whose arguments never came; so is a body that is not JSON (or, asked to stream, not
  server-sent events), naming the endpoint.
- the client's lifetime: each request opens its own `AsyncOpenAI` and closes it when the request
  ends, so no connection pool outlives the event loop it was made on; unless the model's owner
  keeps it (`keep_client()` ... `aclose()`, `models._clients`), as a warm `Orchestrator` does.
- secrecy: the key is kept off `repr` and redacted from every error message (no SDK exception
  is chained to the error: `retry`). The OpenAI account's ids (`OPENAI_ORG_ID`,
  `OPENAI_PROJECT_ID`, which the SDK reads on its own) are sent by the `openai` provider only,
  never by the compatible ones (DeepSeek, Qwen, Ollama, `openai-compatible`); as the SDK does,
  they go to whatever `OPENAI_BASE_URL` names, so a proxy set there receives them (as
  `OpenAI-Organization` / `OpenAI-Project`, to forward to OpenAI).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from openai import AsyncOpenAI, Timeout
from openai.types.chat import ChatCompletion

from orchestrator.errors import ProviderError
from orchestrator.messages import (
    AssistantMessage,
    Item,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models import ModelRequest, ModelResponse, TextDelta, ToolDefinition, Usage
from orchestrator.models._clients import Clients
from orchestrator.models._turns import arguments_of, new_call_id
from orchestrator.models.retry import (
    CONNECT_TIMEOUT,
    INCOMPLETE,
    ReplyError,
    RetryPolicy,
    call_with_retries,
    stream_with_retries,
    unreadable,
)
from orchestrator.models.schema import for_openai, per_tool

__all__ = ["OpenAIChatModel", "to_messages"]

ERROR_PREFIX = "ERROR: "
_ANSWERED = frozenset({None, "stop", "length", "tool_calls", "function_call"})


@per_tool
def _tool_param(tool: ToolDefinition) -> dict[str, Any]:
    schema = for_openai(tool.input_schema)
    function = {"name": tool.name, "description": tool.description, "parameters": schema}
    return {"type": "function", "function": function}


def _tool_output(item: ToolResultItem) -> str:
    return ERROR_PREFIX + item.output if item.status == "error" else item.output


def to_messages(instructions: str, history: list[Item]) -> list[dict[str, Any]]:
    """The conversation as Chat Completions messages; an assistant's text and the calls it made
    in one turn share one message."""
    messages: list[dict[str, Any]] = []
    if instructions:
        messages.append({"role": "system", "content": instructions})
    for item in history:
        if isinstance(item, UserMessage):
            messages.append({"role": "user", "content": item.text})
        elif isinstance(item, ToolResultItem):
            messages.append(
                {"role": "tool", "tool_call_id": item.call_id, "content": _tool_output(item)}
            )
        else:
            if isinstance(item, AssistantMessage) and not item.text.strip():
                continue
            if not messages or messages[-1]["role"] != "assistant":
                messages.append({"role": "assistant", "content": None})
            last = messages[-1]
            if isinstance(item, AssistantMessage):
                last["content"] = (last["content"] or "") + item.text
            else:
                arguments = json.dumps(item.arguments, ensure_ascii=False)
                last.setdefault("tool_calls", []).append(
                    {
                        "id": item.call_id,
                        "type": "function",
                        "function": {"name": item.name, "arguments": arguments},
                    }
                )
    return messages


def _usage(raw: Any) -> Usage:
    if raw is None:
        return Usage(reported=False)
    prompt_details = getattr(raw, "prompt_tokens_details", None)
    completion_details = getattr(raw, "completion_tokens_details", None)
    return Usage(
        input_tokens=raw.prompt_tokens or 0,
        output_tokens=raw.completion_tokens or 0,
        cached_tokens=getattr(prompt_details, "cached_tokens", None) or 0,
        reasoning_tokens=getattr(completion_details, "reasoning_tokens", None) or 0,
    )


def _items(
    model: str, text: str, calls: list[ToolCallItem], reason: str | None
) -> list[AssistantMessage | ToolCallItem]:
    if not text.strip() and not calls and reason not in _ANSWERED:
        raise ProviderError(f"{model} returned no answer: finish reason {reason}")
    items: list[AssistantMessage | ToolCallItem] = []
    if text.strip():
        items.append(AssistantMessage(text))
    items.extend(calls)
    return items


def to_response(completion: ChatCompletion, provider: str) -> ModelResponse:
    """A Chat Completions reply as items: its text as one message, then its tool calls."""
    if not completion.choices:
        raise ProviderError(f"{provider} ({completion.model}) returned no choices")
    choice = completion.choices[0]
    message = choice.message
    calls = [
        ToolCallItem(
            call.id or new_call_id(),
            call.function.name,
            arguments_of(call.function.arguments),
        )
        for call in message.tool_calls or []
        if call.type == "function"
    ]
    target = f"{provider} ({completion.model})"
    items = _items(target, message.content or "", calls, choice.finish_reason)
    reasons = (choice.finish_reason,) if choice.finish_reason else ()
    return ModelResponse(items, _usage(completion.usage), completion.model, reasons)


@dataclass
class _Stream:
    """A streamed reply being put together from its chunks."""

    text: list[str] = field(default_factory=list)
    calls: dict[int, dict[str, Any]] = field(default_factory=dict)
    reason: str | None = None
    usage: Any = None
    model: str = ""

    def add(self, chunk: Any) -> str:
        """Fold one chunk in; return the text it adds."""
        self.model = chunk.model or self.model
        if chunk.usage is not None:
            self.usage = chunk.usage
        added = ""
        for choice in chunk.choices or []:
            delta = choice.delta
            if delta.content:
                added += delta.content
            for piece in delta.tool_calls or []:
                call = self.calls.setdefault(piece.index, {"id": None, "name": "", "args": ""})
                call["id"] = piece.id or call["id"]
                if piece.function is not None:
                    call["name"] += piece.function.name or ""
                    call["args"] += piece.function.arguments or ""
            self.reason = choice.finish_reason or self.reason
        self.text.append(added)
        return added

    def response(self, provider: str) -> ModelResponse:
        if self.reason is None:  # no finish_reason: the stream was cut short
            raise ReplyError(INCOMPLETE)
        calls = [
            ToolCallItem(c["id"] or new_call_id(), c["name"], arguments_of(c["args"]))
            for _, c in sorted(self.calls.items())
        ]
        items = _items(f"{provider} ({self.model})", "".join(self.text), calls, self.reason)
        reasons = (self.reason,) if self.reason else ()
        return ModelResponse(items, _usage(self.usage), self.model, reasons)


def _arguments(body: dict[str, Any]) -> dict[str, Any]:
    """`create`'s arguments for `body`: the messages and tools go as `extra_body`, which the
    SDK sends as it is (it replaces the empty `messages` argument). They are plain JSON
    already, and the SDK's walk of each argument against its typed parameters (tens of
    milliseconds a turn for a catalogue's schemas) would only copy them: the request on the
    wire is the same."""
    arguments = dict(body)
    extra = {key: arguments.pop(key) for key in ("messages", "tools") if key in arguments}
    return {**arguments, "messages": [], "extra_body": extra}


async def _close(client: AsyncOpenAI) -> None:
    await client.close()


class OpenAIChatModel:
    """A `Model` over Chat Completions at `base_url` (None: OpenAI's API)."""

    supported_settings = frozenset({"temperature", "top_p", "max_tokens"})

    def __init__(
        self,
        name: str,
        *,
        provider: str,
        api_key: str,
        base_url: str | None = None,
        secret_key: bool = True,
        openai_account: bool = False,
        retry: RetryPolicy | None = None,
    ) -> None:
        self._name = name
        self.provider = provider
        self.base_url = base_url
        self._api_key = api_key
        self._secrets = (api_key,) if secret_key and api_key else ()
        self._openai_account = openai_account
        self._retry = retry or RetryPolicy()
        self.clients: Clients[AsyncOpenAI] = Clients(self._client, _close)

    def keep_client(self) -> None:
        """Share one SDK client (and its connections) between requests until `aclose()`."""
        self.clients.keep()

    async def aclose(self) -> None:
        await self.clients.aclose()

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self) -> str:
        where = self.base_url or "https://api.openai.com/v1"
        return f"OpenAIChatModel({self.provider!r}, {self._name!r}, base_url={where!r})"

    def _client(self) -> AsyncOpenAI:
        seconds = self._retry.timeout.seconds
        timeout = Timeout(seconds, connect=min(CONNECT_TIMEOUT, seconds))
        client = AsyncOpenAI(
            api_key=self._api_key, base_url=self.base_url, max_retries=0, timeout=timeout
        )
        if not self._openai_account:
            client.organization = client.project = None  # no OpenAI-Organization/-Project
        return client

    def _body(self, request: ModelRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self._name,
            "messages": to_messages(request.instructions, list(request.history)),
        }
        if request.tools:
            body["tools"] = [_tool_param(t) for t in request.tools]
        settings = request.settings
        if settings.temperature is not None:
            body["temperature"] = settings.temperature
        if settings.top_p is not None:
            body["top_p"] = settings.top_p
        if settings.max_tokens is not None:
            key = "max_completion_tokens" if self._openai_account else "max_tokens"
            body[key] = settings.max_tokens
        return body

    async def respond(self, request: ModelRequest) -> ModelResponse:
        body = self._body(request)

        async def once() -> ChatCompletion:
            async with self.clients.use() as client:
                raw = await client.chat.completions.with_raw_response.create(**_arguments(body))
                try:
                    completion: object = raw.parse()
                except ValueError:  # JSON announced, and not JSON
                    completion = None
                if not isinstance(completion, ChatCompletion):  # the SDK's text for non-JSON
                    raise unreadable(client.base_url, raw.headers.get("content-type"))
                return completion

        completion = await call_with_retries(
            once,
            provider=self.provider,
            model=self._name,
            policy=self._retry,
            secrets=self._secrets,
        )
        return to_response(completion, self.provider)

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextDelta | ModelResponse]:
        """The reply as it is generated: `TextDelta`s, then the whole `ModelResponse`."""
        body = self._body(request)

        async def attempt() -> AsyncIterator[TextDelta | ModelResponse]:
            built = _Stream(model=self._name)
            async with self.clients.use() as client:
                chunks = await client.chat.completions.create(
                    **_arguments(body), stream=True, stream_options={"include_usage": True}
                )
                async with chunks:
                    content_type = chunks.response.headers.get("content-type")
                    if not (content_type or "").startswith("text/event-stream"):
                        raise unreadable(client.base_url, content_type, "server-sent events")
                    async for chunk in chunks:
                        added = built.add(chunk)
                        if added:
                            yield TextDelta(added)
            yield built.response(self.provider)

        async for event in stream_with_retries(
            attempt,
            shown=lambda event: isinstance(event, TextDelta),
            provider=self.provider,
            model=self._name,
            policy=self._retry,
            secrets=self._secrets,
        ):
            yield event
