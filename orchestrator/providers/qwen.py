"""The `qwen` provider: Alibaba Cloud's Qwen models through DashScope's OpenAI-compatible mode.

Settings: `DASHSCOPE_API_KEY` (required) and `DASHSCOPE_BASE_URL` (optional, the URL that
`/chat/completions` is appended to; default the international endpoint
`https://dashscope-intl.aliyuncs.com/compatible-mode/v1`; in mainland China use
`https://dashscope.aliyuncs.com/compatible-mode/v1`). The model: `--model`, the config, else
`qwen-plus`.
"""

from __future__ import annotations

from orchestrator.providers import ChatCompletionsProvider

__all__ = ["DEFAULT_BASE_URL", "QwenProvider"]

DEFAULT_BASE_URL = "https://dashscope-intl.aliyuncs.com/compatible-mode/v1"


class QwenProvider(ChatCompletionsProvider):
    name = "qwen"
    description = "Qwen (Alibaba Cloud DashScope)"
    default_model = "qwen-plus"
    key_vars = ("DASHSCOPE_API_KEY",)
    base_url_var = "DASHSCOPE_BASE_URL"
    default_base_url = DEFAULT_BASE_URL
