"""Task storage on SQLite or PostgreSQL: :class:`SqlTaskRepository`.

Each method is one transaction: it either happens whole or not at all. Failures leave as
``servers._common.database.StorageError``.

Reads and inserts are SQLAlchemy Core statements on the tables, compiled once for the database
and run on the driver's cursor (``Database.prepare``, ``servers._common._driver``): a call pays
for its SQL, not for SQLAlchemy's work around it. A summary reads only the five columns it
returns; a full task reads its branches and commits in the same statement (each list as one
column). A page comes in order from an index (``updated_at``, ``id``; with the status in front
when filtered). Branches and commits live in child tables, so the branch filter is a subquery
on the branch index, applied before ``LIMIT``. A page of summaries is read for the tool in the
contract's JSON form (:meth:`SqlTaskRepository.list_summaries_json`): built from the rows, with
no model between them and the wire. An update (the ORM, off the hot path) locks the
task's row (``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` serialises writers)
before adding a branch or commit: concurrent updates to one task queue up and none is lost.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Select, bindparam, func, insert, select
from sqlmodel import Session, col

from servers._common.sql import Database, Prepared, ordered_values
from servers.tasks.models import STATUSES, TaskResponse, TaskSummary, timestamp_json
from servers.tasks.repository import TaskChanges, TaskQuery
from servers.tasks.tables import (
    TASK_BRANCHES,
    TASK_COMMITS,
    TASKS,
    TaskBranchRecord,
    TaskCommitRecord,
    TaskRecord,
)

__all__ = ["TABLES", "SqlTaskRepository"]

TABLES = (TASKS, TASK_BRANCHES, TASK_COMMITS)

_SUMMARY = select(TASKS.c.id, TASKS.c.title, TASKS.c.status, TASKS.c.created_at, TASKS.c.updated_at)
_FULL = select(
    TASKS.c.id,
    TASKS.c.title,
    TASKS.c.description,
    TASKS.c.notes,
    TASKS.c.status,
    TASKS.c.created_at,
    TASKS.c.updated_at,
    TASKS.c.planning_references,
    ordered_values(
        TASK_BRANCHES.c.name,
        position=TASK_BRANCHES.c.position,
        where=TASK_BRANCHES.c.task_id == TASKS.c.id,
    ),
    ordered_values(
        TASK_COMMITS.c.sha,
        position=TASK_COMMITS.c.position,
        where=TASK_COMMITS.c.task_id == TASKS.c.id,
    ),
)
_ORDER = (TASKS.c.updated_at.desc(), TASKS.c.id.desc())
_ON_BRANCH = select(TASK_BRANCHES.c.task_id).where(TASK_BRANCHES.c.name == bindparam("branch"))


def _listing(stmt: Select[Any], status: bool, branch: bool) -> Select[Any]:
    """``stmt`` narrowed by the filters a listing has, ordered, its page's size bound."""
    if status:
        stmt = stmt.where(TASKS.c.status == bindparam("status"))
    if branch:
        stmt = stmt.where(TASKS.c.id.in_(_ON_BRANCH))
    return stmt.order_by(*_ORDER).limit(bindparam("limit")).offset(bindparam("offset"))


