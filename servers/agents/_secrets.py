"""The secrets this server holds, and the last line of defence that keeps them out of responses.

Every value of an environment variable named like a secret (``*_API_KEY``, ``*_TOKEN``,
``*_PASSWORD``, ``*DATABASE_URL``, …) and every key from the orchestrator config's provider
sections is a secret. :meth:`Secrets.scrub` replaces each one, wherever it appears in a response
(an answer that quotes a key, an API error that echoes it), with ``[redacted]``. Error messages
(:meth:`Secrets.message`) also lose anything shaped like a key we were not given.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from servers._common.process import is_secret_name

__all__ = ["MIN_SECRET", "Secrets"]

MIN_SECRET = 8  # shorter values (a placeholder) would garble text for no protection
_MASK = "[redacted]"
# What a key we were not given looks like (one a CLI read from its own login files): OpenAI's
# and Anthropic's `sk-…`, Google's `AIza…`, a long bearer token.
_KEY_SHAPES = re.compile(
    r"(sk-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{20,}|(?i:bearer)\s+[A-Za-z0-9._~+/=\-]{16,})"
)


class Secrets:
    def __init__(self, values: Iterable[str]) -> None:
        unique = {v for v in values if len(v) >= MIN_SECRET}
        self.values = tuple(sorted(unique, key=len, reverse=True))  # longest first

    @classmethod
    def collect(cls, environ: Mapping[str, str], extra: Iterable[str] = ()) -> Secrets:
        found = [v.strip() for k, v in environ.items() if is_secret_name(k) and v.strip()]
        return cls([*found, *extra])

    def text(self, value: str) -> str:
        for secret in self.values:
            if secret in value:
                value = value.replace(secret, _MASK)
        return value

    def message(self, value: str) -> str:
        """An error message without our secrets nor anything shaped like a key."""
        return _KEY_SHAPES.sub(_MASK, self.text(value))

    def scrub(self, value: Any) -> Any:
        """``value`` (a JSON-like structure) with every secret replaced, at any depth."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.scrub(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.scrub(v) for v in value]
        return value
