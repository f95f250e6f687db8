"""Todo storage on SQLite or PostgreSQL: :class:`SqlTodoRepository`.

Each method is one transaction (a read, one statement): it either happens whole or not at all.
Failures leave as ``servers._common.database.StorageError``. Statements are SQLAlchemy Core on
the tables, compiled once for the database and run on the driver's cursor
(``Database.prepare``, ``servers._common._driver``): a call pays for its SQL, not for
SQLAlchemy's work around it. A todo and its tags are read in one statement (the tags as one
column), a page of them from the index of the list order, with and without the status filter,
never sorted from the whole table. A page is read for the tool in the contract's JSON form
(:meth:`SqlTodoRepository.list_json`): built from the rows, with no model between them and the
wire.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import Select, bindparam, delete, exists, func, insert, select, update

from servers._common.sql import (
    Database,
    Driver,
    Prepared,
    ordered_values,
    read_sqlite_datetime,
    read_sqlite_ordered_values,
)
from servers.todo.models import CreateTodoInput, Status, Todo, local_json
from servers.todo.repository import TodoQuery, Updated
from servers.todo.tables import LIST_ORDER, TODO_TAGS, TODOS

__all__ = ["TABLES", "SqlTodoRepository"]

TABLES = (TODOS, TODO_TAGS)
TIMES_KEPT = 4096  # times of todos kept in their JSON form (about a megabyte)

_TAGS = ordered_values(
    TODO_TAGS.c.tag, position=TODO_TAGS.c.position, where=TODO_TAGS.c.todo_id == TODOS.c.id
)
_SELECT = select(
    TODOS.c.id,
    TODOS.c.title,
    TODOS.c.description,
    TODOS.c.due_date,
    TODOS.c.priority,
    TODOS.c.status,
    TODOS.c.created_at,
    TODOS.c.updated_at,
    _TAGS,
)
_CHANGEABLE = ("title", "description", "due_date", "priority", "status", "updated_at")

# A listing's shape: which filters it has (status, priority, due from, due before, due date
# left out) and how many tags it must carry. Each shape is compiled once, its values bound at
# each call.
_Shape = tuple[bool, bool, bool, bool, bool, int]


def _listing(shape: _Shape) -> Select[Any]:
    status, priority, due_from, due_before, due_not, tags = shape
    stmt = _SELECT
    if status:
        stmt = stmt.where(TODOS.c.status == bindparam("status"))
    if priority:
        stmt = stmt.where(TODOS.c.priority == bindparam("priority"))
    if due_from:
        stmt = stmt.where(TODOS.c.due_date >= bindparam("due_from"))
    if due_before:
        stmt = stmt.where(TODOS.c.due_date < bindparam("due_before"))
    if due_not:
        stmt = stmt.where(TODOS.c.due_date != bindparam("due_not"))
    for i in range(tags):
        stmt = stmt.where(
            exists().where(TODO_TAGS.c.todo_id == TODOS.c.id, TODO_TAGS.c.tag == bindparam(f"t{i}"))
        )
    return stmt.order_by(*LIST_ORDER).limit(bindparam("limit")).offset(bindparam("offset"))


class SqlTodoRepository:
    """:class:`servers.todo.repository.TodoRepository` on SQLite or PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._insert = db.prepare(insert(TODOS))
        self._insert_tags = db.prepare(insert(TODO_TAGS))
        self._get = db.prepare(_SELECT.where(TODOS.c.id == bindparam("todo_id")))
        self._exists = db.prepare(select(TODOS.c.id).where(TODOS.c.id == bindparam("todo_id")))
        self._delete_tags = db.prepare(
            delete(TODO_TAGS).where(TODO_TAGS.c.todo_id == bindparam("todo_id"))
        )
        self._delete = db.prepare(delete(TODOS).where(TODOS.c.id == bindparam("todo_id")))
        self._listings: dict[_Shape, Prepared] = {}
        self._updates: dict[tuple[frozenset[str], bool], Prepared] = {}

    def add(self, todo_id: str, todo: CreateTodoInput, *, status: Status, at: datetime) -> None:
        with self._db.driver(write=True) as run:
            run.execute(
                self._insert,
                {
                    "id": todo_id,
                    "title": todo.title,
                    "description": todo.description,
                    "due_date": todo.due_date,
                    "priority": todo.priority,
                    "status": status,
                    "created_at": at,
                    "updated_at": at,
                },
            )
            if todo.tags:
                self._add_tags(run, todo_id, todo.tags)

    def get(self, todo_id: str) -> Todo | None:
        rows = self._db.rows(self._get, {"todo_id": todo_id})
        return _todo(rows[0]) if rows else None

    def list_json(self, query: TodoQuery) -> list[dict[str, Any]]:
        if self._db.dialect == "sqlite":
            zone = _local_zone()
            return [_sqlite_todo_json(row, zone) for row in self._page(query, read=False)]
        return [_todo_json(row) for row in self._page(query)]

    def _page(self, query: TodoQuery, *, read: bool = True) -> list[Any]:
        """The rows of ``_SELECT`` that ``query`` lists, in the list order (``read=False``: as
        the driver gives them, see ``Database.rows``)."""
        shape = (
            query.status is not None,
            query.priority is not None,
            query.due_from is not None,
            query.due_before is not None,
            query.due_not is not None,
            len(query.tags),
        )
        prepared = self._listings.get(shape)
        if prepared is None:
            prepared = self._listings[shape] = self._db.prepare(_listing(shape))
        values: dict[str, Any] = {"limit": query.limit, "offset": query.offset}
        for name in ("status", "priority", "due_from", "due_before", "due_not"):
            if (value := getattr(query, name)) is not None:
                values[name] = value
        values.update({f"t{i}": tag for i, tag in enumerate(query.tags)})
        return self._db.rows(prepared, values, read=read)

    def list(self, query: TodoQuery) -> list[Todo]:
        return [_todo(row) for row in self._page(query)]

    def update(
        self,
        todo_id: str,
        changes: dict[str, Any],
        updated_at: datetime,
        *,
        expected: datetime | None = None,
    ) -> Updated:
        tags = changes.pop("tags", None)
        values = {**changes, "updated_at": updated_at}
        fields = frozenset(values)
        key = (fields, expected is not None)
        prepared = self._updates.get(key)
        if prepared is None:
            unknown = fields.difference(_CHANGEABLE)
            if unknown:
                raise ValueError(f"todos have no changeable field {', '.join(sorted(unknown))}")
            stmt = update(TODOS).where(TODOS.c.id == bindparam("todo_id"))
            if expected is not None:  # the precondition and the write: one statement
                stmt = stmt.where(
                    TODOS.c.updated_at == bindparam("expected", type_=TODOS.c.updated_at.type)
                )
            stmt = stmt.values(
                {n: bindparam(f"new_{n}", type_=TODOS.c[n].type) for n in sorted(fields)}
            )
            prepared = self._updates[key] = self._db.prepare(stmt)
        given = {"todo_id": todo_id, **{f"new_{n}": v for n, v in values.items()}}
        if expected is not None:
            given["expected"] = expected
        with self._db.driver(write=True) as run:
            if run.execute(prepared, given) == 0:
                if expected is not None and run.rows(self._exists, {"todo_id": todo_id}):
                    return "changed"
                return "missing"
            if tags is not None:  # the todo's row is this transaction's until it ends
                run.execute(self._delete_tags, {"todo_id": todo_id})
                self._add_tags(run, todo_id, tags)
        return "updated"

    def delete(self, todo_id: str) -> bool:
        with self._db.driver(write=True) as run:
            run.execute(self._delete_tags, {"todo_id": todo_id})
            return run.execute(self._delete, {"todo_id": todo_id}) > 0

    def count(self) -> int:
        with self._db.transaction() as conn:
            return int(conn.scalar(select(func.count()).select_from(TODOS)) or 0)

    def _add_tags(self, run: Driver, todo_id: str, tags: Sequence[str]) -> None:
        run.execute_many(
            self._insert_tags,
            [{"todo_id": todo_id, "tag": tag, "position": i} for i, tag in enumerate(tags)],
        )


