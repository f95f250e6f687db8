"""The secrets this server holds, and the last line of defence that keeps them out of responses.

Every value of an environment variable named like a secret (``*_API_KEY``, ``*_TOKEN``,
``*_PASSWORD``, ``*DATABASE_URL``, …) and every key from the orchestrator config's provider
sections is a secret. :meth:`Secrets.scrub` replaces each one, wherever it appears in a response
(an answer that quotes a key, an API error that echoes it), with ``[redacted]``: a value of
:data:`MIN_SECRET` characters or more anywhere, a shorter one (from :data:`MIN_SHORT_SECRET`)
where it stands as a word of its own (replacing it inside other words would garble text for
nothing). Error messages (:meth:`Secrets.message`) also lose anything shaped like a key we were
not given, and the folders of this installation and of the orchestrator config (``hidden``
folders): a message names a file, never where it is installed.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from servers._common.process import is_secret_name

__all__ = ["MIN_SECRET", "MIN_SHORT_SECRET", "Secrets", "installation_folders"]

MIN_SECRET = 8  # redacted anywhere
MIN_SHORT_SECRET = 4  # redacted as a word of its own; shorter ones are no secret (a placeholder)
_MASK = "[redacted]"
_WORD = r"A-Za-z0-9_\-"
# What a key we were not given looks like (one a CLI read from its own login files): OpenAI's
# and Anthropic's `sk-…`, Google's `AIza…`, a long bearer token.
_KEY_SHAPES = re.compile(
    r"(sk-[A-Za-z0-9_\-]{16,}|AIza[0-9A-Za-z_\-]{20,}|(?i:bearer)\s+[A-Za-z0-9._~+/=\-]{16,})"
)


def installation_folders() -> tuple[Path, ...]:
    """Where this code and its Python environment are installed (never shown to a caller)."""
    here = Path(__file__).resolve()
    return (here.parents[2], Path(sys.prefix).resolve())


class Secrets:
    def __init__(self, values: Iterable[str], *, hidden: Iterable[Path] = ()) -> None:
        unique = {v for v in values if len(v) >= MIN_SHORT_SECRET}
        self.values = tuple(sorted(unique, key=len, reverse=True))  # longest first
        self._short = (
            re.compile(
                "|".join(
                    rf"(?<![{_WORD}]){re.escape(v)}(?![{_WORD}])"
                    for v in self.values
                    if len(v) < MIN_SECRET
                )
            )
            if any(len(v) < MIN_SECRET for v in self.values)
            else None
        )
        folders = {str(f) for f in hidden} | {str(f.resolve()) for f in hidden}
        self._folders = tuple(sorted((f for f in folders if f not in ("/", "")), key=len)[::-1])

    @classmethod
    def collect(
        cls, environ: Mapping[str, str], extra: Iterable[str] = (), *, hidden: Iterable[Path] = ()
    ) -> Secrets:
        found = [v.strip() for k, v in environ.items() if is_secret_name(k) and v.strip()]
        return cls([*found, *extra], hidden=hidden)

    def text(self, value: str) -> str:
        for secret in self.values:
            if len(secret) >= MIN_SECRET and secret in value:
                value = value.replace(secret, _MASK)
        if self._short is not None:
            value = self._short.sub(_MASK, value)
        return value

    def message(self, value: str) -> str:
        """An error message without our secrets, anything shaped like a key, nor the hidden
        folders (``/opt/venv/lib/…/orchestrator/mcp_agent.config.yaml`` shows as
        ``…/orchestrator/mcp_agent.config.yaml``)."""
        value = _KEY_SHAPES.sub(_MASK, self.text(value))
        for folder in self._folders:
            value = value.replace(folder + os.sep, "…" + os.sep)
        return value

    def scrub(self, value: Any) -> Any:
        """``value`` (a JSON-like structure) with every secret replaced, at any depth."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.scrub(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.scrub(v) for v in value]
        return value
