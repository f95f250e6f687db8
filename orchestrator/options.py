"""Run options that can be set three ways: a command-line flag (or the library's keyword), an
environment variable, or a key in the config's `orchestrator:` section. The first one given wins,
in that order; then the default.

| option              | flag                    | environment                          | default |
|---------------------|-------------------------|--------------------------------------|---------|
| `early_start`       | `--no-early-start`      | `ORCHESTRATOR_EARLY_START` (0/1)     | true    |
| `catalogue_cache`   | `--no-cache`            | `ORCHESTRATOR_CATALOGUE_CACHE` (0/1) | true    |
| `provider_attempts` | `--provider-attempts N` | `ORCHESTRATOR_PROVIDER_ATTEMPTS`     | 4       |
| `provider_timeout`  | `--provider-timeout S`  | `ORCHESTRATOR_PROVIDER_TIMEOUT`      | 120 s   |

(The config key has the option's name; `provider_timeout_seconds` for the last, which a
provider's own section, `timeout_seconds` under `openai:`, `anthropic:`, `google:` or `generic:`,
overrides for that provider.)

`early_start` spawns the stdio servers before the client's imports, so they boot meanwhile;
`catalogue_cache` routes on the servers' cached tool lists and starts only the servers a request
uses (`orchestrator.cache`, `orchestrator.discovery`); `provider_attempts` is how many times a
provider request is tried (retries included); `provider_timeout` how long a provider has to
answer one request (`provider_timeout_for`: the seconds, and how to give it longer, which the
error names when a provider stays silent that long).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass

from orchestrator.config import SECTION_OF_PROVIDER, OrchestratorSettings, ProviderConfig
from orchestrator.errors import UsageError

__all__ = [
    "CATALOGUE_CACHE_VAR",
    "DEFAULT_PROVIDER_TIMEOUT",
    "EARLY_START_VAR",
    "PROVIDER_ATTEMPTS_VAR",
    "PROVIDER_TIMEOUT_VAR",
    "ProviderTimeout",
    "RunOptions",
    "provider_timeout",
]

EARLY_START_VAR = "ORCHESTRATOR_EARLY_START"
CATALOGUE_CACHE_VAR = "ORCHESTRATOR_CATALOGUE_CACHE"
PROVIDER_ATTEMPTS_VAR = "ORCHESTRATOR_PROVIDER_ATTEMPTS"
PROVIDER_TIMEOUT_VAR = "ORCHESTRATOR_PROVIDER_TIMEOUT"
# Long enough for a whole answer that is not streamed (the one-shot's), or a local model loading;
# short enough that a provider that took the request and went silent is named within minutes.
DEFAULT_PROVIDER_TIMEOUT = 120.0
_ORCHESTRATOR_KEY = "`provider_timeout_seconds` under `orchestrator:`"
_OR_FLAG = f", pass --provider-timeout SECONDS or set {PROVIDER_TIMEOUT_VAR}"
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True)
class ProviderTimeout:
    """How long a provider has to answer one request, and how to give it longer (words for the
    error that says it did not answer)."""

    seconds: float = DEFAULT_PROVIDER_TIMEOUT
    raise_with: str = (
        f"the default; pass --provider-timeout SECONDS or set {PROVIDER_TIMEOUT_VAR} to wait longer"
    )


@dataclass(frozen=True)
class RunOptions:
    early_start: bool = True
    provider_attempts: int = 4
    catalogue_cache: bool = True
    provider_timeout: float | None = None  # given by flag or environment: over every config
    provider_timeout_from: str = ""  # which of them gave it
    config_provider_timeout: float | None = None  # `provider_timeout_seconds` under orchestrator:

    @classmethod
    def resolve(
        cls,
        config: OrchestratorSettings,
        *,
        early_start: bool | None = None,
        provider_attempts: int | None = None,
        catalogue_cache: bool | None = None,
        provider_timeout: float | None = None,
        env: Mapping[str, str] | None = None,
    ) -> RunOptions:
        """Each option from the flag, else the environment, else the config, else the default."""
        environ = os.environ if env is None else env
        if early_start is None:
            early_start = _env_bool(environ, EARLY_START_VAR)
        if early_start is None:
            early_start = config.early_start
        if catalogue_cache is None:
            catalogue_cache = _env_bool(environ, CATALOGUE_CACHE_VAR)
        if catalogue_cache is None:
            catalogue_cache = config.catalogue_cache
        if provider_attempts is None:
            provider_attempts = _env_attempts(environ)
        if provider_attempts is None:
            provider_attempts = config.provider_attempts
        if provider_attempts is not None and provider_attempts < 1:
            raise UsageError(f"--provider-attempts must be at least 1, got {provider_attempts}")
        timeout_from = "--provider-timeout"
        if provider_timeout is not None and (
            not math.isfinite(provider_timeout) or provider_timeout <= 0
        ):
            raise UsageError(
                f"--provider-timeout must be a positive number of seconds, got {provider_timeout}"
            )
        if provider_timeout is None:
            provider_timeout, timeout_from = _env_seconds(environ), PROVIDER_TIMEOUT_VAR
        return cls(
            early_start=cls.early_start if early_start is None else early_start,
            provider_attempts=provider_attempts or cls.provider_attempts,
            catalogue_cache=cls.catalogue_cache if catalogue_cache is None else catalogue_cache,
            provider_timeout=provider_timeout,
            provider_timeout_from=timeout_from if provider_timeout is not None else "",
            config_provider_timeout=config.provider_timeout_seconds,
        )

    def provider_timeout_for(self, provider: str, section: ProviderConfig) -> ProviderTimeout:
        """`provider`'s timeout: the flag's, else the environment's, else its config section's
        (`section`), else the `orchestrator:` section's, else the default."""
        own = SECTION_OF_PROVIDER.get(provider)
        key = f"`timeout_seconds` under `{own}:`" if own else _ORCHESTRATOR_KEY
        if self.provider_timeout is not None:
            where = self.provider_timeout_from
            return ProviderTimeout(
                self.provider_timeout, f"set by {where}; raise it to wait longer"
            )
        if section.timeout_seconds is not None:
            return ProviderTimeout(
                section.timeout_seconds, f"set by {key} in the config; raise it to wait longer"
            )
        if self.config_provider_timeout is not None:
            return ProviderTimeout(
                self.config_provider_timeout,
                f"set by {_ORCHESTRATOR_KEY} in the config; raise it to wait longer",
            )
        return ProviderTimeout(
            DEFAULT_PROVIDER_TIMEOUT,
            f"the default; set {key} in the config{_OR_FLAG} to wait longer",
        )


