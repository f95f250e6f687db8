"""The `ollama` provider: a local (or remote) Ollama server through its OpenAI-compatible `/v1`.

Settings: `OLLAMA_HOST`, read as Ollama reads it (default `http://127.0.0.1:11434`; `host:port`
without a scheme is accepted; see `_ollama_host`). Ollama needs no key; `OLLAMA_API_KEY`, if set
(ollama.com, or a proxy that checks one), is sent as the bearer token. The model must have been
pulled (`ollama pull llama3.2`) and should support tool calling. Operative when something
answers at the host (a TCP probe); never chosen automatically, only by name.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from orchestrator.providers import Provider, ProviderInfo
from orchestrator.providers._ollama_host import ollama_root_url

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = ["OllamaProvider"]

NO_KEY = "ollama"  # the OpenAI SDK insists on a key; Ollama ignores it
PROBE_SECONDS = 0.3


class OllamaProvider(Provider):
    name = "ollama"
    kind = "local"
    description = "a local Ollama server"
    default_model = "llama3.2"
    key_vars = ("OLLAMA_API_KEY",)
    base_url_var = "OLLAMA_HOST"

    def base_url(self) -> str:
        """The server's root URL, `OLLAMA_HOST` read as Ollama reads it."""
        return ollama_root_url(super().base_url())

    def probe(self, network: bool = True) -> ProviderInfo:
        root = self.base_url()
        if network and _reachable(root):
            return ProviderInfo(self.name, "operative", True, f"answering at {root}")
        return ProviderInfo(self.name, "unreachable", True, f"nothing answering at {root}")

    def check(self) -> None:
        """Whether Ollama answers is found out by the first request: no probe here."""

    def model(self, name: str | None = None, retry: RetryPolicy | None = None) -> Model:
        from orchestrator.models.openai import OpenAIChatModel

        api_key = self.api_key()
        return OpenAIChatModel(
            self.require_model(name),
            provider=self.name,
            api_key=api_key or NO_KEY,
            base_url=self.base_url() + "/v1",
            secret_key=bool(api_key),
            retry=self.retry_policy(retry),
        )


def _reachable(root: str) -> bool:
    parsed = urlparse(root)
    try:
        address = (parsed.hostname or "127.0.0.1", parsed.port or 11434)
        with socket.create_connection(address, PROBE_SECONDS):
            return True
    except OSError:
        return False
