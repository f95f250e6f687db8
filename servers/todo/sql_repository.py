"""Todo storage on SQLite or PostgreSQL: :class:`SqlTodoRepository`.

Each method is one transaction: it either happens whole or not at all. Failures leave as
``servers._common.database.StorageError``. Statements are SQLAlchemy Core on the tables (no ORM
session: a call pays for its SQL, not for a unit of work), built once where they can be; the
list order has an index of its own, with and without the status filter, so a page of todos is
read from an index, never sorted from the whole table.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, exists, func, insert, select, update

from servers._common.sql import Database
from servers.todo.models import Todo
from servers.todo.repository import TodoQuery
from servers.todo.tables import LIST_ORDER, TODO_TAGS, TODOS

__all__ = ["TABLES", "SqlTodoRepository"]

TABLES = (TODOS, TODO_TAGS)

_COLUMNS = (
    TODOS.c.id,
    TODOS.c.title,
    TODOS.c.description,
    TODOS.c.due_date,
    TODOS.c.priority,
    TODOS.c.status,
    TODOS.c.created_at,
    TODOS.c.updated_at,
)
_SELECT = select(*_COLUMNS)
_INSERT = insert(TODOS)
_INSERT_TAGS = insert(TODO_TAGS)
_DELETE_TAGS = delete(TODO_TAGS).where(TODO_TAGS.c.todo_id == bindparam("todo_id"))
_TAGS_OF = (
    select(TODO_TAGS.c.todo_id, TODO_TAGS.c.tag)
    .where(TODO_TAGS.c.todo_id.in_(bindparam("ids", expanding=True)))
    .order_by(TODO_TAGS.c.todo_id, TODO_TAGS.c.position)
)


class SqlTodoRepository:
    """:class:`servers.todo.repository.TodoRepository` on SQLite or PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, todo: Todo) -> None:
        with self._db.transaction(write=True) as conn:
            conn.execute(
                _INSERT,
                {
                    "id": todo.todo_id,
                    "title": todo.title,
                    "description": todo.description,
                    "due_date": todo.due_date,
                    "priority": todo.priority,
                    "status": todo.status,
                    "created_at": todo.created_at,
                    "updated_at": todo.updated_at,
                },
            )
            _insert_tags(conn, todo.todo_id, todo.tags)

    def get(self, todo_id: str) -> Todo | None:
        with self._db.transaction() as conn:
            row = conn.execute(_SELECT.where(TODOS.c.id == todo_id)).one_or_none()
            return None if row is None else _with_tags(conn, [row])[0]

    def list(self, query: TodoQuery) -> list[Todo]:
        stmt = _SELECT
        if query.status is not None:
            stmt = stmt.where(TODOS.c.status == query.status)
        if query.priority is not None:
            stmt = stmt.where(TODOS.c.priority == query.priority)
        if query.due_from is not None:
            stmt = stmt.where(TODOS.c.due_date >= query.due_from)
        if query.due_before is not None:
            stmt = stmt.where(TODOS.c.due_date < query.due_before)
        for tag in query.tags:
            stmt = stmt.where(
                exists().where(TODO_TAGS.c.todo_id == TODOS.c.id, TODO_TAGS.c.tag == tag)
            )
        stmt = stmt.order_by(*LIST_ORDER).limit(query.limit)
        with self._db.transaction() as conn:
            return _with_tags(conn, conn.execute(stmt).all())

    def update(self, todo_id: str, changes: dict[str, Any], updated_at: datetime) -> bool:
        tags = changes.pop("tags", None)
        with self._db.transaction(write=True) as conn:
            result = conn.execute(
                update(TODOS).where(TODOS.c.id == todo_id).values(**changes, updated_at=updated_at)
            )
            if result.rowcount == 0:
                return False
            if tags is not None:
                conn.execute(_DELETE_TAGS, {"todo_id": todo_id})
                _insert_tags(conn, todo_id, tags)
        return True

    def delete(self, todo_id: str) -> bool:
        with self._db.transaction(write=True) as conn:
            conn.execute(_DELETE_TAGS, {"todo_id": todo_id})
            result = conn.execute(delete(TODOS).where(TODOS.c.id == todo_id))
            return bool(result.rowcount)

    def count(self) -> int:
        with self._db.transaction() as conn:
            return int(conn.scalar(select(func.count()).select_from(TODOS)) or 0)


def _insert_tags(conn: Connection, todo_id: str, tags: Sequence[str]) -> None:
    if tags:
        conn.execute(
            _INSERT_TAGS,
            [{"todo_id": todo_id, "tag": tag, "position": i} for i, tag in enumerate(tags)],
        )


def _with_tags(conn: Connection, rows: Sequence[Row[*tuple[Any, ...]]]) -> list[Todo]:
    tags: dict[str, list[str]] = {row.id: [] for row in rows}
    if rows:
        for todo_id, tag in conn.execute(_TAGS_OF, {"ids": list(tags)}):
            tags[todo_id].append(tag)
    return [
        Todo(
            todo_id=row.id,
            title=row.title,
            description=row.description,
            due_date=row.due_date,
            priority=row.priority,
            status=row.status,
            tags=tags[row.id],
            created_at=row.created_at,
            updated_at=row.updated_at,
        )
        for row in rows
    ]
