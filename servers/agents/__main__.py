"""``python -m servers.agents`` (or ``mcp-agents``): the agents MCP server (stdio by default)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server import Server

ENV_VAR = "AGENTS_DATABASE_URL"


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    from servers._common.database import add_database_argument

    add_database_argument(parser, env_var=ENV_VAR)
    parser.add_argument(
        "--config",
        help="the orchestrator config whose servers tools may be bound to (default: "
        "$AGENTS_CONFIG, else mcp_agent.config.yaml in the working directory or a parent, "
        "else the bundled one)",
    )


def _build(args: argparse.Namespace) -> Server[Any]:
    from servers._common.database import resolve_database_url
    from servers.agents.tools import create_server

    url = resolve_database_url(args.database_url, env_var=ENV_VAR, filename="agents.db")
    # Over stdio the client waits for the handshake: storage opens meanwhile, not before.
    return create_server(url, config=args.config, background=args.transport == "stdio")


def main(argv: Sequence[str] | None = None) -> int:
    from servers._common.runner import serve

    return serve(
        _build,
        prog="python -m servers.agents",
        description="Agents MCP server (execute_agent_request, list_available_agents, "
        "probe_agent_status, register_tool_with_agent).",
        add_arguments=_add_arguments,
        argv=argv,
    )


if __name__ == "__main__":
    sys.exit(main())
