"""Providers known, probed, chosen.

A provider is a module `orchestrator.providers.<name>` with a function
`create_model(model: str | None) -> agents.Model`. The registry knows every provider by name and
how to tell whether it is operative (its key variable set, its endpoint answering); it imports a
provider's module, and so its SDK, only once that provider is chosen. A provider whose module
does not exist yet is listed with `installed=False` and never chosen automatically, so a new one
slots in by adding its module, without touching the loop.

Choice: `--provider`/`--model`, else the config's `orchestrator.provider`/`model`, else the first
operative installed LLM provider, else `offline`. A provider chosen without a model gets its
`model_var` from the environment if it has one (`OPENAI_COMPATIBLE_MODEL`), else its default.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlparse

from orchestrator.errors import ProviderError, UsageError
from orchestrator.providers._ollama_host import ollama_root_url

if TYPE_CHECKING:
    from agents import Model

__all__ = [
    "KNOWN_PROVIDERS",
    "Plan",
    "ProviderInfo",
    "ProviderSpec",
    "choose_provider",
    "plan_provider",
    "probe_providers",
]

ProviderStatus = Literal["operative", "key_missing", "unreachable"]


@dataclass(frozen=True)
class ProviderSpec:
    """A provider the registry knows about."""

    name: str
    kind: Literal["local", "api"]
    key_vars: tuple[str, ...] = ()
    default_model: str | None = None
    base_url_var: str | None = None
    description: str = ""
    model_var: str | None = None
    sdk: str | None = None  # the module its provider module imports (absent: not installed)
    requirement: str | None = None  # its name on PyPI; the extra `extra` pins its version
    extra: str | None = None


@dataclass(frozen=True)
class ProviderInfo:
    """A provider's probed status."""

    name: str
    status: ProviderStatus
    installed: bool
    detail: str

    @property
    def usable(self) -> bool:
        return self.status == "operative" and self.installed

    def as_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "status": self.status,
            "installed": self.installed,
            "detail": self.detail,
        }


KNOWN_PROVIDERS: tuple[ProviderSpec, ...] = (
    ProviderSpec(
        "gemini",
        "api",
        ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
        "gemini-2.5-flash",
        description="Google Gemini",
        sdk="google.genai",
        requirement="google-genai",
        extra="gemini",
    ),
    ProviderSpec(
        "anthropic",
        "api",
        ("ANTHROPIC_API_KEY",),
        "claude-sonnet-4-5",
        description="Anthropic Claude",
        sdk="anthropic",
        requirement="anthropic",
        extra="anthropic",
    ),
    ProviderSpec("openai", "api", ("OPENAI_API_KEY",), "gpt-4.1-mini", description="OpenAI"),
    ProviderSpec(
        "ollama",
        "local",
        (),
        "llama3.2",
        base_url_var="OLLAMA_HOST",
        description="a local Ollama server",
    ),
    ProviderSpec(
        "openai-compatible",
        "api",
        ("OPENAI_COMPATIBLE_API_KEY",),
        None,
        base_url_var="OPENAI_COMPATIBLE_BASE_URL",
        description="any OpenAI-compatible endpoint",
        model_var="OPENAI_COMPATIBLE_MODEL",
    ),
    ProviderSpec(
        "offline", "local", (), None, description="deterministic router, no network, no key"
    ),
)
_BY_NAME = {spec.name: spec for spec in KNOWN_PROVIDERS}


def _module_name(name: str) -> str:
    return "orchestrator.providers." + name.replace("-", "_")


def _installed(name: str) -> bool:
    """Its module exists and its SDK is installed (found without importing it)."""
    if importlib.util.find_spec(_module_name(name)) is None:
        return False
    sdk = _BY_NAME[name].sdk
    if sdk is None:
        return True
    try:
        return importlib.util.find_spec(sdk) is not None
    except ModuleNotFoundError:  # the parent package (`google`) is missing
        return False


def _ollama_reachable(root: str) -> bool:
    parsed = urlparse(root)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 11434), 0.3):
            return True
    except OSError:
        return False


