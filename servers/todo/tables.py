"""The todo tables (SQLModel): loaded only once storage is opened."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, ForeignKey, Index, String, Table
from sqlmodel import Field as ColumnField
from sqlmodel import SQLModel

from servers._common.sql import UTCDateTime

__all__ = ["LIST_ORDER", "TODOS", "TODO_TAGS", "TodoRecord", "TodoTagRecord"]


class TodoRecord(SQLModel, table=True):
    __tablename__ = "todos"

    id: str = ColumnField(primary_key=True, max_length=40)
    title: str = ColumnField(max_length=200)
    description: str | None = ColumnField(default=None, max_length=1000)
    due_date: datetime | None = ColumnField(default=None, sa_column=Column(UTCDateTime()))
    priority: str = ColumnField(max_length=10)
    status: str = ColumnField(max_length=10)
    created_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))
    updated_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))


class TodoTagRecord(SQLModel, table=True):
    __tablename__ = "todo_tags"
    __table_args__ = (Index("ix_todo_tags_tag", "tag"),)

    todo_id: str = ColumnField(
        sa_column=Column(String(40), ForeignKey("todos.id", ondelete="CASCADE"), primary_key=True)
    )
    tag: str = ColumnField(primary_key=True, max_length=100)
    position: int = 0


TODOS: Table = TodoRecord.__table__  # type: ignore[attr-defined]
TODO_TAGS: Table = TodoTagRecord.__table__  # type: ignore[attr-defined]

# list_todos's order: by due date, none last, then creation time (the id breaks ties). Each
# index below holds it, so a page is read in order from an index instead of sorted: one for
# listing every status, one behind the status filter (the default lists pending todos).
LIST_ORDER = (TODOS.c.due_date.is_(None), TODOS.c.due_date, TODOS.c.created_at, TODOS.c.id)
Index("ix_todos_list_order", *LIST_ORDER)
Index("ix_todos_status_list_order", TODOS.c.status, *LIST_ORDER)
