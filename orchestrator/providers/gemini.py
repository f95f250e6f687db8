"""The gemini provider: Google Gemini through the Gemini API, on the `google-genai` SDK.

Configuration from the environment: `GEMINI_API_KEY`, else `GOOGLE_API_KEY` (the registry probes
them in that order), and `GEMINI_BASE_URL` (optional: a proxy or gateway). The model defaults
to the registry's `gemini-2.5-flash`; `--model` or the config's `orchestrator.model` picks
another.

A request is `POST {base}/{version}/models/{model}:generateContent` (the SDK picks the version)
with the system text as `system_instruction`, the conversation as `contents` with
`function_call` / `function_response` parts, and the tools as `function_declarations` whose
`parameters_json_schema` is the tool's JSON Schema as is. `ModelSettings.temperature`, `top_p`
and `max_tokens` are sent when set. A tool's result goes back as `{"output": ...}` (parsed when
it is JSON), a failed one as `{"error": ...}`.

Gemini's function calls may carry an `id` and a thought signature, both of which must be sent
back with the call in later requests (Gemini 3 rejects a function call without its signature).
The Responses-shaped history has no place for a signature, so the model keeps both, by call id,
for as long as it lives; a call without an `id` gets one of ours, which is never sent to Gemini.

Each request opens its own `genai.Client` (kept referenced while it runs) and closes it on
return, so no connection outlives its event loop; the SDK's retries are off
(`HttpRetryOptions(attempts=1)`, which also turns off its implicit retry of dropped
connections) and `_retry.call_with_retries` is the only policy.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from agents import Model, ModelResponse, ModelSettings
from google import genai
from google.genai import types
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage

from orchestrator.errors import ProviderError
from orchestrator.providers._conversation import (
    ERROR_PREFIX,
    Conversation,
    Text,
    ToolCall,
    ToolResult,
    ToolSpec,
    call_item,
    check_output_schema,
    json_or_text,
    message_item,
    new_call_id,
    read_input,
    tool_specs,
    usage,
)
from orchestrator.providers._retry import call_with_retries

__all__ = ["GeminiModel", "create_model"]

PROVIDER = "gemini"
DEFAULT_MODEL = "gemini-2.5-flash"
TIMEOUT_MS = 600_000
_ANSWERED = frozenset({None, "STOP", "MAX_TOKENS", "FINISH_REASON_UNSPECIFIED"})


def create_model(model: str | None = None) -> Model:
    """The registry's entry point: a Gemini model configured from the environment."""
    api_key = os.environ.get("GEMINI_API_KEY") or os.environ.get("GOOGLE_API_KEY")
    if not api_key:
        raise ProviderError("gemini: set GEMINI_API_KEY or GOOGLE_API_KEY")
    base_url = os.environ.get("GEMINI_BASE_URL") or None
    return GeminiModel(model or DEFAULT_MODEL, api_key=api_key, base_url=base_url)


@dataclass(frozen=True)
class _CallMeta:
    """What Gemini said about one of its function calls, to be sent back with it."""

    vendor_id: bool
    signature: bytes | None


def _declaration(spec: ToolSpec) -> types.FunctionDeclaration:
    return types.FunctionDeclaration(
        name=spec.name,
        description=spec.description,
        parameters_json_schema=spec.parameters or None,
    )


def _response_payload(result: ToolResult) -> dict[str, Any]:
    if result.is_error:
        return {"error": json_or_text(result.output.removeprefix(ERROR_PREFIX).strip())}
    return {"output": json_or_text(result.output)}


