"""Task storage behind a small protocol: what the service needs, with no SQL (the SQL
implementation is :mod:`servers.tasks.sql_repository`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from servers.tasks.models import Status, TaskResponse, TaskSummary

__all__ = ["TaskChanges", "TaskQuery", "TaskRepository"]


@dataclass(frozen=True)
class TaskQuery:
    status: Status | None = None
    branch: str | None = None
    limit: int = 50
    offset: int = 0


@dataclass(frozen=True)
class TaskChanges:
    """What an update does: set some fields, add a branch and/or a commit."""

    fields: dict[str, Any] = field(default_factory=dict)  # title, description, notes, status
    branch: str | None = None
    commit: str | None = None


class TaskRepository(Protocol):
    """What the task service needs from storage."""

    def add(self, tasks: Sequence[TaskResponse]) -> None: ...

    def get(self, task_id: str) -> TaskResponse | None: ...

    def list_summaries(self, query: TaskQuery) -> list[TaskSummary]: ...

    def list_summaries_json(self, query: TaskQuery) -> list[dict[str, Any]]:
        """What :meth:`list_summaries` gives, each summary in its JSON form
        (``model_dump(mode="json")``): the tool's hot path, which has no use for the models."""
        ...

    def list_full(self, query: TaskQuery) -> list[TaskResponse]: ...

    def update(self, task_id: str, changes: TaskChanges, now: datetime) -> TaskResponse | None:
        """Apply ``changes`` atomically; ``updated_at`` becomes ``now`` only when something
        changed. None when there is no such task."""
        ...
