"""Todo storage behind a small protocol: what the service needs, with no SQL (the SQL
implementation is :mod:`servers.todo.sql_repository`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from servers.todo.models import CreateTodoInput, Priority, Status, Todo

__all__ = ["TodoQuery", "TodoRepository", "Updated"]

# What an update did: wrote the todo, found no such todo, or found it changed since the time
# the caller expected (and wrote nothing).
Updated = Literal["updated", "missing", "changed"]


@dataclass(frozen=True)
class TodoQuery:
    status: Status | None = None
    priority: Priority | None = None
    due_from: datetime | None = None
    due_before: datetime | None = None
    # A due date left out of the window: today's local midnight under ``overdue``, the due
    # date of a todo given a day and no time, which is not late until that day is over.
    due_not: datetime | None = None
    tags: tuple[str, ...] = ()
    limit: int = 50
    offset: int = 0


class TodoRepository(Protocol):
    """What the todo service needs from storage."""

    def add(self, todo_id: str, todo: CreateTodoInput, *, status: Status, at: datetime) -> None:
        """Store the todo ``todo`` asks for as ``todo_id``, with ``status``, created (and last
        updated) ``at``."""
        ...

    def get(self, todo_id: str) -> Todo | None: ...

    def list_json(self, query: TodoQuery) -> list[dict[str, Any]]:
        """What :meth:`list` gives, each todo in its JSON form (``model_dump(mode="json")``):
        the tool's hot path, which has no use for the models."""
        ...

    def list(self, query: TodoQuery) -> list[Todo]: ...

    def update(
        self,
        todo_id: str,
        changes: dict[str, Any],
        updated_at: datetime,
        *,
        expected: datetime | None = None,
    ) -> Updated:
        """Apply ``changes`` and set the update time to ``updated_at``. With ``expected``, only
        if the todo's update time is still that, checked and written in one transaction (the
        todo's row held from the check to the end of the write, its tags included): else
        nothing is written and the answer is "changed"."""
        ...

    def delete(self, todo_id: str) -> bool:
        """Delete the todo; False when there is no such todo."""
        ...
