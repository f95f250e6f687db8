"""Every bundled server, as the cross-server suites see it (the MCP Inspector run, fuzzing).

A new server adds itself with one ``BundledServer`` entry in :data:`BUNDLED`: how to start it on
a scratch folder, its tools, one valid and one invalid call per tool, and the read-only calls
that show everything it stores (to check that a failed call wrote nothing).

In a call's arguments, a string ``"$TOOL.FIELD"`` stands for that field of the structured result
of the valid call to TOOL made earlier in the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp.server import Server

_REFERENCE = re.compile(r"^\$(\w+)\.(\w+)$")


@dataclass(frozen=True)
class Call:
    tool: str
    arguments: dict[str, Any]
    shows: str = ""
    """For an invalid call: text the error message must contain."""

    def resolve(self, results: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
        """The arguments with ``$TOOL.FIELD`` references replaced by earlier results."""

        def value(v: Any) -> Any:
            if isinstance(v, str) and (m := _REFERENCE.match(v)):
                return results[m.group(1)][m.group(2)]
            return v

        return {k: value(v) for k, v in self.arguments.items()}


@dataclass(frozen=True)
class BundledServer:
    name: str
    module: str
    tools: tuple[str, ...]
    server_args: Callable[[Path], list[str]]
    """Command-line options that put the server's state in a scratch folder."""
    create: Callable[[Path], Server[Any]]
    """The server, in process, with its state in a scratch folder."""
    valid: tuple[Call, ...]
    invalid: tuple[Call, ...]
    snapshot: tuple[Call, ...] = field(default=())
    """Read-only calls whose results together show everything the server stores."""


def _sqlite(folder: Path, name: str) -> str:
    return f"sqlite:///{folder / name}"


def _todo_server(folder: Path) -> Server[Any]:
    from servers.todo.tools import create_server

    return create_server(_sqlite(folder, "todo.db"))


def _tasks_server(folder: Path) -> Server[Any]:
    from servers.tasks.tools import create_server

    return create_server(_sqlite(folder, "tasks.db"))


COMMIT = "a1b2c3d4e5f6789012345678901234567890abcd"

TODO = BundledServer(
    name="todo",
    module="servers.todo",
    tools=("create_todo", "list_todos", "update_todo", "delete_todo"),
    server_args=lambda folder: ["--database-url", _sqlite(folder, "todo.db")],
    create=_todo_server,
    valid=(
        Call("create_todo", {"title": "buy eggs", "due_date": "2025-12-22T15:00:00+01:00",
                             "tags": ["shop"], "priority": "high"}),
        Call("list_todos", {"status": "all", "tags": ["shop"]}),
        Call("update_todo", {"todo_id": "$create_todo.todo_id", "status": "completed"}),
        Call("delete_todo", {"todo_id": "$create_todo.todo_id", "confirmation": True}),
    ),
    invalid=(
        Call("create_todo", {"title": "x", "priority": "urgent"},
             "priority: must be one of 'low', 'medium' or 'high'"),
        Call("list_todos", {"limit": 500}, "limit: must be between 1 and 100"),
        Call("update_todo", {"todo_id": "todo_nope", "title": "x"},
             "Todo with ID 'todo_nope' does not exist"),
        Call("delete_todo", {"todo_id": "todo_nope", "confirmation": False},
             "confirmation: must be true"),
    ),
    snapshot=(Call("list_todos", {"status": "all", "limit": 100}),),
)  # fmt: skip

TASKS = BundledServer(
    name="tasks",
    module="servers.tasks",
    tools=("list_tasks", "get_task", "create_task", "update_task"),
    server_args=lambda folder: ["--database-url", _sqlite(folder, "tasks.db")],
    create=_tasks_server,
    valid=(
        Call("create_task", {"title": "Implement auth", "description": "JWT with refresh",
                             "planning_references": ["specs/001-auth/spec.md"]}),
        Call("update_task", {"task_id": "$create_task.id", "status": "in-progress",
                             "branch": "001-auth", "commit": COMMIT}),
        Call("get_task", {"task_id": "$create_task.id"}),
        Call("list_tasks", {"full_details": True}),
    ),
    invalid=(
        Call("list_tasks", {"status": "done"},
             "Invalid status: done. Valid values: ['need to be done', 'in-progress', 'complete']"),
        Call("get_task", {"task_id": "550e8400-e29b-41d4-a716-446655440000"},
             "Task not found: 550e8400-e29b-41d4-a716-446655440000"),
        Call("create_task", {"title": ""}, "title: must be at least 1 character long"),
        Call("update_task", {"task_id": "550e8400-e29b-41d4-a716-446655440000",
                             "commit": "abc"},
             "commit: must be a full git commit hash"),
    ),
    snapshot=(Call("list_tasks", {"full_details": True, "limit": 100}),),
)  # fmt: skip


def _agents_args(folder: Path) -> list[str]:
    """An orchestrator config holding the todo server, for the agents' registered tool."""
    import sys

    import yaml

    config = folder / "agents-config.yaml"
    if not config.exists():
        folder.mkdir(parents=True, exist_ok=True)
        todo = {
            "command": sys.executable,
            "args": ["-m", "servers.todo", "--database-url", _sqlite(folder, "todo.db")],
        }
        config.write_text(yaml.safe_dump({"mcp": {"servers": {"todo": todo}}}))
    return ["--database-url", _sqlite(folder, "agents.db"), "--config", str(config)]


def _agents_server(folder: Path) -> Server[Any]:
    from servers.agents.tools import create_server

    config = _agents_args(folder)[-1]
    return create_server(_sqlite(folder, "agents.db"), config=config)


def _add_todo(server: str) -> dict[str, Any]:
    return {
        "tool_name": "add_todo",
        "agent_name": "offline",
        "tool_spec": {
            "description": "Add an item to the user's todo list",
            "input_schema": {
                "type": "object",
                "properties": {"title": {"type": "string"}},
                "required": ["title"],
            },
            "binding": {"mcp": {"server": server, "tool": "create_todo"}},
        },
    }


AGENTS = BundledServer(
    name="agents",
    module="servers.agents",
    tools=("execute_agent_request", "list_available_agents", "probe_agent_status",
           "register_tool_with_agent"),
    server_args=_agents_args,
    create=_agents_server,
    valid=(
        Call("list_available_agents", {"capability_filter": "tool_use", "include_status": True}),
        Call("probe_agent_status", {"agent_name": "offline"}),
        Call("register_tool_with_agent", _add_todo("todo")),
        Call("execute_agent_request", {"agent_name": "offline",
                                       "prompt": "add buy eggs to my todos"}),
    ),
    invalid=(
        Call("execute_agent_request", {"agent_name": "hal", "prompt": "open the doors"},
             "Agent Not Found: no agent named 'hal'"),
        Call("list_available_agents", {"capability_filter": ""},
             "capability_filter: must be at least 1 character long"),
        Call("probe_agent_status", {"agent_name": ""},
             "agent_name: must be at least 1 character long"),
        Call("register_tool_with_agent", _add_todo("nowhere"),
             "no server named 'nowhere' in the orchestrator config"),
    ),
    snapshot=(Call("list_available_agents", {"capability_filter": "tool_use"}),),
)  # fmt: skip

BUNDLED: tuple[BundledServer, ...] = (TODO, TASKS, AGENTS)
