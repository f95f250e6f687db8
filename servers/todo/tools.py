"""The todo MCP tools: thin adapters from the contract's tools to :class:`TodoService`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import mcp_types as types
from mcp.server import Server
from pydantic import ValidationError

from servers._common.app import StartupError, ToolSpec, build_server
from servers._common.database import check_database_url
from servers._common.schema import ArgumentProblem, shorten
from servers._common.storage import sql_lifespan
from servers.todo.errors import TodoError
from servers.todo.features import TODO_FEATURES
from servers.todo.models import (
    CreateTodoInput,
    CreateTodoResult,
    DeleteTodoInput,
    DeleteTodoResult,
    ListTodosInput,
    ListTodosResult,
    UpdateTodoInput,
    UpdateTodoResult,
)
from servers.todo.service import TodoService

__all__ = ["TODO_TOOLS", "TodoErrorEnvelope", "create_server"]

logger = logging.getLogger(__name__)


def _error_body(error_type: str, message: str, recoverable: bool) -> dict[str, Any]:
    return {
        "success": False,
        "error_type": error_type,
        "message": message,
        "recoverable": recoverable,
    }


class TodoErrorEnvelope:
    """The contract's error body: success, error_type, message, recoverable."""

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        detail = "; ".join(str(p) for p in problems)
        return _error_body("invalid_arguments", f"Invalid arguments for {tool}: {detail}", True)

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        if isinstance(exc, TodoError):
            return _error_body(exc.error_type, str(exc), exc.recoverable)
        if isinstance(exc, StartupError):  # the store could not be opened
            return _error_body("database_error", str(exc), True)
        logger.exception("%s failed unexpectedly", tool)
        return _error_body("database_error", f"{tool} failed unexpectedly; try again", True)

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        return _error_body(
            "invalid_arguments",
            f"Unknown tool '{shorten(tool)}'. Known tools: {', '.join(known)}",
            True,
        )


TODO_TOOLS: list[ToolSpec[TodoService, Any]] = [
    ToolSpec(
        name="create_todo",
        description="Create a new todo item with optional due date, priority, and tags",
        input_model=CreateTodoInput,
        handler=TodoService.create_todo,
        output_model=CreateTodoResult,
        annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False),
        on_loop=True,
    ),
    ToolSpec(
        name="list_todos",
        description=(
            "List todo items with optional filtering by status, priority, due date, or tags"
        ),
        input_model=ListTodosInput,
        handler=TodoService.list_todos_json,
        output_model=ListTodosResult,
        annotations=types.ToolAnnotations(read_only_hint=True),
        on_loop=True,
    ),
    ToolSpec(
        name="update_todo",
        description="Update one or more fields of an existing todo item",
        input_model=UpdateTodoInput,
        handler=TodoService.update_todo,
        output_model=UpdateTodoResult,
        annotations=types.ToolAnnotations(
            read_only_hint=False, destructive_hint=False, idempotent_hint=True
        ),
        on_loop=True,
    ),
    ToolSpec(
        name="delete_todo",
        description="Delete a todo item permanently. Requires explicit confirmation for safety.",
        input_model=DeleteTodoInput,
        handler=TodoService.delete_todo,
        output_model=DeleteTodoResult,
        annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=True),
        on_loop=True,
    ),
]


def create_server(database_url: str, *, background: bool = False) -> Server[Any]:
    """The todo server over the database at ``database_url`` (schema created if missing).

    The database opens when the server starts serving and closes when it stops; with
    ``background`` (stdio), the handshake does not wait for it. A URL of a kind we cannot serve
    is a StartupError here.
    """
    url = check_database_url(database_url)
    return build_server(
        "todo",
        TODO_TOOLS,
        TodoErrorEnvelope(),
        lifespan=sql_lifespan(url, _storage, background=background),
        features=TODO_FEATURES,
    )


def _storage() -> tuple[Sequence[Any], Callable[[Any], TodoService]]:
    """The SQL layer (loaded in a worker thread): its tables, and the service of a database."""
    from servers.todo.sql_repository import TABLES, SqlTodoRepository

    return TABLES, lambda db: TodoService(SqlTodoRepository(db))