def probe(
    spec: ProviderSpec, env: dict[str, str] | None = None, network: bool = True
) -> ProviderInfo:
    """Status of one provider from the environment (and, for ollama, a TCP probe)."""
    environ = os.environ if env is None else env
    installed = _installed(spec.name)
    if spec.name == "offline":
        return ProviderInfo(spec.name, "operative", installed, spec.description)
    if spec.name == "ollama":
        base = ollama_root_url(environ.get("OLLAMA_HOST"))
        if network and _ollama_reachable(base):
            return ProviderInfo(spec.name, "operative", installed, f"answering at {base}")
        return ProviderInfo(spec.name, "unreachable", installed, f"nothing answering at {base}")
    for var in spec.key_vars:
        value = environ.get(var)
        if value:
            detail = f"{var}={value[:4]}…" if len(value) >= 16 else f"{var} is set"
            if spec.base_url_var and not environ.get(spec.base_url_var):
                return ProviderInfo(
                    spec.name,
                    "key_missing",
                    installed,
                    f"{detail} but {spec.base_url_var} is not set",
                )
            return ProviderInfo(spec.name, "operative", installed, detail)
    wanted = " or ".join(spec.key_vars)
    return ProviderInfo(spec.name, "key_missing", installed, f"set {wanted}")


def probe_providers(env: dict[str, str] | None = None, network: bool = True) -> list[ProviderInfo]:
    """Every known provider's status, in the order they are preferred."""
    return [probe(spec, env, network) for spec in KNOWN_PROVIDERS]


@dataclass(frozen=True)
class Choice:
    """The chosen provider: its name, model name, the `agents.Model`, and why it was chosen."""

    name: str
    model_name: str | None
    model: Model
    reason: str


@dataclass(frozen=True)
class Plan:
    """A provider picked and checked, its SDK not imported yet: `build()` does that."""

    name: str
    model_name: str | None
    reason: str

    def build(self) -> Choice:
        """Import the provider's module (and so its SDK) and make its model."""
        module = importlib.import_module(_module_name(self.name))
        return Choice(self.name, self.model_name, module.create_model(self.model_name), self.reason)


def choose_provider(
    provider: str | None = None,
    model: str | None = None,
    config_provider: str | None = None,
    config_model: str | None = None,
    env: dict[str, str] | None = None,
) -> Choice:
    """Pick the provider and build its model; see the module docstring for the order."""
    return plan_provider(provider, model, config_provider, config_model, env).build()


def plan_provider(
    provider: str | None = None,
    model: str | None = None,
    config_provider: str | None = None,
    config_model: str | None = None,
    env: dict[str, str] | None = None,
) -> Plan:
    """Pick the provider and check it can run (name known, SDK installed, key set), cheaply."""
    if provider:
        name, model_name, reason = provider, model, "--provider"
    elif config_provider:
        name, model_name, reason = config_provider, model or config_model, "config"
    else:
        name, reason = "offline", "no operative LLM provider"
        for candidate in KNOWN_PROVIDERS:
            if candidate.kind == "api" and probe(candidate, env, network=False).usable:
                name, reason = candidate.name, "first operative provider"
                break
        model_name = model or config_model
    spec = _BY_NAME.get(name)
    if spec is None:
        known = ", ".join(_BY_NAME)
        raise UsageError(f"unknown provider {name!r} (known: {known})")
    if not _installed(name):
        if spec.extra:
            raise ProviderError(
                f"provider {name!r} needs its SDK: pip install {spec.requirement} "
                f"(or, in a clone of this project, pip install '.[{spec.extra}]')"
            )
        raise ProviderError(
            f"provider {name!r} is known but not available in this version; use --provider offline"
        )
    info = probe(spec, env, network=False) if name != "ollama" else None
    if info is not None and info.status != "operative":
        raise ProviderError(f"provider {name!r} is not operative: {info.detail}")
    environ = os.environ if env is None else env
    model_id = model_name or (spec.model_var and environ.get(spec.model_var)) or spec.default_model
    return Plan(name, model_id, reason)
