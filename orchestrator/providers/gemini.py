"""The `gemini` provider: Google Gemini through the Gemini API (`google-genai` SDK).

Settings: `GEMINI_API_KEY`, else `GOOGLE_API_KEY`, and `GEMINI_BASE_URL` (optional: a proxy or
gateway), or `google: {api_key, base_url, default_model}` in the config (mcp-agent's name). The
model: `--model`, the config, else `gemini-2.5-flash`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.providers import Provider

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["GeminiProvider"]


class GeminiProvider(Provider):
    name = "gemini"
    description = "Google Gemini"
    default_model = "gemini-2.5-flash"
    key_vars = ("GEMINI_API_KEY", "GOOGLE_API_KEY")
    base_url_var = "GEMINI_BASE_URL"
    sdk = "google.genai"
    requirement = "google-genai>=3.4,<4"

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        self.check()
        from orchestrator.models.gemini import GeminiModel

        return GeminiModel(
            self.require_model(name),
            api_key=self.api_key() or "",
            base_url=self.base_url(),
            retry=self.retry_policy(retry),
        )
