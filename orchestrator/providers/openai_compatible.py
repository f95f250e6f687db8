"""The `openai-compatible` provider: any endpoint speaking OpenAI's Chat Completions (vLLM,
LM Studio, llama.cpp's server, LiteLLM, OpenRouter, Groq, ...).

Settings: `OPENAI_COMPATIBLE_BASE_URL` (required: the URL that `/chat/completions` is appended
to, usually ending in `/v1`) and `OPENAI_COMPATIBLE_API_KEY` (sent as a bearer token; any
non-empty value for an endpoint that needs none). There is no default model: name one with
`--model`, the config, or `OPENAI_COMPATIBLE_MODEL`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.errors import ProviderError
from orchestrator.providers import Provider

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["OpenAICompatibleProvider"]


class OpenAICompatibleProvider(Provider):
    name = "openai-compatible"
    description = "any OpenAI-compatible endpoint"
    key_vars = ("OPENAI_COMPATIBLE_API_KEY",)
    base_url_var = "OPENAI_COMPATIBLE_BASE_URL"
    base_url_required = True
    model_var = "OPENAI_COMPATIBLE_MODEL"

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        from orchestrator.models.openai import OpenAIChatModel

        base_url = self.base_url()
        if not base_url:
            raise ProviderError(
                f"provider 'openai-compatible' needs {self.base_url_var}: set it to the "
                "endpoint's base URL, e.g. http://localhost:8000/v1"
            )
        api_key = self.api_key()
        if not api_key:
            raise ProviderError(
                f"provider 'openai-compatible' needs {self.key_vars[0]}: set it to the "
                "endpoint's key (any non-empty value if it needs none)"
            )
        return OpenAIChatModel(
            self.require_model(name),
            provider=self.name,
            api_key=api_key,
            base_url=base_url,
            retry=self.retry_policy(retry),
        )
