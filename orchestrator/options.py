"""Run options that can be set three ways: a command-line flag (or the library's keyword), an
environment variable, or a key in the config's `orchestrator:` section. The first one given wins,
in that order; then the default.

| option              | flag                    | environment                          | default |
|---------------------|-------------------------|--------------------------------------|---------|
| `early_start`       | `--no-early-start`      | `ORCHESTRATOR_EARLY_START` (0/1)     | true    |
| `catalogue_cache`   | `--no-cache`            | `ORCHESTRATOR_CATALOGUE_CACHE` (0/1) | true    |
| `provider_attempts` | `--provider-attempts N` | `ORCHESTRATOR_PROVIDER_ATTEMPTS`     | 4       |

(The config key has the option's name.)

`early_start` spawns the stdio servers before the client's imports, so they boot meanwhile;
`catalogue_cache` routes on the servers' cached tool lists and starts only the servers a request
uses (`orchestrator.cache`, `orchestrator.discovery`); `provider_attempts` is how many times a
provider request is tried (retries included).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from orchestrator.config import OrchestratorSettings
from orchestrator.errors import UsageError

__all__ = ["CATALOGUE_CACHE_VAR", "EARLY_START_VAR", "PROVIDER_ATTEMPTS_VAR", "RunOptions"]

EARLY_START_VAR = "ORCHESTRATOR_EARLY_START"
CATALOGUE_CACHE_VAR = "ORCHESTRATOR_CATALOGUE_CACHE"
PROVIDER_ATTEMPTS_VAR = "ORCHESTRATOR_PROVIDER_ATTEMPTS"
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True)
class RunOptions:
    early_start: bool = True
    provider_attempts: int = 4
    catalogue_cache: bool = True

    @classmethod
    def resolve(
        cls,
        config: OrchestratorSettings,
        *,
        early_start: bool | None = None,
        provider_attempts: int | None = None,
        catalogue_cache: bool | None = None,
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
        return cls(
            early_start=cls.early_start if early_start is None else early_start,
            provider_attempts=provider_attempts or cls.provider_attempts,
            catalogue_cache=cls.catalogue_cache if catalogue_cache is None else catalogue_cache,
        )


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
