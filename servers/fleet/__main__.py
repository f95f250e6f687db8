"""``python -m servers.fleet`` (or ``mcp-fleet``): the fleet MCP server (stdio by default)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server import Server


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    from servers.fleet.config import add_arguments

    add_arguments(parser)


def _build(args: argparse.Namespace) -> Server[Any]:
    from servers.fleet.config import settings_from
    from servers.fleet.tools import create_server

    # Over stdio the client waits for the handshake: storage opens meanwhile, not before. Over
    # (stateless) HTTP no connection outlives a request: no resources/subscribe to offer.
    stdio = args.transport == "stdio"
    return create_server(settings_from(args), background=stdio, subscriptions=stdio)


def main(argv: Sequence[str] | None = None) -> int:
    from servers._common.runner import serve

    return serve(
        _build,
        prog="python -m servers.fleet",
        description="Fleet MCP server: AI coding agents in git worktrees (or Coder workspaces), "
        "with Taskfile metadata.",
        add_arguments=_add_arguments,
        argv=argv,
    )


if __name__ == "__main__":
    sys.exit(main())
