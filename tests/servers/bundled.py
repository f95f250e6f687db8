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
    internal: frozenset[str] = frozenset()
    """The kinds that mean the server itself failed (storage, an unexpected exception)."""


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
    if body["error_type"] == "conflict":  # a drawn `if_unchanged_since` is not its updated_at
        return tool == "update_todo" and arguments.get("if_unchanged_since") is not None
    given = set(arguments) - {"if_unchanged_since"}  # (a precondition is no change)
    nothing_to_change = tool == "update_todo" and given == {"todo_id"}
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
            "error_type": {"enum": ["todo_not_found", "invalid_arguments", "conflict",
                                    "database_error", "permission_denied"]},
            "message": {"type": "string", "minLength": 1, "maxLength": 1000},
            "recoverable": {"type": "boolean"},
        },
        "required": ["success", "error_type", "message", "recoverable"],
        "additionalProperties": False,
    },
    kind=lambda body: body["error_type"],
    invalid_arguments=frozenset({"invalid_arguments"}),
    internal=frozenset({"database_error"}),
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
    internal=frozenset({"DATABASE_ERROR", "QUERY_TIMEOUT", "INTERNAL_ERROR"}),
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


def _fleet_args(folder: Path) -> list[str]:
    """A git repository and a fleet file whose role runs the fleet tests' agent script."""
    import subprocess
    import sys

    import yaml

    repo = folder / "setup"
    fleet = folder / "fleet.yaml"
    if not fleet.exists():
        repo.mkdir(parents=True)
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run([*git, "init", "--quiet"], cwd=repo, check=True)
        (repo / "README.md").write_text("# setup\n")
        subprocess.run([*git, "add", "--all"], cwd=repo, check=True)
        subprocess.run([*git, "commit", "--quiet", "-m", "first"], cwd=repo, check=True)
        agent = Path(__file__).parent / "fleet" / "agent.py"
        role = {"command": [sys.executable, str(agent), "{task}"]}
        fleet.write_text(
            yaml.safe_dump(
                {
                    "projects": {
                        "Setup": {
                            "source": str(repo),
                            "roles": {"coder": role},
                            "default_role": "coder",
                        }
                    }
                }
            )
        )
    return [
        "--fleet-config",
        str(fleet),
        "--database-url",
        _sqlite(folder, "fleet.db"),
        "--state-dir",
        str(folder / "fleet-state"),
    ]


def _fleet_server(folder: Path, database_url: str | None) -> Server[Any]:
    import argparse

    from servers.fleet.config import add_arguments, settings_from
    from servers.fleet.tools import create_server

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    argv = _fleet_args(folder)
    if database_url is not None:
        argv += ["--database-url", database_url]  # the last one counts
    return create_server(settings_from(parser.parse_args(argv), {}, cwd=folder))


def _fleet_may_refuse(tool: str, arguments: dict[str, Any], body: dict[str, Any]) -> bool:
    error = body["error"]
    if error["code"] == "NOT_FOUND":  # the agent, project or role named is not there
        return "agent_name" in arguments or tool in ("list_agent_roles", "create_agent")
    # A schema cannot say "not only spaces", nor "comments or a message" (feedback).
    return error["code"] == "INVALID_INPUT" and (
        "must not be blank" in error["message"] or "give comments or a message" in error["message"]
    )


FLEET_ERRORS = Errors(
    schema={
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "code": {"enum": ["INVALID_INPUT", "NOT_FOUND", "CONFLICT", "INTERNAL_ERROR",
                                      "SERVICE_UNAVAILABLE"]},
                    "message": {"type": "string", "minLength": 1},
                    "details": {"type": "object"},
                },
                "required": ["code", "message", "details"],
                "additionalProperties": False,
            }
        },
        "required": ["error"],
        "additionalProperties": False,
    },
    kind=lambda body: body["error"]["code"],
    invalid_arguments=frozenset({"INVALID_INPUT"}),
    internal=frozenset({"INTERNAL_ERROR", "SERVICE_UNAVAILABLE"}),
)  # fmt: skip

AGENT = "inspector-bot"

