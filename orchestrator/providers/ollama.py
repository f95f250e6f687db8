"""The `ollama` provider: a local (or remote) Ollama server through its OpenAI-compatible `/v1`.

Environment: `OLLAMA_HOST`, read as Ollama reads it (default `http://127.0.0.1:11434`; `host:port`
without a scheme is accepted; see `_ollama_host`). Ollama needs no key; `OLLAMA_API_KEY`, if set
(ollama.com, or a proxy that checks one), is sent as the bearer token. The model must have been
pulled (`ollama pull llama3.2`) and should support tool calling.
"""

from __future__ import annotations

import os

from agents import Model

from orchestrator.providers._ollama_host import ollama_root_url
from orchestrator.providers._openai_family import OpenAIFamilyModel, require_model

__all__ = ["create_model"]

HOST_VAR = "OLLAMA_HOST"
KEY_VAR = "OLLAMA_API_KEY"
NO_KEY = "ollama"  # the OpenAI SDK insists on a key; Ollama ignores it


def create_model(model: str | None) -> Model:
    """The registry's entry point."""
    api_key = os.environ.get(KEY_VAR)
    return OpenAIFamilyModel(
        require_model("ollama", model),
        provider="ollama",
        api_key=api_key or NO_KEY,
        base_url=ollama_root_url(os.environ.get(HOST_VAR)) + "/v1",
        secret_key=bool(api_key),
    )