def _todo(row: Sequence[Any]) -> Todo:
    """A todo of one row of ``_SELECT`` (validated: pydantic's core does it faster than
    ``model_construct`` would skip it)."""
    todo_id, title, description, due_date, priority, status, created_at, updated_at, tags = row
    return Todo(
        todo_id=todo_id,
        title=title,
        description=description,
        due_date=due_date,
        priority=priority,
        status=status,
        tags=tags,
        created_at=created_at,
        updated_at=updated_at,
    )


def _todo_json(row: Sequence[Any]) -> dict[str, Any]:
    """A todo of one row of ``_SELECT`` in the contract's JSON form: what
    ``_todo(row).model_dump(mode="json")`` gives, without building the model to dump it (a
    third of the time; a page has 20)."""
    todo_id, title, description, due_date, priority, status, created_at, updated_at, tags = row
    created = local_json(created_at)
    return {
        "todo_id": todo_id,
        "title": title,
        "description": description,
        "due_date": None if due_date is None else local_json(due_date),
        "priority": priority,
        "status": status,
        "tags": tags,
        "created_at": created,
        "updated_at": created if updated_at == created_at else local_json(updated_at),
    }


def _sqlite_todo_json(row: Sequence[Any], zone: tuple[Any, ...]) -> dict[str, Any]:
    """:func:`_todo_json` of a row as SQLite's driver gives it, each value read here: no tuple
    of read values built between, and each time converted by :func:`_local_time_json` in the
    local time zone ``zone`` (the update time of a todo never updated, the same text, not at
    all)."""
    todo_id, title, description, due_date, priority, status, created_at, updated_at, tags = row
    created = _local_time_json(created_at, zone)
    return {
        "todo_id": todo_id,
        "title": title,
        "description": description,
        "due_date": None if due_date is None else _local_time_json(due_date, zone),
        "priority": priority,
        "status": status,
        "tags": read_sqlite_ordered_values(tags),
        "created_at": created,
        "updated_at": created if updated_at == created_at else _local_time_json(updated_at, zone),
    }


def _local_zone() -> tuple[Any, ...]:
    """What names the local time zone in effect: ``$TZ`` and what ``time.tzset()`` last read
    (a process's zone changes only there)."""
    return os.environ.get("TZ"), time.tzname, time.timezone, time.altzone


@lru_cache(maxsize=TIMES_KEPT)
def _local_time_json(text: str, zone: tuple[Any, ...]) -> str:
    """A time as SQLite's driver gives it (``UTCDateTime``'s text, UTC) in a todo's JSON form,
    in the local time zone ``zone`` names: ``local_json(read_sqlite_datetime(text))``, kept.
    Listings show the same todos again and again, and converting a time to the local zone is
    most of a page's work: 15,000 instructions (8,500 of them ``astimezone``), against 1,500
    to find it converted already."""
    return local_json(read_sqlite_datetime(text))
