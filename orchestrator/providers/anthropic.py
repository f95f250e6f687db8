"""The `anthropic` provider: Claude through Anthropic's Messages API (`anthropic` SDK).

Settings: `ANTHROPIC_API_KEY` (required) and `ANTHROPIC_BASE_URL` (optional: a proxy or
gateway), or `anthropic: {api_key, base_url, default_model}` in the config. The model:
`--model`, the config, else `claude-sonnet-4-6`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.providers import Provider

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["AnthropicProvider"]


class AnthropicProvider(Provider):
    name = "anthropic"
    description = "Anthropic Claude"
    default_model = "claude-sonnet-4-6"
    key_vars = ("ANTHROPIC_API_KEY",)
    base_url_var = "ANTHROPIC_BASE_URL"
    sdk = "anthropic"
    requirement = "anthropic>=2.12,<3"

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        self.check()
        from orchestrator.models.anthropic import AnthropicModel

        return AnthropicModel(
            self.require_model(name),
            api_key=self.api_key() or "",
            base_url=self.base_url(),
            retry=self.retry_policy(retry),
        )
