"""Roots: the folders a server may work in, offered to servers that ask (`roots/list`).

A server's `roots` in the config (mcp-agent's and fast-agent's `[{uri, name,
server_uri_alias}]`, or paths) are offered as written (`server_uri_alias`, when set, is the URI
the server is shown); without them, the working folder the orchestrator started in is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from orchestrator.config import MCPServerSettings

__all__ = ["OfferedRoot", "roots_handler", "roots_of"]


@dataclass(frozen=True)
class OfferedRoot:
    """A root as a server sees it."""

    uri: str
    name: str | None = None


def roots_of(entry: MCPServerSettings, cwd: Path) -> list[OfferedRoot]:
    """The roots offered to `entry`'s server."""
    if entry.roots:
        return [OfferedRoot(r.server_uri_alias or r.uri, r.name) for r in entry.roots]
    folder = cwd.resolve()
    return [OfferedRoot(folder.as_uri(), folder.name or str(folder))]


def roots_handler(entry: MCPServerSettings, cwd: Path) -> Any:
    """The MCP client's `list_roots_callback` for `entry`'s server."""
    from mcp_types import ListRootsResult, Root

    roots = [Root(uri=r.uri, name=r.name) for r in roots_of(entry, cwd)]  # type: ignore[arg-type]

    async def handle(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=roots)

    return handle
