"""The `deepseek` provider: DeepSeek's OpenAI-compatible Chat Completions API.

Settings: `DEEPSEEK_API_KEY` (required) and `DEEPSEEK_BASE_URL` (optional, the URL that
`/chat/completions` is appended to; default `https://api.deepseek.com/v1`). The model: `--model`,
the config, else `deepseek-chat`.
"""

from __future__ import annotations

from orchestrator.providers import ChatCompletionsProvider

__all__ = ["DEFAULT_BASE_URL", "DeepSeekProvider"]

DEFAULT_BASE_URL = "https://api.deepseek.com/v1"


class DeepSeekProvider(ChatCompletionsProvider):
    name = "deepseek"
    description = "DeepSeek"
    default_model = "deepseek-chat"
    key_vars = ("DEEPSEEK_API_KEY",)
    base_url_var = "DEEPSEEK_BASE_URL"
    default_base_url = DEFAULT_BASE_URL
