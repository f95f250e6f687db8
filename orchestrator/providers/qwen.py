"""The `qwen` provider: Alibaba Cloud's Qwen models through DashScope's OpenAI-compatible mode.

Settings: `DASHSCOPE_API_KEY` (required) and `DASHSCOPE_BASE_URL` (optional, the URL that
`/chat/completions` is appended to; default the international endpoint
`https://dashscope-intl.aliyuncs.com/compatible-mode/v1`; in mainland China use
`https://dashscope.aliyuncs.com/compatible-mode/v1`). The model: `--model`, the config, else
`qwen-plus`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orchestrator.providers import Provider

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["DEFAULT_BASE_URL", "QwenProvider"]

DEFAULT_BASE_URL = "https://dashscope-intl.aliyuncs.com/compatible-mode/v1"


class QwenProvider(Provider):
    name = "qwen"
    description = "Qwen (Alibaba Cloud DashScope)"
    default_model = "qwen-plus"
    key_vars = ("DASHSCOPE_API_KEY",)
    base_url_var = "DASHSCOPE_BASE_URL"

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
