"""What the `openai`, `openai-compatible` and `ollama` providers share: one `agents.Model`.

All three speak OpenAI's Chat Completions wire format (OpenAI's API, any compatible endpoint,
Ollama's `/v1`), so each provider module only reads its endpoint and key from the environment
and hands them to `OpenAIFamilyModel`. The conversion to and from Chat Completions is
openai-agents' own `OpenAIChatCompletionsModel`; this wrapper adds:

- retries: the SDK is built with `max_retries=0` and every `get_response` goes through
  `_retry.call_with_retries`, so the policy (and its error messages) is the one in `_retry`;
  `stream_response` is not retried (a half-streamed answer cannot be replayed), only its errors
  are translated;
- the client's lifetime: each call opens its own `AsyncOpenAI` client and closes it when the call
  ends. A model outlives event loops (`asyncio.run` per one-shot request, the REPL's loop), and
  a client's connection pool belongs to the loop it was first used on; a client per call is never
  used across loops and never left for the garbage collector to close;
- secrecy: the key is kept off `repr` and redacted from every log line and error message, and
  the OpenAI account's ids (`OPENAI_ORG_ID`, `OPENAI_PROJECT_ID`, which the SDK reads on its own)
  are sent to OpenAI only, never to another endpoint;
- no tracing: building a model turns openai-agents' tracing off, so nothing is ever sent to
  OpenAI's tracing endpoint (whose exporter would otherwise pick up `OPENAI_API_KEY`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from agents import Model, ModelResponse, OpenAIChatCompletionsModel, set_tracing_disabled
from openai import APIError, AsyncOpenAI, Timeout

from orchestrator.errors import ProviderError
from orchestrator.providers._retry import call_with_retries, describe

if TYPE_CHECKING:
    from agents import ModelSettings, ModelTracing, Tool
    from agents.agent_output import AgentOutputSchemaBase
    from agents.handoffs import Handoff
    from agents.items import TResponseInputItem, TResponseStreamEvent
    from openai.types.responses.response_prompt_param import ResponsePromptParam

__all__ = ["OpenAIFamilyModel", "require_model"]

T = TypeVar("T")

# Local models can take minutes to load and answer; an address that does not answer should not.
TIMEOUT = Timeout(600.0, connect=10.0)


def require_model(provider: str, model: str | None, env_var: str | None = None) -> str:
    """`model`, or a `ProviderError` saying how to name one."""
    if model:
        return model
    ways = "pass --model, set `model` under `orchestrator:` in the config"
    ways += f", or set {env_var}" if env_var else ""
    raise ProviderError(f"provider {provider!r} needs a model name: {ways}")


class OpenAIFamilyModel(Model):
    """A Chat Completions model at `base_url` (None: OpenAI's API), retried by `_retry`."""

    def __init__(
        self,
        model: str,
        *,
        provider: str,
        api_key: str,
        base_url: str | None = None,
        secret_key: bool = True,
        openai_account: bool = False,
    ) -> None:
        set_tracing_disabled(True)
        self.model = model
        self.provider = provider
        self.base_url = base_url
        self._api_key = api_key
        self._secrets = (api_key,) if secret_key and api_key else ()
        self._openai_account = openai_account

    def __repr__(self) -> str:
        where = self.base_url or "https://api.openai.com/v1"
        return f"OpenAIFamilyModel({self.provider!r}, model={self.model!r}, base_url={where!r})"

    def _client(self) -> AsyncOpenAI:
        client = AsyncOpenAI(
            api_key=self._api_key, base_url=self.base_url, max_retries=0, timeout=TIMEOUT
        )
        if not self._openai_account:
            client.organization = client.project = None  # no OpenAI-Organization/-Project
        return client

    async def _with_inner(self, use: Callable[[OpenAIChatCompletionsModel], Awaitable[T]]) -> T:
        async with self._client() as client:
            return await use(OpenAIChatCompletionsModel(self.model, client))

    async def get_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: ModelSettings,
        tools: list[Tool],
        output_schema: AgentOutputSchemaBase | None,
        handoffs: list[Handoff],
        tracing: ModelTracing,
        *,
        previous_response_id: str | None = None,
        conversation_id: str | None = None,
        prompt: ResponsePromptParam | None = None,
    ) -> ModelResponse:
        async def once() -> ModelResponse:
            return await self._with_inner(
                lambda inner: inner.get_response(
                    system_instructions,
                    input,
                    model_settings,
                    tools,
                    output_schema,
                    handoffs,
                    tracing,
                    previous_response_id=previous_response_id,
                    conversation_id=conversation_id,
                    prompt=prompt,
                )
            )

        return await call_with_retries(
            once, provider=self.provider, model=self.model, secrets=self._secrets
        )

    async def stream_response(
        self,
        system_instructions: str | None,
        input: str | list[TResponseInputItem],
        model_settings: ModelSettings,
        tools: list[Tool],
        output_schema: AgentOutputSchemaBase | None,
        handoffs: list[Handoff],
        tracing: ModelTracing,
        *,
        previous_response_id: str | None = None,
        conversation_id: str | None = None,
        prompt: ResponsePromptParam | None = None,
    ) -> AsyncIterator[TResponseStreamEvent]:
        try:
            async with self._client() as client:
                inner = OpenAIChatCompletionsModel(self.model, client)
                async for event in inner.stream_response(
                    system_instructions,
                    input,
                    model_settings,
                    tools,
                    output_schema,
                    handoffs,
                    tracing,
                    previous_response_id=previous_response_id,
                    conversation_id=conversation_id,
                    prompt=prompt,
                ):
                    yield event
        except APIError as exc:
            message = describe(exc, self.provider, self.model, self._secrets)
            raise ProviderError(message) from exc
