"""The task tracker's tables (SQLModel): loaded only once storage is opened."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Column, ForeignKey, Index, String, Table, Text
from sqlmodel import Field as ColumnField
from sqlmodel import SQLModel

from servers._common.sql import UTCDateTime
from servers.tasks.models import BRANCH_MAX, TITLE_MAX

__all__ = [
    "TASKS",
    "TASK_BRANCHES",
    "TASK_COMMITS",
    "TaskBranchRecord",
    "TaskCommitRecord",
    "TaskRecord",
]


class TaskRecord(SQLModel, table=True):
    __tablename__ = "tasks"
    # list_tasks's order (most recently updated first, the id breaking ties), with and without
    # the status filter: a page is read from an index, never sorted from the whole table.
    __table_args__ = (
        Index("ix_tasks_updated", "updated_at", "id"),
        Index("ix_tasks_status_updated_id", "status", "updated_at", "id"),
    )

    id: str = ColumnField(primary_key=True, max_length=36)
    title: str = ColumnField(max_length=TITLE_MAX)
    description: str | None = ColumnField(default=None, sa_column=Column(Text, nullable=True))
    notes: str | None = ColumnField(default=None, sa_column=Column(Text, nullable=True))
    status: str = ColumnField(max_length=20)
    created_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))
    updated_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))
    planning_references: list[str] = ColumnField(
        default_factory=list, sa_column=Column(JSON, nullable=False)
    )


class TaskBranchRecord(SQLModel, table=True):
    __tablename__ = "task_branches"
    __table_args__ = (Index("ix_task_branches_name", "name", "task_id"),)

    task_id: str = ColumnField(
        sa_column=Column(String(36), ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True)
    )
    name: str = ColumnField(primary_key=True, max_length=BRANCH_MAX)
    position: int = 0


class TaskCommitRecord(SQLModel, table=True):
    __tablename__ = "task_commits"

    task_id: str = ColumnField(
        sa_column=Column(String(36), ForeignKey("tasks.id", ondelete="CASCADE"), primary_key=True)
    )
    sha: str = ColumnField(primary_key=True, max_length=40)
    position: int = 0


TASKS: Table = TaskRecord.__table__  # type: ignore[attr-defined]
TASK_BRANCHES: Table = TaskBranchRecord.__table__  # type: ignore[attr-defined]
TASK_COMMITS: Table = TaskCommitRecord.__table__  # type: ignore[attr-defined]
