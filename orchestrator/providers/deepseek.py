"""The `deepseek` provider: DeepSeek's OpenAI-compatible Chat Completions API.

Settings: `DEEPSEEK_API_KEY` (required) and `DEEPSEEK_BASE_URL` (optional, the URL that
`/chat/completions` is appended to; default `https://api.deepseek.com/v1`). The model: `--model`,
the config, else `deepseek-chat`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.providers import Provider

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["DEFAULT_BASE_URL", "DeepSeekProvider"]

DEFAULT_BASE_URL = "https://api.deepseek.com/v1"


class DeepSeekProvider(Provider):
    name = "deepseek"
    description = "DeepSeek"
    default_model = "deepseek-chat"
    key_vars = ("DEEPSEEK_API_KEY",)
    base_url_var = "DEEPSEEK_BASE_URL"

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        from orchestrator.models.openai import OpenAIChatModel

        self.check()
        return OpenAIChatModel(
            self.require_model(name),
            provider=self.name,
            api_key=self.api_key() or "",
            base_url=self.base_url() or DEFAULT_BASE_URL,
            retry=retry,
        )
