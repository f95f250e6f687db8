"""The `openai` provider: OpenAI's Chat Completions API.

Settings: `OPENAI_API_KEY` (required); `OPENAI_BASE_URL` (optional) sends the same requests
elsewhere, e.g. through a proxy; or `openai: {api_key, base_url, default_model}` in the config.
The model: `--model`, the config, else `gpt-4.1-mini`.
"""

from __future__ import annotations

from orchestrator.providers import ChatCompletionsProvider

__all__ = ["OpenAIProvider"]


class OpenAIProvider(ChatCompletionsProvider):
    name = "openai"
    description = "OpenAI"
    default_model = "gpt-4.1-mini"
    key_vars = ("OPENAI_API_KEY",)
    base_url_var = "OPENAI_BASE_URL"
    openai_account = True
