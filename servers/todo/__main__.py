"""``python -m servers.todo``: the todo MCP server (stdio by default)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server import Server

ENV_VAR = "TODO_DATABASE_URL"


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    from servers._common.database import add_database_argument

    add_database_argument(parser, env_var=ENV_VAR)


def _build(args: argparse.Namespace) -> Server[Any]:
    from servers._common.database import resolve_database_url
    from servers.todo.tools import create_server

    url = resolve_database_url(args.database_url, env_var=ENV_VAR, filename="todo.db")
    # Over stdio the client waits for the handshake: storage opens meanwhile, not before.
    return create_server(url, background=args.transport == "stdio")


def main(argv: Sequence[str] | None = None) -> int:
    from servers._common.runner import serve

    return serve(
        _build,
        prog="python -m servers.todo",
        description="Todo list MCP server (create_todo, list_todos, update_todo, delete_todo).",
        add_arguments=_add_arguments,
        argv=argv,
    )


if __name__ == "__main__":
    sys.exit(main())
