"""Google Gemini through the Gemini API, on the `google-genai` SDK.

A request is `POST {base}/{version}/models/{model}:generateContent` (the SDK picks the version)
with the system text as `system_instruction`, the conversation as `contents` with
`function_call` / `function_response` parts, and the tools as `function_declarations` whose
`parameters_json_schema` is the tool's JSON Schema cleaned for Gemini (`models.schema`: `$ref`s
resolved, only the keywords Gemini documents kept), left unset for a tool without parameters.
`temperature`, `top_p` and `max_tokens` are sent when set. A tool's result goes back as
`{"output": ...}` (parsed when it is JSON), a failed or unapproved one as `{"error": ...}`.

Gemini's function calls may carry an `id` and a thought signature, both of which must be sent
back with the call in later requests (Gemini 3 rejects a function call without its signature).
The history has no place for a signature, so the model keeps both, by call id, for as long as it
lives; a call without an `id` gets one of ours, which is never sent to Gemini.

Each request opens its own `genai.Client` (kept referenced while it runs) and closes it on
return, so no connection outlives its event loop, unless the model's owner keeps one
(`keep_client()` ... `aclose()`, `models._clients`); the SDK's retries are off
(`HttpRetryOptions(attempts=1)`, which also turns off its implicit retry of dropped
connections) and `retry.call_with_retries` is the only policy. `stream` gives the reply as it
is generated (`streamGenerateContent`), retried like a request until a word of it has been
given (`retry.stream_with_retries`); a stream whose last chunk has no `finishReason` is an
error, never half an answer. A body that is not JSON is an error naming the endpoint.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, cast

from google import genai
from google.genai import types

from orchestrator.errors import ProviderError
from orchestrator.messages import (
    AssistantMessage,
    Item,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
    parse_output,
)
from orchestrator.models import ModelRequest, ModelResponse, TextDelta, ToolDefinition, Usage
from orchestrator.models._turns import NativeModel, new_call_id, to_turns
from orchestrator.models.retry import (
    INCOMPLETE,
    ReplyError,
    call_with_retries,
    stream_with_retries,
    unreadable,
)
from orchestrator.models.schema import for_gemini, per_tool

__all__ = ["GeminiModel"]

PROVIDER = "gemini"
_ANSWERED = frozenset({None, "STOP", "MAX_TOKENS", "FINISH_REASON_UNSPECIFIED"})
_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com"


@dataclass(frozen=True)
class _CallMeta:
    """What Gemini said about one of its function calls, to be sent back with it."""

    vendor_id: bool
    signature: bytes | None


@per_tool
def _declaration(tool: ToolDefinition) -> types.FunctionDeclaration:
    schema = for_gemini(tool.input_schema)
    return types.FunctionDeclaration(
        name=tool.name,
        description=tool.description,
        parameters_json_schema=schema if schema["properties"] else None,  # none: leave unset
    )


def _response_payload(result: ToolResultItem) -> dict[str, Any]:
    key = "error" if result.is_error else "output"
    return {key: parse_output(result.output)}


class GeminiModel(NativeModel[genai.Client]):
    """A `Model` over the Gemini API's generateContent."""

    supported_settings = frozenset({"temperature", "top_p", "max_tokens"})

    @functools.cached_property
    def _calls(self) -> dict[str, _CallMeta]:
        """What each call the model made came with (its vendor id, its thought signature)."""
        return {}

    def _part(self, item: Item) -> types.Part:
        if isinstance(item, UserMessage | AssistantMessage):
            return types.Part(text=item.text)
        meta = self._calls.get(item.call_id, _CallMeta(False, None))
        call_id = item.call_id if meta.vendor_id else None
        if isinstance(item, ToolCallItem):
            return types.Part(
                function_call=types.FunctionCall(id=call_id, name=item.name, args=item.arguments),
                thought_signature=meta.signature,
            )
        return types.Part(
            function_response=types.FunctionResponse(
                id=call_id, name=item.name, response=_response_payload(item)
            )
        )

    def to_contents(self, history: list[Item]) -> list[types.Content]:
        """The history as Gemini contents: `user` turns and `model` turns."""
        return [
            types.Content(
                role="model" if turn.role == "assistant" else "user",
                parts=[self._part(i) for i in turn.items],
            )
            for turn in to_turns(history)
        ]

    def to_response(self, reply: types.GenerateContentResponse) -> ModelResponse:
        """A generateContent reply as items: its text as one message, then its calls."""
        if not reply.candidates:
            feedback = reply.prompt_feedback
            blocked = _name(feedback.block_reason) if feedback is not None else None
            raise ProviderError(
                f"gemini ({self._name}) returned no answer"
                + (f": the request was blocked ({blocked})" if blocked else "")
            )
        candidate = reply.candidates[0]
        parts = candidate.content.parts if candidate.content is not None else None
        texts: list[str] = []
        calls: list[ToolCallItem] = []
        for part in parts or []:
            if part.function_call is not None:
                fc = part.function_call
                call_id = fc.id or new_call_id()
                self._calls[call_id] = _CallMeta(bool(fc.id), part.thought_signature)
                calls.append(ToolCallItem(call_id, fc.name or "", dict(fc.args or {})))
            elif part.text and not part.thought:
                texts.append(part.text)
        reason = _name(candidate.finish_reason)
        if not texts and not calls and reason not in _ANSWERED:
            raise ProviderError(f"gemini ({self._name}) returned no answer: finish reason {reason}")
        items: list[AssistantMessage | ToolCallItem] = []
        text = "".join(texts)
        if text.strip():
            items.append(AssistantMessage(text))
        items.extend(calls)
        meta = reply.usage_metadata
        if meta is None:
            return ModelResponse(items, Usage(reported=False), self._name, _reasons(reason))
        thoughts = meta.thoughts_token_count or 0
        usage = Usage(
            input_tokens=meta.prompt_token_count or 0,
            output_tokens=(meta.candidates_token_count or 0) + thoughts,
            cached_tokens=meta.cached_content_token_count or 0,
            reasoning_tokens=thoughts,
        )
        return ModelResponse(items, usage, self._name, _reasons(reason))

    def _config(self, request: ModelRequest) -> types.GenerateContentConfigDict:
        """The request's config, as a dict of the SDK's models: the SDK deep-copies a config
        given as a model at every call (every tool's schema, tens of milliseconds a turn),
        and validates a dict into a new one that takes these models as they are."""
        settings = request.settings
        config = types.GenerateContentConfig(
            system_instruction=request.instructions or None,
            tools=[types.Tool(function_declarations=[_declaration(t) for t in request.tools])]
            if request.tools
            else None,
            temperature=settings.temperature,
            top_p=settings.top_p,
            max_output_tokens=settings.max_tokens,
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
        )
        fields = {name: getattr(config, name) for name in config.model_fields_set}
        return cast(types.GenerateContentConfigDict, fields)

    def _client(self) -> genai.Client:
        return genai.Client(
            api_key=self._api_key,
            vertexai=False,
            http_options=types.HttpOptions(
                base_url=self._base_url,
                timeout=math.ceil(self._retry.timeout.seconds * 1000),
                retry_options=types.HttpRetryOptions(attempts=1),
            ),
        )

    async def _close(self, client: genai.Client) -> None:
        await client.aio.aclose()
        client.close()

    async def respond(self, request: ModelRequest) -> ModelResponse:
        contents = self.to_contents(list(request.history))
        config = self._config(request)
        async with self.clients.use() as client:

            async def call() -> types.GenerateContentResponse:
                try:
                    return await client.aio.models.generate_content(
                        model=self._name, contents=contents, config=config
                    )
                except json.JSONDecodeError:
                    raise unreadable(self._base_url or _DEFAULT_BASE_URL, None) from None

            reply = await call_with_retries(
                call,
                provider=PROVIDER,
                model=self._name,
                policy=self._retry,
                secrets=(self._api_key,),
            )
        return self.to_response(reply)

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextDelta | ModelResponse]:
        """The reply as it is generated (`streamGenerateContent`): `TextDelta`s, then the whole
        `ModelResponse`."""
        contents = self.to_contents(list(request.history))
        config = self._config(request)

        async def attempt() -> AsyncIterator[TextDelta | ModelResponse]:
            parts: list[types.Part] = []
            last: types.GenerateContentResponse | None = None
            async with self.clients.use() as client:
                chunks = await client.aio.models.generate_content_stream(
                    model=self._name, contents=contents, config=config
                )
                async for chunk in chunks:
                    last = chunk
                    candidate = chunk.candidates[0] if chunk.candidates else None
                    for part in (
                        candidate.content.parts if candidate and candidate.content else None
                    ) or []:
                        parts.append(part)
                        if part.text and not part.thought:
                            yield TextDelta(part.text)
            if not _finished(last):
                raise ReplyError(INCOMPLETE)
            yield self.to_response(_joined(last, parts))

        async for event in stream_with_retries(
            attempt,
            shown=lambda event: isinstance(event, TextDelta),
            provider=PROVIDER,
            model=self._name,
            policy=self._retry,
            secrets=(self._api_key,),
        ):
            yield event


