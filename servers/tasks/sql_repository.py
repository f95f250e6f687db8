"""Task storage on SQLModel, SQLite or PostgreSQL: :class:`SqlTaskRepository`.

Each method is one transaction: it either happens whole or not at all. Failures leave as
``servers._common.database.StorageError``.

Branches and commits live in child tables, so the branch filter is an ``EXISTS`` in the query
(before ``LIMIT``), and an update locks the task's row (``FOR UPDATE`` on PostgreSQL; SQLite's
``BEGIN IMMEDIATE`` serialises writers) before adding a branch or commit: concurrent updates to
one task queue up and none is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, select
from sqlmodel import Session, col

from servers._common.sql import Database
from servers.tasks.models import TaskResponse, TaskSummary
from servers.tasks.repository import TaskChanges, TaskQuery
from servers.tasks.tables import TaskBranchRecord, TaskCommitRecord, TaskRecord

__all__ = ["TABLES", "SqlTaskRepository"]

TABLES = (
    TaskRecord.__table__,  # type: ignore[attr-defined]
    TaskBranchRecord.__table__,  # type: ignore[attr-defined]
    TaskCommitRecord.__table__,  # type: ignore[attr-defined]
)


class SqlTaskRepository:
    """:class:`servers.tasks.repository.TaskRepository` on SQLite or PostgreSQL."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, tasks: Sequence[TaskResponse]) -> None:
        with self._db.write() as session:
            session.add_all(
                TaskRecord(
                    id=str(t.id),
                    title=t.title,
                    description=t.description,
                    notes=t.notes,
                    status=t.status,
                    created_at=t.created_at,
                    updated_at=t.updated_at,
                    planning_references=list(t.planning_references),
                )
                for t in tasks
            )
            session.flush()
            for t in tasks:
                session.add_all(
                    TaskBranchRecord(task_id=str(t.id), name=name, position=i)
                    for i, name in enumerate(t.branches)
                )
                session.add_all(
                    TaskCommitRecord(task_id=str(t.id), sha=sha, position=i)
                    for i, sha in enumerate(t.commits)
                )

    def get(self, task_id: str) -> TaskResponse | None:
        with self._db.read() as session:
            record = session.get(TaskRecord, task_id)
            return None if record is None else _with_children(session, [record])[0]

    def list_summaries(self, query: TaskQuery) -> list[TaskSummary]:
        stmt = _filtered(
            select(
                col(TaskRecord.id),
                col(TaskRecord.title),
                col(TaskRecord.status),
                col(TaskRecord.created_at),
                col(TaskRecord.updated_at),
            ),
            query,
        )
        with self._db.read() as session:
            rows = session.execute(stmt).all()
        return [
            TaskSummary(id=r[0], title=r[1], status=r[2], created_at=r[3], updated_at=r[4])
            for r in rows
        ]

    def list_full(self, query: TaskQuery) -> list[TaskResponse]:
        stmt = _filtered(select(TaskRecord), query)
        with self._db.read() as session:
            return _with_children(session, list(session.scalars(stmt)))

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
        with self._db.read() as session:
            return int(session.scalar(select(func.count()).select_from(TaskRecord)) or 0)


def _filtered(stmt: Any, query: TaskQuery) -> Any:
    if query.status is not None:
        stmt = stmt.where(col(TaskRecord.status) == query.status)
    if query.branch is not None:
        stmt = stmt.where(
            exists().where(
                col(TaskBranchRecord.task_id) == col(TaskRecord.id),
                col(TaskBranchRecord.name) == query.branch,
            )
        )
    return stmt.order_by(col(TaskRecord.updated_at).desc(), col(TaskRecord.id).desc()).limit(
        query.limit
    )


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


def _with_children(session: Session, records: list[TaskRecord]) -> list[TaskResponse]:
    branches: dict[str, list[str]] = {r.id: [] for r in records}
    commits: dict[str, list[str]] = {r.id: [] for r in records}
    if records:
        ids = list(branches)
        for task_id, name in session.execute(
            select(col(TaskBranchRecord.task_id), col(TaskBranchRecord.name))
            .where(col(TaskBranchRecord.task_id).in_(ids))
            .order_by(col(TaskBranchRecord.task_id), col(TaskBranchRecord.position))
        ):
            branches[task_id].append(name)
        for task_id, sha in session.execute(
            select(col(TaskCommitRecord.task_id), col(TaskCommitRecord.sha))
            .where(col(TaskCommitRecord.task_id).in_(ids))
            .order_by(col(TaskCommitRecord.task_id), col(TaskCommitRecord.position))
        ):
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
        for r in records
    ]