class GeminiModel(Model):
    """An `agents.Model` over the Gemini API's generateContent."""

    def __init__(self, model: str, *, api_key: str, base_url: str | None = None) -> None:
        self.model = model
        self._api_key = api_key
        self._base_url = base_url
        self._calls: dict[str, _CallMeta] = {}

    def __repr__(self) -> str:
        return f"GeminiModel(model={self.model!r}, base_url={self._base_url!r})"

    def _part(self, part: Text | ToolCall | ToolResult) -> types.Part:
        if isinstance(part, Text):
            return types.Part(text=part.text)
        meta = self._calls.get(part.call_id, _CallMeta(False, None))
        call_id = part.call_id if meta.vendor_id else None
        if isinstance(part, ToolCall):
            return types.Part(
                function_call=types.FunctionCall(id=call_id, name=part.name, args=part.arguments),
                thought_signature=meta.signature,
            )
        return types.Part(
            function_response=types.FunctionResponse(
                id=call_id, name=part.name, response=_response_payload(part)
            )
        )

    def to_contents(self, conversation: Conversation) -> list[types.Content]:
        """The turns as Gemini contents: `user` turns and `model` turns."""
        return [
            types.Content(
                role="model" if turn.role == "assistant" else "user",
                parts=[self._part(p) for p in turn.parts],
            )
            for turn in conversation.turns
        ]

    def to_response(self, reply: types.GenerateContentResponse) -> ModelResponse:
        """A generateContent reply as output items: its text as one message, then its calls."""
        if not reply.candidates:
            feedback = reply.prompt_feedback
            blocked = _name(feedback.block_reason) if feedback is not None else None
            raise ProviderError(
                f"gemini ({self.model}) returned no answer"
                + (f": the request was blocked ({blocked})" if blocked else "")
            )
        candidate = reply.candidates[0]
        parts = candidate.content.parts if candidate.content is not None else None
        texts: list[str] = []
        calls: list[ResponseFunctionToolCall] = []
        for part in parts or []:
            if part.function_call is not None:
                fc = part.function_call
                call_id = fc.id or new_call_id()
                self._calls[call_id] = _CallMeta(bool(fc.id), part.thought_signature)
                calls.append(call_item(call_id, fc.name or "", dict(fc.args or {})))
            elif part.text and not part.thought:
                texts.append(part.text)
        reason = _name(candidate.finish_reason)
        if not texts and not calls and reason not in _ANSWERED:
            raise ProviderError(f"gemini ({self.model}) returned no answer: finish reason {reason}")
        output: list[ResponseOutputMessage | ResponseFunctionToolCall] = []
        text = "".join(texts)
        if text.strip():
            output.append(message_item(text))
        output.extend(calls)
        meta = reply.usage_metadata
        if meta is None:
            tokens = usage(0, 0)
        else:
            thoughts = meta.thoughts_token_count or 0
            tokens = usage(
                meta.prompt_token_count,
                (meta.candidates_token_count or 0) + thoughts,
                meta.total_token_count,
                meta.cached_content_token_count,
                thoughts,
            )
        return ModelResponse(output=list(output), usage=tokens, response_id=None)

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
        contents = self.to_contents(conversation)
        specs = tool_specs(tools, handoffs, PROVIDER)
        config = types.GenerateContentConfig(
            system_instruction=conversation.system,
            tools=[types.Tool(function_declarations=[_declaration(s) for s in specs])]
            if specs
            else None,
            temperature=model_settings.temperature,
            top_p=model_settings.top_p,
            max_output_tokens=model_settings.max_tokens,
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
        )
        client = genai.Client(
            api_key=self._api_key,
            vertexai=False,
            http_options=types.HttpOptions(
                base_url=self._base_url,
                timeout=TIMEOUT_MS,
                retry_options=types.HttpRetryOptions(attempts=1),
            ),
        )
        try:

            async def call() -> types.GenerateContentResponse:
                return await client.aio.models.generate_content(
                    model=self.model, contents=contents, config=config
                )

            reply = await call_with_retries(
                call, provider=PROVIDER, model=self.model, secrets=(self._api_key,)
            )
        finally:
            await client.aio.aclose()
            client.close()
        return self.to_response(reply)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("the gemini provider does not stream")


def _name(value: Any) -> str | None:
    """An enum's name (the SDK's enums are str subclasses), or None."""
    if value is None:
        return None
    return str(getattr(value, "value", value))