FLEET = BundledServer(
    name="fleet",
    module="servers.fleet",
    tools=("list_agents", "show_agent", "list_agent_projects", "list_agent_roles",
           "create_agent", "delete_agent", "restart_agent", "start_agent_task",
           "cancel_agent_task", "show_agent_task_history", "show_agent_log",
           "show_agent_diff", "merge_agent_work", "send_agent_feedback"),
    server_args=_fleet_args,
    create=_fleet_server,
    valid=(
        Call("list_agent_projects", {}),
        Call("list_agent_roles", {"project": "Setup"}),
        Call("create_agent", {"name": AGENT, "project": "Setup", "task": "lines=1"}),
        Call("show_agent", {"agent_name": AGENT}),
        Call("list_agents", {}),
        Call("restart_agent", {"agent_name": AGENT}),
        Call("start_agent_task", {"agent_name": AGENT, "task_description": "lines=0 block"}),
        Call("cancel_agent_task", {"agent_name": AGENT}),
        Call("show_agent_task_history", {"agent_name": AGENT}),
        Call("show_agent_log", {"agent_name": AGENT, "page_size": 5}),
        Call("show_agent_diff", {"agent_name": AGENT}),
        Call("merge_agent_work", {"agent_name": AGENT}),
        Call("send_agent_feedback", {"agent_name": AGENT, "message": "lines=0 Looks good."}),
        Call("delete_agent", {"agent_name": AGENT}),
    ),
    invalid=(
        Call("list_agents", {"status_filter": "sleeping"}, "status_filter: must be one of"),
        Call("show_agent", {"agent_name": "no spaces"},
             "agent_name: must be 1 to 32 letters, digits and hyphens"),
        Call("list_agent_projects", {"extra": 1}, "extra: is not a known field"),
        Call("list_agent_roles", {"project": "Nope"}, "Project 'Nope' not found"),
        Call("create_agent", {"name": "a", "project": "Setup", "task": " "},
             "task: must not be blank"),
        Call("delete_agent", {"agent_name": "ghost"}, "Agent 'ghost' not found"),
        Call("restart_agent", {"agent_name": "x" * 33},
             "agent_name: must be at most 32 characters long"),
        Call("start_agent_task", {"agent_name": "ghost", "task_description": "x"},
             "Agent 'ghost' not found"),
        Call("cancel_agent_task", {"agent_name": "ghost"}, "Agent 'ghost' not found"),
        Call("show_agent_task_history", {"agent_name": "ghost", "page": 0},
             "page: must be at least 1"),
        Call("show_agent_log", {"agent_name": "ghost", "page_size": 101},
             "page_size: must be at most 100"),
        Call("show_agent_diff", {"agent_name": "ghost", "page": 0}, "page: must be at least 1"),
        Call("merge_agent_work", {"agent_name": "ghost"}, "Agent 'ghost' not found"),
        Call("send_agent_feedback", {"agent_name": "ghost"}, "give comments or a message"),
    ),
    errors=FLEET_ERRORS,
    snapshot=(Call("list_agents", {}),),
    # The fuzzer fills id arguments from a top-level field of the seed's result; create_agent
    # answers {"agent": {...}}, so fuzzed calls name agents that do not exist (NOT_FOUND) and
    # never start a task on random text. The valid calls above cover real agents.
    seed=Call("create_agent", {"name": "seed", "project": "Setup", "task": "lines=0"}),
    ids={},
    sql=True,
    may_refuse=_fleet_may_refuse,
)  # fmt: skip


AGENTS_ERRORS = Errors(
    schema={
        "type": "object",
        "properties": {
            "status": {"const": "error"},
            "error": {"type": "string", "minLength": 1},
            "code": {"type": "string", "minLength": 1},
        },
        "required": ["status", "error", "code"],
    },
    kind=lambda body: body["code"],
    invalid_arguments=frozenset({"invalid_arguments", "invalid_tool_spec", "unsupported_setting"}),
    internal=frozenset({"internal_error", "storage_error"}),
)  # fmt: skip

# What a schema-valid call may still get on a machine with no keys and no agent CLI: the agent
# is unknown or not operative here, the rate limit, a setting or capability it lacks, no tools
# registered for the offline agent, a binding to a server the config does not have.
_AGENTS_REFUSALS = frozenset(
    {
        "agent_not_found", "agent_not_operative", "rate_limited", "unsupported_setting",
        "no_tools", "no_tool_use", "unknown_server", "invalid_tool_spec", "no_answer",
        "timeout", "cli_error", "api_error",
    }
)  # fmt: skip


def _agents_may_refuse(tool: str, arguments: dict[str, Any], error: dict[str, Any]) -> bool:
    return error["code"] in _AGENTS_REFUSALS


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


def _agents_server(folder: Path, database_url: str | None) -> Server[Any]:
    from servers.agents.tools import create_server

    config = _agents_args(folder)[-1]
    return create_server(database_url or _sqlite(folder, "agents.db"), config=config)


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
    errors=AGENTS_ERRORS,
    snapshot=(Call("list_available_agents", {"capability_filter": "tool_use"}),),
    # Registrations are keyed by name; there is no id to fill.
    seed=Call("register_tool_with_agent", _add_todo("todo")),
    ids={},
    sql=True,
    may_refuse=_agents_may_refuse,
)  # fmt: skip

BUNDLED: tuple[BundledServer, ...] = (TODO, TASKS, FLEET, AGENTS)
