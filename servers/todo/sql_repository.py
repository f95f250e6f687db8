"""Todo storage on SQLModel, SQLite or PostgreSQL: :class:`SqlTodoRepository`.

Each method is one transaction: it either happens whole or not at all. Failures leave as
``servers._common.database.StorageError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, exists, func, select, update
from sqlmodel import Session, col

from servers._common.sql import Database
from servers.todo.models import Todo
from servers.todo.repository import TodoQuery
from servers.todo.tables import TodoRecord, TodoTagRecord

__all__ = ["TABLES", "SqlTodoRepository"]

TABLES = (TodoRecord.__table__, TodoTagRecord.__table__)  # type: ignore[attr-defined]


class SqlTodoRepository:
    """:class:`servers.todo.repository.TodoRepository` on SQLite or PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, todo: Todo) -> None:
        with self._db.write() as session:
            session.add(
                TodoRecord(
                    id=todo.todo_id,
                    title=todo.title,
                    description=todo.description,
                    due_date=todo.due_date,
                    priority=todo.priority,
                    status=todo.status,
                    created_at=todo.created_at,
                    updated_at=todo.updated_at,
                )
            )
            session.flush()
            _replace_tags(session, todo.todo_id, todo.tags)

    def get(self, todo_id: str) -> Todo | None:
        with self._db.read() as session:
            record = session.get(TodoRecord, todo_id)
            return None if record is None else _with_tags(session, [record])[0]

    def list(self, query: TodoQuery) -> list[Todo]:
        stmt = select(TodoRecord)
        if query.status is not None:
            stmt = stmt.where(col(TodoRecord.status) == query.status)
        if query.priority is not None:
            stmt = stmt.where(col(TodoRecord.priority) == query.priority)
        if query.due_from is not None:
            stmt = stmt.where(col(TodoRecord.due_date) >= query.due_from)
        if query.due_before is not None:
            stmt = stmt.where(col(TodoRecord.due_date) < query.due_before)
        for tag in query.tags:
            stmt = stmt.where(
                exists().where(
                    col(TodoTagRecord.todo_id) == col(TodoRecord.id),
                    col(TodoTagRecord.tag) == tag,
                )
            )
        stmt = stmt.order_by(
            col(TodoRecord.due_date).is_(None),
            col(TodoRecord.due_date),
            col(TodoRecord.created_at),
            col(TodoRecord.id),
        ).limit(query.limit)
        with self._db.read() as session:
            return _with_tags(session, list(session.scalars(stmt)))

    def update(self, todo_id: str, changes: dict[str, Any], updated_at: datetime) -> bool:
        tags = changes.pop("tags", None)
        with self._db.write() as session:
            result = session.execute(
                update(TodoRecord)
                .where(col(TodoRecord.id) == todo_id)
                .values(**changes, updated_at=updated_at)
            )
            if result.rowcount == 0:  # type: ignore[attr-defined]
                return False
            if tags is not None:
                _replace_tags(session, todo_id, tags)
        return True

    def delete(self, todo_id: str) -> bool:
        with self._db.write() as session:
            session.execute(delete(TodoTagRecord).where(col(TodoTagRecord.todo_id) == todo_id))
            result = session.execute(delete(TodoRecord).where(col(TodoRecord.id) == todo_id))
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def count(self) -> int:
        with self._db.read() as session:
            return int(session.scalar(select(func.count()).select_from(TodoRecord)) or 0)


def _replace_tags(session: Session, todo_id: str, tags: Sequence[str]) -> None:
    session.execute(delete(TodoTagRecord).where(col(TodoTagRecord.todo_id) == todo_id))
    session.add_all(
        TodoTagRecord(todo_id=todo_id, tag=tag, position=i) for i, tag in enumerate(tags)
    )


def _with_tags(session: Session, records: list[TodoRecord]) -> list[Todo]:
    tags: dict[str, list[str]] = {r.id: [] for r in records}
    if records:
        rows = session.execute(
            select(col(TodoTagRecord.todo_id), col(TodoTagRecord.tag))
            .where(col(TodoTagRecord.todo_id).in_(list(tags)))
            .order_by(col(TodoTagRecord.todo_id), col(TodoTagRecord.position))
        )
        for todo_id, tag in rows:
            tags[todo_id].append(tag)
    return [
        Todo(
            todo_id=r.id,
            title=r.title,
            description=r.description,
            due_date=r.due_date,
            priority=r.priority,  # type: ignore[arg-type]
            status=r.status,  # type: ignore[arg-type]
            tags=tags[r.id],
            created_at=r.created_at,
            updated_at=r.updated_at,
        )
        for r in records
    ]
