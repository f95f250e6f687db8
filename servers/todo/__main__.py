"""``python -m servers.todo``: the todo MCP server (stdio by default)."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from servers._common.runner import serve
    from servers.todo.tools import create_server

    return serve(
        create_server,
        prog="python -m servers.todo",
        description="Todo list MCP server (create_todo, list_todos, update_todo, delete_todo).",
        env_var="TODO_DATABASE_URL",
        filename="todo.db",
        argv=argv,
    )


if __name__ == "__main__":
    sys.exit(main())
