"""The task tracker's MCP tools: thin adapters from validated arguments to the service.

Every failure has one body, the contract's: ``{"error": <message>, "code": <code>}``, marked
``is_error``. Bad arguments get the contract's own words where it has them (INVALID_STATUS,
INVALID_LIMIT); any other bad argument is INVALID_ARGUMENT, naming the field and the rule.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

import mcp_types as types
from mcp.server import Server
from pydantic import BaseModel, ValidationError

from servers._common.app import StartupError, ToolSpec, build_server
from servers._common.database import check_database_url
from servers._common.schema import ArgumentProblem, shorten
from servers._common.storage import sql_lifespan
from servers.tasks.errors import ErrorCode, TaskError
from servers.tasks.features import TASKS_FEATURES
from servers.tasks.models import (
    CONTRACT_ERROR_CODES,
    CreateTaskInput,
    GetTaskInput,
    ListTasksInput,
    ListTasksResult,
    TaskResponse,
    UpdateTaskInput,
)
from servers.tasks.service import TaskService

__all__ = ["TASK_TOOLS", "TasksEnvelope", "build_tasks_server", "create_server"]

logger = logging.getLogger(__name__)

SERVER_NAME = "tasks"
INSTRUCTIONS = (
    "A task tracker for development work. list_tasks returns short summaries by default; "
    "call get_task for one task's description, notes, planning references, branches and commits."
)


class TasksEnvelope:
    """Shapes every failure as ``{"error": message, "code": code}``."""

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        worded: list[tuple[ErrorCode, str]] = []
        contract_fields: set[str] = set()
        for error in exc.errors(include_url=False):
            code = CONTRACT_ERROR_CODES.get(error["type"])
            if code is not None:
                worded.append((code, error["msg"]))  # type: ignore[arg-type]
                contract_fields.add(".".join(str(p) for p in error["loc"]))
        others = [p for p in problems if p.field not in contract_fields]
        if others:
            described = "; ".join(str(p) for p in others)
            worded.append(("INVALID_ARGUMENT", f"Invalid arguments for {tool}: {described}"))
        codes = {code for code, _ in worded}
        return {
            "error": "; ".join(message for _, message in worded),
            "code": codes.pop() if len(codes) == 1 else "INVALID_ARGUMENT",
        }

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        if isinstance(exc, TaskError):
            return exc.body()
        if isinstance(exc, StartupError):  # the store could not be opened
            return {"error": str(exc), "code": "DATABASE_ERROR"}
        logger.exception("%s failed unexpectedly", tool)
        return {
            "error": f"{tool} failed with an internal error ({type(exc).__name__}); "
            "the server log has the details",
            "code": "INTERNAL_ERROR",
        }

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        return {
            "error": f"Unknown tool '{shorten(tool)}'. Known tools: {', '.join(known)}",
            "code": "UNKNOWN_TOOL",
        }


_READ_ONLY = types.ToolAnnotations(read_only_hint=True, idempotent_hint=True)
StateT = TypeVar("StateT")
InputT = TypeVar("InputT", bound=BaseModel)


@dataclass(frozen=True)
class TaskTool(ToolSpec[StateT, InputT]):
    """A tool whose output schema is listed self-contained: each `$ref` to its `$defs` replaced
    by what it names. The same schema, cheaper to check: a client validates every result
    against it (the MCP SDK does, with `jsonschema`), and resolving a `$ref` for each of a
    listing's 50 or 100 tasks was a third of that work."""

    def to_mcp(self) -> types.Tool:
        tool = super().to_mcp()
        if tool.output_schema is None:
            return tool
        return tool.model_copy(update={"output_schema": self_contained(tool.output_schema)})


def self_contained(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with its local `$ref`s (``#/$defs/Name``) replaced by their targets, and no
    `$defs`. A `$ref` beside other keywords keeps them (they apply alongside, as in 2020-12)."""
    defs = schema.get("$defs", {})

    def resolve(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, list):
            return [resolve(n, seen) for n in node]
        if not isinstance(node, dict):
            return node
        out = {k: resolve(v, seen) for k, v in node.items() if k not in ("$ref", "$defs")}
        ref = node.get("$ref")
        if isinstance(ref, str):
            name = ref.removeprefix("#/$defs/")
            if name == ref or name not in defs or name in seen:
                raise ValueError(f"output schema: cannot inline $ref {ref!r}")
            return {**resolve(defs[name], (*seen, name)), **out}
        return out

    return resolve(schema, ())


TASK_TOOLS: list[ToolSpec[TaskService, Any]] = [
    TaskTool(
        name="list_tasks",
        description=(
            "List tasks, most recently updated first, optionally filtered by status and git "
            "branch. Returns summaries (id, title, status, created_at, updated_at) unless "
            "full_details is true; use get_task for one task's details."
        ),
        input_model=ListTasksInput,
        handler=TaskService.list_tasks_json,
        output_model=ListTasksResult,
        annotations=_READ_ONLY,
        on_loop=True,
    ),
    TaskTool(
        name="get_task",
        description=(
            "Get one task with all its fields: description, notes, planning references, "
            "branches and commits."
        ),
        input_model=GetTaskInput,
        handler=TaskService.get_task,
        output_model=TaskResponse,
        annotations=_READ_ONLY,
        on_loop=True,
    ),
    TaskTool(
        name="create_task",
        description=(
            "Create a task (status 'need to be done'), optionally with a description, notes "
            "and relative paths to planning documents. Returns the new task."
        ),
        input_model=CreateTaskInput,
        handler=TaskService.create_task,
        output_model=TaskResponse,
        on_loop=True,
    ),
    TaskTool(
        name="update_task",
        description=(
            "Update a task: set title, description, notes or status, and/or add a git branch "
            "or a commit hash to its lists (each kept once). Returns the updated task."
        ),
        input_model=UpdateTaskInput,
        handler=TaskService.update_task,
        output_model=TaskResponse,  # in a worker thread: its row lock is the ORM's
    ),
]


def build_tasks_server(service: TaskService) -> Server[Any]:
    """The MCP server for an already open ``service`` (tests and benchmarks seed it directly)."""
    return build_server(
        SERVER_NAME,
        TASK_TOOLS,
        TasksEnvelope(),
        instructions=INSTRUCTIONS,
        lifespan=lambda: nullcontext(service),
    )


def create_server(url: str, *, background: bool = False) -> Server[Any]:
    """The task tracker MCP server on the database at ``url`` (what the runner builds).

    The database opens when the server starts serving and closes when it stops; with
    ``background`` (stdio), the handshake does not wait for it. A URL of a kind we cannot serve
    is a StartupError here.
    """
    url = check_database_url(url)
    return build_server(
        SERVER_NAME,
        TASK_TOOLS,
        TasksEnvelope(),
        instructions=INSTRUCTIONS,
        lifespan=sql_lifespan(url, _storage, background=background),
        features=TASKS_FEATURES,
    )


def _storage() -> tuple[Sequence[Any], Callable[[Any], TaskService]]:
    """The SQL layer (loaded in a worker thread): its tables, and the service of a database."""
    from servers.tasks.sql_repository import TABLES, SqlTaskRepository

    return TABLES, lambda db: TaskService(SqlTaskRepository(db))