def provider_timeout(
    provider: str, section: ProviderConfig, env: Mapping[str, str] | None = None
) -> ProviderTimeout:
    """The timeout of a provider whose model is made outside an `Orchestrator` (no flag, no
    `orchestrator:` section): the environment's, else its config section's, else the default."""
    given = _env_seconds(os.environ if env is None else env)
    where = PROVIDER_TIMEOUT_VAR if given is not None else ""
    options = RunOptions(provider_timeout=given, provider_timeout_from=where)
    return options.provider_timeout_for(provider, section)


def _env_bool(environ: Mapping[str, str], var: str) -> bool | None:
    raw = environ.get(var, "").strip().lower()
    if not raw:
        return None
    if raw in _TRUE:
        return True
    if raw in _FALSE:
        return False
    raise UsageError(f"{var} must be one of 1, 0, true, false, yes, no; got {raw!r}")


def _env_attempts(environ: Mapping[str, str]) -> int | None:
    raw = environ.get(PROVIDER_ATTEMPTS_VAR, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise UsageError(
            f"{PROVIDER_ATTEMPTS_VAR} must be a whole number of at least 1, got {raw!r}"
        )
    return int(raw)


def _env_seconds(environ: Mapping[str, str]) -> float | None:
    raw = environ.get(PROVIDER_TIMEOUT_VAR, "").strip()
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise UsageError(
            f"{PROVIDER_TIMEOUT_VAR} must be a positive number of seconds, got {raw!r}"
        )
    return value
