"""The local fleet's shared state: agents and their tasks, in SQL (SQLite or PostgreSQL).

Two server processes on one machine see the same fleet. Names are unique without regard to case
(a unique index on the lower-cased name), so of two concurrent creates of one name exactly one
succeeds. Starting a task locks the agent's row while it checks that no task runs, so of two
concurrent starts exactly one succeeds. A task's output and exit status are not here: the
supervisor writes them to the run's folder.

Every method is one transaction, synchronous (call it from a worker thread).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Column, ForeignKey, Index, String, Text, delete, func, select, update
from sqlmodel import Field, Session, SQLModel, col

from servers._common.sql import Database, StorageError, UTCDateTime
from servers.fleet.errors import ConflictError, ServiceUnavailableError, agent_exists

__all__ = ["TABLES", "AgentRow", "FleetStore", "TaskRow", "open_store"]


class AgentRecord(SQLModel, table=True):
    __tablename__ = "fleet_agents"
    __table_args__ = (Index("ux_fleet_agents_name_key", "name_key", unique=True),)

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=32)
    name_key: str = Field(max_length=32)
    project: str = Field(max_length=200)
    role: str = Field(max_length=200)
    source: str = Field(sa_column=Column(Text, nullable=False))
    workspace: str = Field(sa_column=Column(Text, nullable=False))
    branch: str | None = Field(default=None, max_length=300)
    base_commit: str = Field(default="", max_length=64)
    phase: str = Field(max_length=16)  # creating | ready | deleting
    reset_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime()))
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    updated_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class TaskRecord(SQLModel, table=True):
    __tablename__ = "fleet_tasks"
    __table_args__ = (Index("ux_fleet_tasks_agent_seq", "agent_id", "seq", unique=True),)

    id: str = Field(primary_key=True, max_length=36)
    agent_id: str = Field(
        sa_column=Column(
            String(36), ForeignKey("fleet_agents.id", ondelete="CASCADE"), nullable=False
        )
    )
    seq: int
    message: str = Field(sa_column=Column(Text, nullable=False))
    run_dir: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


TABLES = (AgentRecord.__table__, TaskRecord.__table__)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class AgentRow:
    id: str
    name: str
    project: str
    role: str
    source: str
    workspace: str
    branch: str | None
    base_commit: str
    phase: str
    reset_at: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class TaskRow:
    id: str
    agent_id: str
    seq: int
    message: str
    run_dir: str
    created_at: datetime


def _agent(r: AgentRecord) -> AgentRow:
    return AgentRow(
        r.id,
        r.name,
        r.project,
        r.role,
        r.source,
        r.workspace,
        r.branch,
        r.base_commit,
        r.phase,
        r.reset_at,
        r.created_at,
        r.updated_at,
    )


def _task(r: TaskRecord) -> TaskRow:
    return TaskRow(r.id, r.agent_id, r.seq, r.message, r.run_dir, r.created_at)


def open_store(url: str) -> FleetStore:
    return FleetStore(Database.open(url, tables=TABLES))


class FleetStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def close(self) -> None:
        self._db.close()

    def add_agent(self, row: AgentRow) -> None:
        """Insert a new agent; ConflictError if its name is taken (in any case)."""
        try:
            with self._db.write() as session:
                taken = session.scalar(
                    select(col(AgentRecord.name)).where(
                        col(AgentRecord.name_key) == row.name.lower()
                    )
                )
                if taken is not None:
                    raise agent_exists(row.name, taken)
                session.add(AgentRecord(name_key=row.name.lower(), **row.__dict__))
        except StorageError as exc:
            if exc.kind == "conflict":  # the unique index caught a concurrent create
                raise agent_exists(row.name, row.name) from exc
            raise _unavailable(exc) from exc

    def agent(self, name: str) -> tuple[AgentRow, TaskRow | None] | None:
        """The agent called ``name`` (any case) and its latest task."""
        with _storage(), self._db.read() as session:
            record = session.scalar(
                select(AgentRecord).where(col(AgentRecord.name_key) == name.lower())
            )
            if record is None:
                return None
            return _agent(record), _latest(session, record.id)

    def agents(self) -> list[tuple[AgentRow, TaskRow | None]]:
        """Every agent, oldest first, with its latest task."""
        with _storage(), self._db.read() as session:
            records = list(
                session.scalars(select(AgentRecord).order_by(col(AgentRecord.created_at)))
            )
            newest = (
                select(col(TaskRecord.agent_id), func.max(TaskRecord.seq).label("seq"))
                .group_by(col(TaskRecord.agent_id))
                .subquery()
            )
            latest = {
                t.agent_id: _task(t)
                for t in session.scalars(
                    select(TaskRecord).join(
                        newest,
                        (col(TaskRecord.agent_id) == newest.c.agent_id)
                        & (col(TaskRecord.seq) == newest.c.seq),
                    )
                )
            }
            return [(_agent(r), latest.get(r.id)) for r in records]

    def set_agent(self, agent_id: str, now: datetime, **changes: object) -> None:
        with _storage(), self._db.write() as session:
            session.execute(
                update(AgentRecord)
                .where(col(AgentRecord.id) == agent_id)
                .values(updated_at=now, **changes)
            )

    def delete_agent(self, agent_id: str) -> None:
        with _storage(), self._db.write() as session:
            session.execute(delete(TaskRecord).where(col(TaskRecord.agent_id) == agent_id))
            session.execute(delete(AgentRecord).where(col(AgentRecord.id) == agent_id))

    def add_task(
        self,
        agent_id: str,
        make: Callable[[int], TaskRow],
        check: Callable[[AgentRow, TaskRow | None], None],
    ) -> TaskRow:
        """Insert the task ``make(seq)`` after ``check(agent, latest task)`` passed, with the
        agent's row locked so that concurrent starts are serialised."""
        try:
            with self._db.write() as session:
                record = session.scalar(
                    select(AgentRecord).where(col(AgentRecord.id) == agent_id).with_for_update()
                )
                if record is None:
                    raise ConflictError("The agent was deleted meanwhile")
                latest = _latest(session, agent_id)
                check(_agent(record), latest)
                task = make(latest.seq + 1 if latest else 1)
                session.add(TaskRecord(**task.__dict__))
                record.updated_at = task.created_at
                return task
        except StorageError as exc:
            if exc.kind == "conflict":
                raise ConflictError("Another task was started on this agent meanwhile") from exc
            raise _unavailable(exc) from exc

    def delete_task(self, task_id: str) -> None:
        with _storage(), self._db.write() as session:
            session.execute(delete(TaskRecord).where(col(TaskRecord.id) == task_id))

    def tasks(self, agent_id: str) -> list[TaskRow]:
        """The agent's tasks, newest first."""
        with _storage(), self._db.read() as session:
            return [
                _task(t)
                for t in session.scalars(
                    select(TaskRecord)
                    .where(col(TaskRecord.agent_id) == agent_id)
                    .order_by(col(TaskRecord.seq).desc())
                )
            ]


def _latest(session: Session, agent_id: str) -> TaskRow | None:
    record = session.scalar(
        select(TaskRecord)
        .where(col(TaskRecord.agent_id) == agent_id)
        .order_by(col(TaskRecord.seq).desc())
        .limit(1)
    )
    return None if record is None else _task(record)


def _unavailable(exc: StorageError) -> ServiceUnavailableError:
    return ServiceUnavailableError(f"The fleet's storage failed: {exc}")


class _storage:
    """Translate a storage failure into SERVICE_UNAVAILABLE (the message is already safe)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        if isinstance(exc, StorageError):
            raise _unavailable(exc) from exc
