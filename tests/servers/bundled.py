"""Every bundled server, as the cross-server suites see it (the MCP Inspector run, fuzzing).

A new server adds itself with one ``BundledServer`` entry in :data:`BUNDLED`: how to start it on
a scratch folder, its tools, one valid and one invalid call per tool, its error bodies, the
read-only calls that show everything it stores (to check that a failed call wrote nothing), and
what the fuzzer needs to reach real items (a seed call and the id arguments it fills).

In a call's arguments, a string ``"$TOOL.FIELD"`` stands for that field of the structured result
of the valid call to TOOL made earlier in the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
class Errors:
    """How a server's error bodies look (its contract's), for checks across servers."""

    schema: dict[str, Any]
    """JSON schema every error body matches."""
    kind: Callable[[dict[str, Any]], str]
    """The body's kind (error type, code)."""
    invalid_arguments: frozenset[str]
    """The kinds bad arguments get."""


@dataclass(frozen=True)
class BundledServer:
    name: str
    module: str
    tools: tuple[str, ...]
    server_args: Callable[[Path], list[str]]
    """Command-line options that put the server's state in a scratch folder."""
    create: Callable[[Path, str | None], Server[Any]]
    """The server, in process, with its state in a scratch folder (or, for a SQL-backed one, in
    the database at the URL given instead of None)."""
    valid: tuple[Call, ...]
    invalid: tuple[Call, ...]
    errors: Errors
    snapshot: tuple[Call, ...]
    """Read-only calls whose results together show everything the server stores."""
    seed: Call
    """A call that makes one item, whose id the fuzzer passes to the tools that take one."""
    ids: dict[str, str]
    """Argument name -> the field of the seed call's result that fills it."""
    sql: bool
    """SQL-backed: the suites also run it on PostgreSQL."""
    may_refuse: Callable[[str, dict[str, Any], dict[str, Any]], bool]
    """Whether a schema-valid call (tool, arguments) may get this error body: what the schema
    cannot say (the id names nothing, nothing to change, a date beyond year 9999 in UTC)."""


def _sqlite(folder: Path, name: str) -> str:
    return f"sqlite:///{folder / name}"


def _todo_server(folder: Path, database_url: str | None) -> Server[Any]:
    from servers.todo.tools import create_server

    return create_server(database_url or _sqlite(folder, "todo.db"))


def _tasks_server(folder: Path, database_url: str | None) -> Server[Any]:
    from servers.tasks.tools import create_server

    return create_server(database_url or _sqlite(folder, "tasks.db"))


COMMIT = "a1b2c3d4e5f6789012345678901234567890abcd"
_OUT_OF_RANGE = "must be within years 1 to 9999"


def _todo_may_refuse(tool: str, arguments: dict[str, Any], body: dict[str, Any]) -> bool:
    if body["error_type"] == "todo_not_found":
        return tool in ("update_todo", "delete_todo")
    nothing_to_change = tool == "update_todo" and set(arguments) == {"todo_id"}
    # A pattern cannot say how many days a month has; a date-time near year 1 or 9999 can fall
    # outside them in UTC.
    beyond_the_schema = _OUT_OF_RANGE in body["message"] or "must be a real date" in body["message"]
    return body["error_type"] == "invalid_arguments" and (nothing_to_change or beyond_the_schema)


def _tasks_may_refuse(tool: str, arguments: dict[str, Any], body: dict[str, Any]) -> bool:
    if body["code"] == "TASK_NOT_FOUND":
        return tool in ("get_task", "update_task")
    return tool == "update_task" and set(arguments) == {"task_id"}


TODO_ERRORS = Errors(
    schema={
        "type": "object",
        "properties": {
            "success": {"const": False},
            "error_type": {"enum": ["todo_not_found", "invalid_arguments", "database_error",
                                    "permission_denied"]},
            "message": {"type": "string", "minLength": 1, "maxLength": 1000},
            "recoverable": {"type": "boolean"},
        },
        "required": ["success", "error_type", "message", "recoverable"],
        "additionalProperties": False,
    },
    kind=lambda body: body["error_type"],
    invalid_arguments=frozenset({"invalid_arguments"}),
)  # fmt: skip
TASKS_ERRORS = Errors(
    schema={
        "type": "object",
        "properties": {
            "error": {"type": "string", "minLength": 1, "maxLength": 2000},
            "code": {"enum": ["INVALID_STATUS", "INVALID_LIMIT", "INVALID_ARGUMENT",
                              "UNKNOWN_TOOL", "TASK_NOT_FOUND", "DATABASE_ERROR",
                              "QUERY_TIMEOUT", "INTERNAL_ERROR"]},
        },
        "required": ["error", "code"],
        "additionalProperties": False,
    },
    kind=lambda body: body["code"],
    invalid_arguments=frozenset({"INVALID_ARGUMENT", "INVALID_STATUS", "INVALID_LIMIT"}),
)  # fmt: skip

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
    errors=TODO_ERRORS,
    snapshot=(Call("list_todos", {"status": "all", "limit": 100}),),
    seed=Call("create_todo", {"title": "seed", "tags": ["seed"]}),
    ids={"todo_id": "todo_id"},
    sql=True,
    may_refuse=_todo_may_refuse,
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
    errors=TASKS_ERRORS,
    snapshot=(Call("list_tasks", {"full_details": True, "limit": 100}),),
    seed=Call("create_task", {"title": "seed", "description": "d", "notes": "n"}),
    ids={"task_id": "id"},
    sql=True,
    may_refuse=_tasks_may_refuse,
)  # fmt: skip

BUNDLED: tuple[BundledServer, ...] = (TODO, TASKS)
