"""Providers known, probed, chosen.

The registry knows every provider by name (`PROVIDERS`, in the order they are preferred) and
creates it lazily from its module, `orchestrator.providers.<name>` (see that package for the
seam). Provider modules import no SDK, so probing all of them is cheap; a provider's SDK is
imported by its `model()`, once it is chosen.

Choice: `--provider`/`--model`, else the config's `orchestrator.provider`/`model`, else the first
operative installed API provider, else `offline`. `plan_provider` makes that choice and checks
it can run (known, SDK installed, key set) without importing anything heavy, so the CLI can
refuse a bad provider before any server starts; `Plan.build()` then makes the model.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from orchestrator.config import ProviderConfig
from orchestrator.errors import UsageError
from orchestrator.providers import Provider, ProviderInfo

if TYPE_CHECKING:
    from orchestrator.models import Model
    from orchestrator.models.retry import RetryPolicy

__all__ = [
    "PROVIDERS",
    "Choice",
    "Plan",
    "choose_provider",
    "get_provider",
    "plan_provider",
    "probe_providers",
]

# name -> "module:class", in the order the automatic choice prefers them.
PROVIDERS: dict[str, str] = {
    "gemini": "orchestrator.providers.gemini:GeminiProvider",
    "anthropic": "orchestrator.providers.anthropic:AnthropicProvider",
    "openai": "orchestrator.providers.openai:OpenAIProvider",
    "ollama": "orchestrator.providers.ollama:OllamaProvider",
    "openai-compatible": "orchestrator.providers.openai_compatible:OpenAICompatibleProvider",
    "deepseek": "orchestrator.providers.deepseek:DeepSeekProvider",
    "qwen": "orchestrator.providers.qwen:QwenProvider",
    "offline": "orchestrator.providers.offline:OfflineProvider",
}

ProviderConfigs = Mapping[str, ProviderConfig]


def get_provider(
    name: str, env: Mapping[str, str] | None = None, configs: ProviderConfigs | None = None
) -> Provider:
    """The provider called `name`, reading `env` (default: the process's) and its config."""
    path = PROVIDERS.get(name)
    if path is None:
        raise UsageError(f"unknown provider {name!r} (known: {', '.join(PROVIDERS)})")
    module_name, _, class_name = path.partition(":")
    cls: type[Provider] = getattr(importlib.import_module(module_name), class_name)
    return cls(env, (configs or {}).get(name))


def probe_providers(
    env: Mapping[str, str] | None = None,
    network: bool = True,
    configs: ProviderConfigs | None = None,
) -> list[ProviderInfo]:
    """Every known provider's status, in the order they are preferred."""
    return [get_provider(name, env, configs).probe(network) for name in PROVIDERS]


@dataclass(frozen=True)
class Choice:
    """The chosen provider: its name, model name, the model, and why it was chosen."""

    name: str
    model_name: str | None
    model: Model
    reason: str


@dataclass(frozen=True)
class Plan:
    """A provider picked and checked, its SDK not imported yet: `build()` does that."""

    provider: Provider
    model_name: str | None
    reason: str

    @property
    def name(self) -> str:
        return self.provider.name

    def build(self, retry: RetryPolicy | None = None) -> Choice:
        """Make the model (importing the provider's SDK)."""
        model = self.provider.model(self.model_name, retry)
        return Choice(self.name, self.model_name, model, self.reason)


def plan_provider(
    provider: str | None = None,
    model: str | None = None,
    config_provider: str | None = None,
    config_model: str | None = None,
    env: Mapping[str, str] | None = None,
    configs: ProviderConfigs | None = None,
) -> Plan:
    """Pick the provider and check it can run (name known, SDK installed, key set), cheaply."""
    environ = os.environ if env is None else env
    if provider:
        name, model_name, reason = provider, model, "--provider"
    elif config_provider:
        name, model_name, reason = config_provider, model or config_model, "config"
    else:
        name, model_name, reason = "offline", model or config_model, "no operative LLM provider"
        for candidate in PROVIDERS:
            chosen = get_provider(candidate, environ, configs)
            if chosen.kind == "api" and chosen.probe(network=False).usable:
                name, reason = candidate, "first operative provider"
                break
    chosen = get_provider(name, environ, configs)
    chosen.check()
    return Plan(chosen, chosen.model_name(model_name), reason)


def choose_provider(
    provider: str | None = None,
    model: str | None = None,
    config_provider: str | None = None,
    config_model: str | None = None,
    env: Mapping[str, str] | None = None,
    configs: ProviderConfigs | None = None,
    retry: RetryPolicy | None = None,
) -> Choice:
    """Pick the provider and make its model; see the module docstring for the order."""
    plan = plan_provider(provider, model, config_provider, config_model, env, configs)
    return plan.build(retry)
