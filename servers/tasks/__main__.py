"""``python -m servers.tasks``: the task tracker MCP server (stdio by default)."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    from servers._common.runner import serve
    from servers.tasks.tools import create_server

    return serve(
        create_server,
        prog="python -m servers.tasks",
        description="Task tracker MCP server (list_tasks, get_task, create_task, update_task).",
        env_var="TASKS_DATABASE_URL",
        filename="tasks.db",
        argv=argv,
    )


if __name__ == "__main__":
    sys.exit(main())
