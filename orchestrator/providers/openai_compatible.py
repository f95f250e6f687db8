"""The `openai-compatible` provider: any endpoint speaking OpenAI's Chat Completions (vLLM,
LM Studio, llama.cpp's server, LiteLLM, OpenRouter, Groq, ...).

Environment: `OPENAI_COMPATIBLE_BASE_URL` (required: the URL that `/chat/completions` is
appended to, usually ending in `/v1`) and `OPENAI_COMPATIBLE_API_KEY` (sent as a bearer token;
any non-empty value for an endpoint that needs none). There is no default model: name one with
`--model`, the config, or `OPENAI_COMPATIBLE_MODEL` (the registry reads it).
"""

from __future__ import annotations

import os

from agents import Model

from orchestrator.errors import ProviderError
from orchestrator.providers._openai_family import OpenAIFamilyModel, require_model

__all__ = ["create_model"]

BASE_URL_VAR = "OPENAI_COMPATIBLE_BASE_URL"
KEY_VAR = "OPENAI_COMPATIBLE_API_KEY"
MODEL_VAR = "OPENAI_COMPATIBLE_MODEL"


def create_model(model: str | None) -> Model:
    """The registry's entry point."""
    base_url = os.environ.get(BASE_URL_VAR, "").strip()
    if not base_url:
        raise ProviderError(
            f"provider 'openai-compatible' needs {BASE_URL_VAR}: set it to the endpoint's "
            "base URL, e.g. http://localhost:8000/v1"
        )
    api_key = os.environ.get(KEY_VAR)
    if not api_key:
        raise ProviderError(
            f"provider 'openai-compatible' needs {KEY_VAR}: set it to the endpoint's key "
            "(any non-empty value if it needs none)"
        )
    return OpenAIFamilyModel(
        require_model("openai-compatible", model, MODEL_VAR),
        provider="openai-compatible",
        api_key=api_key,
        base_url=base_url,
    )
