"""The task tracker's rules: no MCP, no SQL.

- A new task starts as "need to be done", with a fresh UUID and created_at = updated_at = now.
- Lists are ordered most recently updated first; summaries carry five fields, full tasks ten.
- An update sets the fields given and adds ``branch`` / ``commit`` to the task's lists, each kept
  once; ``updated_at`` moves only when something changed.
- A database failure becomes :class:`DatabaseError` worded as the contract words it:
  "Failed to list tasks: query timeout after 5s".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

from servers._common.database import StorageError
from servers._common.paging import page_of
from servers.tasks.errors import DatabaseError, TaskNotFoundError
from servers.tasks.models import (
    INITIAL_STATUS,
    CreateTaskInput,
    GetTaskInput,
    ListTasksInput,
    ListTasksResult,
    TaskResponse,
    TaskSummary,
    UpdateTaskInput,
)
from servers.tasks.repository import TaskChanges, TaskQuery, TaskRepository

__all__ = ["TaskService"]


def _utc_now() -> datetime:
    return datetime.now(UTC)


class TaskService:
    def __init__(
        self,
        repository: TaskRepository,
        *,
        clock: Callable[[], datetime] = _utc_now,
        new_id: Callable[[], UUID] = uuid4,
    ) -> None:
        self._repository = repository
        self._clock = clock
        self._new_id = new_id

    def list_tasks(self, args: ListTasksInput) -> ListTasksResult:
        query = _query(args)
        tasks: list[TaskResponse] | list[TaskSummary]
        with _storage("list tasks"):
            if args.full_details:
                tasks, next_offset = page_of(
                    self._repository.list_full(query), limit=args.limit, offset=args.offset
                )
            else:
                tasks, next_offset = page_of(
                    self._repository.list_summaries(query), limit=args.limit, offset=args.offset
                )
        return ListTasksResult(tasks=tasks, total_count=len(tasks), next_offset=next_offset)

    def list_tasks_json(self, args: ListTasksInput) -> dict[str, Any]:
        """What :meth:`list_tasks` gives, in its JSON form (the ``list_tasks`` tool's result):
        summaries built from the rows, full tasks (asked for less) dumped from their models;
        ``next_offset`` only when more follow (the contract's two fields alone otherwise)."""
        if args.full_details:
            body = self.list_tasks(args).model_dump(mode="json")
            if body["next_offset"] is None:
                del body["next_offset"]
            return body
        with _storage("list tasks"):
            tasks = self._repository.list_summaries_json(_query(args))
        page, next_offset = page_of(tasks, limit=args.limit, offset=args.offset)
        body = {"tasks": page, "total_count": len(page)}
        if next_offset is not None:
            body["next_offset"] = next_offset
        return body

    def get_task(self, args: GetTaskInput) -> TaskResponse:
        task_id = str(args.task_id)
        with _storage("get task"):
            task = self._repository.get(task_id)
        if task is None:
            raise TaskNotFoundError(task_id)
        return task

    def create_task(self, args: CreateTaskInput) -> TaskResponse:
        now = self._clock()
        task = TaskResponse(
            id=self._new_id(),
            title=args.title,
            description=args.description,
            notes=args.notes,
            status=INITIAL_STATUS,
            created_at=now,
            updated_at=now,
            planning_references=args.planning_references or [],
            branches=[],
            commits=[],
        )
        with _storage("create task"):
            self._repository.add([task])
        return task

    def update_task(self, args: UpdateTaskInput) -> TaskResponse:
        task_id = str(args.task_id)
        given = args.changes()
        changes = TaskChanges(
            fields={k: v for k, v in given.items() if k not in ("branch", "commit")},
            branch=given.get("branch"),
            commit=given.get("commit"),
        )
        with _storage("update task"):
            task = self._repository.update(task_id, changes, self._clock())
        if task is None:
            raise TaskNotFoundError(task_id)
        return task


@contextmanager
def _storage(action: str) -> Iterator[None]:
    """Translate a storage failure into the contract's DATABASE_ERROR / QUERY_TIMEOUT."""
    try:
        yield
    except StorageError as exc:
        if exc.kind == "timeout" and _statement_cancelled(exc):
            raise DatabaseError(f"Failed to {action}: {exc}", "QUERY_TIMEOUT") from exc
        if exc.kind == "timeout":  # the connection attempt timed out, not a statement
            raise DatabaseError(f"Failed to {action}: database connection timeout") from exc
        raise DatabaseError(f"Failed to {action}: {exc}") from exc


def _statement_cancelled(exc: StorageError) -> bool:
    """Whether PostgreSQL cancelled a running statement (statement_timeout)."""
    orig = getattr(exc.__cause__, "orig", None)
    return type(orig).__name__ == "QueryCanceled"


def _query(args: ListTasksInput) -> TaskQuery:
    """The query of a listing: one task more than its page, to tell whether a next one follows."""
    return TaskQuery(
        status=args.status, branch=args.branch, limit=args.limit + 1, offset=args.offset
    )
