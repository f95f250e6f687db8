"""The todo rules: ids, defaults, date filters, what an update changes. No MCP, no SQL."""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from servers._common.database import StorageError
from servers._common.inputs import as_local
from servers._common.paging import page_of
from servers.todo.errors import (
    ConflictError,
    DatabaseError,
    InvalidArgumentsError,
    TodoNotFoundError,
)
from servers.todo.models import (
    CreateTodoInput,
    CreateTodoResult,
    DeleteTodoInput,
    DeleteTodoResult,
    ListTodosInput,
    ListTodosResult,
    Todo,
    UpdateTodoInput,
    UpdateTodoResult,
)
from servers.todo.repository import TodoQuery, TodoRepository

__all__ = ["TodoService", "new_todo_id"]

_ID_ALPHABET = string.ascii_lowercase + string.digits
_ID_LENGTH = 10


def new_todo_id() -> str:
    """``todo_`` followed by a short random id: 10 characters of ``[a-z0-9]``, drawn from the
    OS's random source in one read (not one per character)."""
    number = secrets.randbelow(len(_ID_ALPHABET) ** _ID_LENGTH)
    characters = []
    for _ in range(_ID_LENGTH):
        number, digit = divmod(number, len(_ID_ALPHABET))
        characters.append(_ID_ALPHABET[digit])
    return "todo_" + "".join(characters)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _local_midnight(day: date) -> datetime | None:
    """Local midnight at the start of ``day``; None past the years 1 to 9999 in UTC, where no
    stored due date lies, so the window has no bound on that side."""
    try:
        moment = as_local(datetime.combine(day, time()))
        moment.astimezone(UTC)
    except (OverflowError, ValueError):
        return None
    return moment


def _days(first: date, count: int) -> tuple[datetime | None, datetime | None]:
    """The [from, before) window of ``count`` local days from ``first`` (the last day of year
    9999 included: it has no next day)."""
    try:
        after = first + timedelta(days=count)
    except OverflowError:
        return _local_midnight(first), None
    return _local_midnight(first), _local_midnight(after)


@contextmanager
def _storage(action: str) -> Iterator[None]:
    try:
        yield
    except StorageError as exc:
        raise DatabaseError(f"Failed to {action}: {exc}") from exc


class TodoService:
    """Create, list, update and delete todos, as the contract and its decisions say."""

    def __init__(
        self, repository: TodoRepository, *, now: Callable[[], datetime] = _utc_now
    ) -> None:
        self._repository = repository
        self._now = now

    def create_todo(self, args: CreateTodoInput) -> CreateTodoResult:
        todo_id = new_todo_id()
        with _storage("create the todo"):
            self._repository.add(todo_id, args, status="pending", at=self._now())
        return CreateTodoResult(todo_id=todo_id)

    def list_todos(self, args: ListTodosInput) -> ListTodosResult:
        query = self._query(args)
        with _storage("list todos"):
            todos = self._repository.list(query)
        page, next_offset = page_of(todos, limit=args.limit, offset=args.offset)
        return ListTodosResult(todos=page, count=len(page), next_offset=next_offset)

    def list_todos_json(self, args: ListTodosInput) -> dict[str, Any]:
        """What :meth:`list_todos` gives, in its JSON form (the ``list_todos`` tool's result)."""
        query = self._query(args)
        with _storage("list todos"):
            todos = self._repository.list_json(query)
        page, next_offset = page_of(todos, limit=args.limit, offset=args.offset)
        body = {"success": True, "todos": page, "count": len(page)}
        if next_offset is not None:  # the contract's three fields alone when nothing follows
            body["next_offset"] = next_offset
        return body

    def get_todo(self, todo_id: str) -> Todo | None:
        """One todo by its ID (times in local time, as every ``Todo``), or None."""
        with _storage("read the todo"):
            return self._repository.get(todo_id)

    def update_todo(self, args: UpdateTodoInput) -> UpdateTodoResult:
        changes = args.changes()
        if not changes:
            raise InvalidArgumentsError(
                "update_todo needs at least one field to change: "
                "title, description, due_date, priority, status or tags"
            )
        updated_fields = list(changes)
        expected = args.if_unchanged_since
        at = self._now()
        if expected is not None:  # later than the time it replaces, whatever the clock says
            at = max(at, expected + timedelta(microseconds=1))
        with _storage("update the todo"):
            done = self._repository.update(args.todo_id, dict(changes), at, expected=expected)
        if done == "missing":
            raise TodoNotFoundError(args.todo_id)
        if done == "changed":
            raise ConflictError(args.todo_id)
        return UpdateTodoResult(todo_id=args.todo_id, updated_fields=updated_fields)

    def delete_todo(self, args: DeleteTodoInput) -> DeleteTodoResult:
        with _storage("delete the todo"):
            found = self._repository.delete(args.todo_id)
        if not found:
            raise TodoNotFoundError(args.todo_id)
        return DeleteTodoResult(todo_id=args.todo_id)

    def _query(self, args: ListTodosInput) -> TodoQuery:
        due_from, due_before = self._due_window(args.due_date_filter)
        due_not = None
        if args.due_date_filter is not None and args.due_date_filter.strip().lower() == "overdue":
            # A day with no time is stored as its local midnight: due today, not yet late.
            due_not = _local_midnight(self._now().astimezone().date())
        return TodoQuery(
            status=None if args.status == "all" else args.status,
            priority=args.priority,
            due_from=due_from,
            due_before=due_before,
            due_not=due_not,
            tags=tuple(args.tags or ()),
            limit=args.limit + 1,  # one more than asked: whether a next page follows
            offset=args.offset,
        )

    def _due_window(self, spec: str | None) -> tuple[datetime | None, datetime | None]:
        """The [from, before) window of due dates a ``due_date_filter`` selects, in local time
        (None: no bound on that side)."""
        if spec is None:
            return None, None
        today = self._now().astimezone().date()
        key = spec.strip().lower()
        if key == "today":
            return _days(today, 1)
        if key == "tomorrow":
            return _days(today + timedelta(days=1), 1)
        if key == "this_week":
            monday = today - timedelta(days=today.weekday())
            return _days(monday, 7)
        if key == "overdue":
            return None, self._now()
        try:
            day = date.fromisoformat(key[:10])
        except ValueError:
            raise InvalidArgumentsError(
                "due_date_filter: must be 'today', 'tomorrow', 'this_week', 'overdue' "
                "or an ISO date such as 2025-12-25"
            ) from None
        return _days(day, 1)
