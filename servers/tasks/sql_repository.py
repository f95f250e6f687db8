"""Task storage on SQLite or PostgreSQL: :class:`SqlTaskRepository`.

Each method is one transaction: it either happens whole or not at all. Failures leave as
``servers._common.database.StorageError``.

Reads and inserts are SQLAlchemy Core statements on the tables, built once where they can be (no
ORM session: a call pays for its SQL, not for a unit of work); a summary reads only the five
columns it returns. A page comes in order from an index (``updated_at``, ``id``; with the status
in front when filtered). Branches and commits live in child tables, so the branch filter is a
subquery on the branch index, applied before ``LIMIT``. An update locks the task's row
(``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` serialises writers) before adding a
branch or commit: concurrent updates to one task queue up and none is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, Select, bindparam, func, insert, select
from sqlmodel import Session, col

from servers._common.sql import Database
from servers.tasks.models import TaskResponse, TaskSummary
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
_FULL = select(TASKS)
_ORDER = (TASKS.c.updated_at.desc(), TASKS.c.id.desc())
_ON_BRANCH = select(TASK_BRANCHES.c.task_id).where(TASK_BRANCHES.c.name == bindparam("branch"))
_BRANCHES_OF = (
    select(TASK_BRANCHES.c.task_id, TASK_BRANCHES.c.name)
    .where(TASK_BRANCHES.c.task_id.in_(bindparam("ids", expanding=True)))
    .order_by(TASK_BRANCHES.c.task_id, TASK_BRANCHES.c.position)
)
_COMMITS_OF = (
    select(TASK_COMMITS.c.task_id, TASK_COMMITS.c.sha)
    .where(TASK_COMMITS.c.task_id.in_(bindparam("ids", expanding=True)))
    .order_by(TASK_COMMITS.c.task_id, TASK_COMMITS.c.position)
)

TaskRow = Row[*tuple[Any, ...]]


class SqlTaskRepository:
    """:class:`servers.tasks.repository.TaskRepository` on SQLite or PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self._db = db

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
        with self._db.transaction(write=True) as conn:
            conn.execute(
                insert(TASKS),
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
            if branches:
                conn.execute(insert(TASK_BRANCHES), branches)
            if commits:
                conn.execute(insert(TASK_COMMITS), commits)

    def get(self, task_id: str) -> TaskResponse | None:
        with self._db.transaction() as conn:
            row = conn.execute(_FULL.where(TASKS.c.id == task_id)).one_or_none()
            return None if row is None else _with_children(conn, [row])[0]

    def list_summaries(self, query: TaskQuery) -> list[TaskSummary]:
        stmt, parameters = _filtered(_SUMMARY, query)
        with self._db.transaction() as conn:
            rows = conn.execute(stmt, parameters).all()
        return [
            TaskSummary(
                id=row.id,
                title=row.title,
                status=row.status,
                created_at=row.created_at,
                updated_at=row.updated_at,
            )
            for row in rows
        ]

    def list_full(self, query: TaskQuery) -> list[TaskResponse]:
        stmt, parameters = _filtered(_FULL, query)
        with self._db.transaction() as conn:
            return _with_children(conn, conn.execute(stmt, parameters).all())

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
            return _with_children(session, [record])[0]

    def count(self) -> int:
        with self._db.transaction() as conn:
            return int(conn.scalar(select(func.count()).select_from(TASKS)) or 0)


def _filtered(stmt: Select[Any], query: TaskQuery) -> tuple[Select[Any], dict[str, Any]]:
    """``stmt`` narrowed to ``query`` and ordered, with the parameters it binds."""
    parameters: dict[str, Any] = {}
    if query.status is not None:
        stmt = stmt.where(TASKS.c.status == query.status)
    if query.branch is not None:
        stmt = stmt.where(TASKS.c.id.in_(_ON_BRANCH))
        parameters["branch"] = query.branch
    return stmt.order_by(*_ORDER).limit(query.limit), parameters


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


def _with_children(
    executor: Any, rows: Sequence[TaskRow] | Sequence[TaskRecord]
) -> list[TaskResponse]:
    """The full tasks of ``rows`` (Core rows or ORM records), their branches and commits read
    through ``executor`` (a connection or a session)."""
    branches: dict[str, list[str]] = {r.id: [] for r in rows}
    commits: dict[str, list[str]] = {r.id: [] for r in rows}
    if rows:
        ids = {"ids": list(branches)}
        for task_id, name in executor.execute(_BRANCHES_OF, ids):
            branches[task_id].append(name)
        for task_id, sha in executor.execute(_COMMITS_OF, ids):
            commits[task_id].append(sha)
    return [
        TaskResponse(
            id=r.id,  # type: ignore[arg-type]
            title=r.title,
            description=r.description,
            notes=r.notes,
            status=r.status,  # type: ignore[arg-type]
            created_at=r.created_at,
            updated_at=r.updated_at,
            planning_references=list(r.planning_references or []),
            branches=branches[r.id],
            commits=commits[r.id],
        )
        for r in rows
    ]