def _finished(last: types.GenerateContentResponse | None) -> bool:
    """Whether a stream's last chunk ends the reply: a finish reason, or a blocked prompt."""
    if last is None:
        return False
    feedback = last.prompt_feedback
    if feedback is not None and feedback.block_reason is not None:
        return True
    return any(c.finish_reason is not None for c in last.candidates or [])


def _joined(
    last: types.GenerateContentResponse | None, parts: list[types.Part]
) -> types.GenerateContentResponse:
    """A streamed reply as one response: every chunk's parts, the last chunk's finish reason,
    usage and feedback."""
    if last is None:
        return types.GenerateContentResponse()
    final = last.candidates[0] if last.candidates else None
    candidate = types.Candidate(
        content=types.Content(role="model", parts=parts),
        finish_reason=final.finish_reason if final else None,
    )
    return types.GenerateContentResponse(
        candidates=[candidate] if parts or final else [],
        usage_metadata=last.usage_metadata,
        prompt_feedback=last.prompt_feedback,
    )


def _name(value: Any) -> str | None:
    """An enum's name (the SDK's enums are str subclasses), or None."""
    if value is None:
        return None
    return str(getattr(value, "value", value))


def _reasons(reason: str | None) -> tuple[str, ...]:
    return (reason,) if reason else ()
