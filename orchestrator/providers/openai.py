"""The `openai` provider: OpenAI's Chat Completions API.

Settings: `OPENAI_API_KEY` (required); `OPENAI_BASE_URL` (optional) sends the same requests
elsewhere, e.g. through a proxy; or `openai: {api_key, base_url, default_model}` in the config.
The model: `--model`, the config, else `gpt-4.1-mini`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.providers import Provider

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["OpenAIProvider"]


class OpenAIProvider(Provider):
    name = "openai"
    description = "OpenAI"
    default_model = "gpt-4.1-mini"
    key_vars = ("OPENAI_API_KEY",)
    base_url_var = "OPENAI_BASE_URL"

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        from orchestrator.models.openai import OpenAIChatModel

        self.check()
        return OpenAIChatModel(
            self.require_model(name),
            provider=self.name,
            api_key=self.api_key() or "",
            base_url=self.base_url(),
            openai_account=True,
            retry=retry,
        )