class SqlTaskRepository:
    """:class:`servers.tasks.repository.TaskRepository` on SQLite or PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._insert = db.prepare(insert(TASKS))
        self._insert_branches = db.prepare(insert(TASK_BRANCHES))
        self._insert_commits = db.prepare(insert(TASK_COMMITS))
        self._get = db.prepare(_FULL.where(TASKS.c.id == bindparam("task_id")))
        # a listing's statement for each mode (summary, full) and filters (status, branch)
        self._listings: dict[tuple[bool, bool, bool], Prepared] = {
            (full, status, branch): db.prepare(
                _listing(_FULL if full else _SUMMARY, status, branch)
            )
            for full in (False, True)
            for status in (False, True)
            for branch in (False, True)
        }

    def add(self, tasks: Sequence[TaskResponse]) -> None:
        branches = [
            {"task_id": str(t.id), "name": name, "position": i}
            for t in tasks
            for i, name in enumerate(t.branches)
        ]
        commits = [
            {"task_id": str(t.id), "sha": sha, "position": i}
            for t in tasks
            for i, sha in enumerate(t.commits)
        ]
        with self._db.driver(write=True) as run:
            run.execute_many(
                self._insert,
                [
                    {
                        "id": str(t.id),
                        "title": t.title,
                        "description": t.description,
                        "notes": t.notes,
                        "status": t.status,
                        "created_at": t.created_at,
                        "updated_at": t.updated_at,
                        "planning_references": list(t.planning_references),
                    }
                    for t in tasks
                ],
            )
            run.execute_many(self._insert_branches, branches)
            run.execute_many(self._insert_commits, commits)

    def get(self, task_id: str) -> TaskResponse | None:
        rows = self._db.rows(self._get, {"task_id": task_id})
        return _task(rows[0]) if rows else None

    def list_summaries(self, query: TaskQuery) -> list[TaskSummary]:
        rows = self._db.rows(self._listing(query, full=False), _values(query))
        return [_summary(row) for row in rows]

    def list_summaries_json(self, query: TaskQuery) -> list[dict[str, Any]]:
        rows = self._db.rows(self._listing(query, full=False), _values(query))
        return [_summary_json(row) for row in rows]

    def list_full(self, query: TaskQuery) -> list[TaskResponse]:
        rows = self._db.rows(self._listing(query, full=True), _values(query))
        return [_task(row) for row in rows]

    def _listing(self, query: TaskQuery, *, full: bool) -> Prepared:
        return self._listings[(full, query.status is not None, query.branch is not None)]

    def update(self, task_id: str, changes: TaskChanges, now: datetime) -> TaskResponse | None:
        with self._db.write() as session:
            record = session.scalars(
                select(TaskRecord).where(col(TaskRecord.id) == task_id).with_for_update()
            ).one_or_none()
            if record is None:
                return None
            changed = False
            for name, value in changes.fields.items():
                if getattr(record, name) != value:
                    setattr(record, name, value)
                    changed = True
            if changes.branch is not None:
                changed |= _append(session, TaskBranchRecord, task_id, "name", changes.branch)
            if changes.commit is not None:
                changed |= _append(session, TaskCommitRecord, task_id, "sha", changes.commit)
            if changed:
                record.updated_at = now
            session.flush()
            return _task(session.execute(_FULL.where(TASKS.c.id == task_id)).one())

    def count(self) -> int:
        with self._db.transaction() as conn:
            return int(conn.scalar(select(func.count()).select_from(TASKS)) or 0)


def _append(
    session: Session,
    table: type[TaskBranchRecord] | type[TaskCommitRecord],
    task_id: str,
    key: str,
    value: str,
) -> bool:
    """Add ``value`` to the task's list unless it is there already; True when added."""
    column = getattr(table, key)
    present = list(session.scalars(select(column).where(col(table.task_id) == task_id)))
    if value in present:
        return False
    session.add(table(task_id=task_id, position=len(present), **{key: value}))
    return True


def _values(query: TaskQuery) -> dict[str, Any]:
    values: dict[str, Any] = {"limit": query.limit, "offset": query.offset}
    if query.status is not None:
        values["status"] = query.status
    if query.branch is not None:
        values["branch"] = query.branch
    return values


_UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_STATUSES = frozenset(STATUSES)


def _summary(row: Sequence[Any]) -> TaskSummary:
    """The summary of one row of ``_SUMMARY``."""
    task_id, title, status, created_at, updated_at = row
    return TaskSummary(
        id=task_id, title=title, status=status, created_at=created_at, updated_at=updated_at
    )


def _summary_json(row: Sequence[Any]) -> dict[str, Any]:
    """A summary of one row of ``_SUMMARY`` in the contract's JSON form: what ``TaskSummary``'s
    ``model_dump(mode="json")`` gives, without building the model to dump it (a page of 20 in
    half the instructions). A row the model would rewrite or refuse (an id not in a UUID's
    own text, lower-case with its hyphens; a status the contract does not know) goes through
    the model, so it is answered as it was."""
    task_id, title, status, created_at, updated_at = row
    if status not in _STATUSES or _UUID_TEXT.fullmatch(task_id) is None:
        return _summary(row).model_dump(mode="json")
    return {
        "id": task_id,
        "title": title,
        "status": status,
        "created_at": timestamp_json(created_at),
        "updated_at": timestamp_json(updated_at),
    }


def _task(row: Sequence[Any]) -> TaskResponse:
    """The full task of one row of ``_FULL``."""
    (task_id, title, description, notes, status, created_at, updated_at, references,
     branches, commits) = row  # fmt: skip
    return TaskResponse(
        id=task_id,
        title=title,
        description=description,
        notes=notes,
        status=status,
        created_at=created_at,
        updated_at=updated_at,
        planning_references=list(references or []),
        branches=branches,
        commits=commits,
    )
