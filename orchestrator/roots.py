"""Roots: the folders a server may work in, offered to servers that ask (`roots/list`).

A server's `roots` in the config (mcp-agent's and fast-agent's `[{uri, name,
server_uri_alias}]`, or paths) are offered as written (`server_uri_alias`, when set, is the URI
the server is shown). Without them, the folders its command line names (a config from a client
that offers no roots, Claude Desktop's, gives a filesystem server its folders there, and a server
that takes roots uses them instead of its own arguments: offering anything else would widen what
it may touch); else the working folder the orchestrator started in.
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
    named = _named_folders(entry, cwd)
    folders = named or [cwd.resolve()]
    return [OfferedRoot(f.as_uri(), f.name or str(f)) for f in folders]


def _named_folders(entry: MCPServerSettings, cwd: Path) -> list[Path]:
    """The existing folders among the arguments of `entry`'s command (an absolute path, or one
    relative to the server's own working folder), each once, in order."""
    base = Path(entry.cwd).expanduser() if entry.cwd else cwd
    found: list[Path] = []
    for arg in entry.args:
        if ("/" not in arg and arg not in (".", "..")) or arg.startswith("-"):
            continue  # a package name, a flag: not a path
        path = (base / Path(arg).expanduser()).resolve()
        if path.is_dir() and path not in found:
            found.append(path)
    return found


def roots_handler(entry: MCPServerSettings, cwd: Path) -> Any:
    """The MCP client's `list_roots_callback` for `entry`'s server."""
    from mcp_types import ListRootsResult, Root

    roots = [Root(uri=r.uri, name=r.name) for r in roots_of(entry, cwd)]  # type: ignore[arg-type]

    async def handle(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=roots)

    return handle
