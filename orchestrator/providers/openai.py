"""The `openai` provider: OpenAI's Chat Completions API.

Environment: `OPENAI_API_KEY` (required); `OPENAI_BASE_URL` (optional) sends the same requests
elsewhere, e.g. through a proxy. The model comes from `--model` or the config, else the
registry's default. Retries, client lifetime and key redaction: see `_openai_family`.
"""

from __future__ import annotations

import os

from agents import Model

from orchestrator.errors import ProviderError
from orchestrator.providers._openai_family import OpenAIFamilyModel, require_model

__all__ = ["create_model"]

KEY_VAR = "OPENAI_API_KEY"
BASE_URL_VAR = "OPENAI_BASE_URL"


def create_model(model: str | None) -> Model:
    """The registry's entry point."""
    api_key = os.environ.get(KEY_VAR)
    if not api_key:
        raise ProviderError(f"provider 'openai' needs an API key: set {KEY_VAR}")
    return OpenAIFamilyModel(
        require_model("openai", model),
        provider="openai",
        api_key=api_key,
        base_url=os.environ.get(BASE_URL_VAR) or None,
        openai_account=True,
    )
