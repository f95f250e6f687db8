"""The catalogue cache: each server's `tools/list`, kept between runs, so a request can be routed
(or a model's first turn made) before any server is up, and only the servers it uses start.

An entry is keyed by what defines the server: its transport, command (as resolved), arguments,
environment, working folder or URL and headers, and for the bundled servers this package's
version; the key is a hash, so no value of the environment (a key, a password) is written. A
server that starts writes its entry afresh. Entries live in the user's cache folder:
`$XDG_CACHE_HOME/mcp-orchestrator/catalogue/<server>-<key>.json` (else `~/.cache/...`).
Writes are atomic (a temporary file renamed); an unreadable entry is a miss. Beside the tools an
entry keeps the protocol the server spoke (`Era`: a 2026-07-28 server's `server/discover` result,
or the handshake's version), so the next run speaks it at once instead of probing again.

On 2026-07-28 a listing says how long it may be reused (`ttlMs`, like HTTP's `max-age`; `0`, the
SDK's default, is stale at once): an entry older than its listing's `ttlMs` is a miss (the server
starts and is listed afresh), and a `server/discover` result older than its own is not adopted
(the era is probed again). The handshake's listings say nothing, and are kept until the server
next starts. `cacheScope: private` forbids only shared caches (HTTP's `private`); this one is
the user's own, so both scopes are kept.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from orchestrator._paths import user_dir
from orchestrator.catalogue import Era, ListedTool
from orchestrator.config import MCPServerSettings
from orchestrator.stdio import is_bundled, resolve_command

__all__ = ["CatalogueCache", "cache_dir"]

logger = logging.getLogger(__name__)

FORMAT = 1


def cache_dir() -> Path:
    """The per-user cache folder (`orchestrator._paths`)."""
    return user_dir("cache")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mcp-orchestrator")
    except PackageNotFoundError:
        return "unknown"


class CatalogueCache:
    """Reads and writes cached tool listings under `folder`."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = (folder or cache_dir()) / "catalogue"

    def key(self, entry: MCPServerSettings) -> str:
        """A hash of what defines the server (see the module docstring)."""
        defining: dict[str, object] = {"format": FORMAT, "transport": entry.transport}
        if entry.transport == "stdio":
            command = resolve_command(entry.command or "", entry.env.get("PATH"))
            defining |= {"command": command, "args": entry.args, "env": entry.env}
            defining |= {"cwd": entry.cwd, "inherit_env": entry.inherit_env}
            if is_bundled(entry):
                defining["version"] = _version()
        else:
            defining |= {"url": entry.url, "headers": entry.headers}
        raw = json.dumps(defining, sort_keys=True, default=str).encode()
        return hashlib.sha256(raw).hexdigest()[:20]

    def path(self, entry: MCPServerSettings) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in entry.name)[:40]
        return self.folder / f"{safe}-{self.key(entry)}.json"

    def load(self, entry: MCPServerSettings) -> list[ListedTool] | None:
        """The cached listing of `entry`'s server, or None (none, or past its `ttlMs`)."""
        data = self._read(entry)
        if data is not None and _expired(data, data.get("ttl_ms")):
            logger.debug("catalogue cache entry for %r is past its ttlMs", entry.name)
            return None
        try:
            return [ListedTool(**tool) for tool in data["tools"]] if data is not None else None
        except (KeyError, TypeError) as exc:
            logger.debug("catalogue cache entry for %r unreadable: %s", entry.name, exc)
            return None

    def era(self, entry: MCPServerSettings) -> Era | None:
        """The protocol `entry`'s server spoke when it was last listed, or None."""
        data = self._read(entry)
        era = data.get("era") if data is not None else None
        if data is None or not isinstance(era, dict) or not isinstance(era.get("version"), str):
            return None
        discover = era.get("discover")
        if not isinstance(discover, dict) or _expired(data, discover.get("ttlMs")):
            discover = None
        return Era(era["version"], discover)

    def _read(self, entry: MCPServerSettings) -> dict[str, Any] | None:
        try:
            data = json.loads(self.path(entry).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            logger.debug("catalogue cache entry for %r unreadable: %s", entry.name, exc)
            return None
        return data if isinstance(data, dict) else None

    def save(
        self,
        entry: MCPServerSettings,
        tools: Sequence[ListedTool],
        era: Era | None = None,
        ttl_ms: int | None = None,
    ) -> None:
        """Write `entry`'s listing, the protocol it spoke and how long the listing may be reused
        (`ttl_ms`, from now; None: until the server next starts) atomically; a failure to write
        is only logged."""
        path = self.path(entry)
        data: dict[str, Any] = {"server": entry.name, "tools": [asdict(t) for t in tools]}
        data["listed_at"] = time.time()
        if ttl_ms is not None:
            data["ttl_ms"] = ttl_ms
        if era is not None:
            data["era"] = asdict(era)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=path.parent, delete=False, suffix=".tmp"
            ) as tmp:
                json.dump(data, tmp, ensure_ascii=False)
            os.replace(tmp.name, path)
        except OSError as exc:
            logger.debug("catalogue cache entry for %r not written: %s", entry.name, exc)


def _expired(data: dict[str, Any], ttl_ms: object) -> bool:
    """Whether an entry listed at `data["listed_at"]` is past `ttl_ms` (no ttl: never; an entry
    without a time, or with a time or ttl that is not a number, is past it)."""
    if ttl_ms is None:
        return False
    listed_at = data.get("listed_at")
    if not isinstance(ttl_ms, int | float) or not isinstance(listed_at, int | float):
        return True
    return time.time() - listed_at >= ttl_ms / 1000
