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
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import (
    Column,
    ForeignKey,
    Index,
    String,
    Text,
    delete,
    func,
    inspect,
    select,
    text,
    update,
)
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
    # Added after the first release (nullable: upgrade() adds them to older tables):
    owner: str | None = Field(default=None, max_length=120)  # the server making it: "pid:start"
    base_branch: str | None = Field(default=None, max_length=300)  # where its work goes back
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
    # Added after the first release (nullable: upgrade() adds them to older tables):
    state: str | None = Field(default=None, max_length=16)  # queued | dropped; None: started
    started_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime()))


TABLES = (AgentRecord.__table__, TaskRecord.__table__)  # type: ignore[attr-defined]
_UPGRADE_LOCK = 0x666C6565  # "flee": the advisory lock of the upgrade on PostgreSQL


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
    owner: str | None = None
    base_branch: str | None = None


TaskState = Literal["started", "queued", "dropped"]


@dataclass(frozen=True)
class TaskRow:
    id: str
    agent_id: str
    seq: int
    message: str
    run_dir: str
    created_at: datetime
    state: TaskState = "started"
    started_at: datetime | None = None

    @property
    def launched_at(self) -> datetime:
        """When its run was launched (a task stored before the queue existed: when it was
        stored)."""
        return self.started_at or self.created_at


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
        r.owner,
        r.base_branch,
    )


def _task(r: TaskRecord) -> TaskRow:
    state: TaskState = r.state if r.state in ("queued", "dropped") else "started"  # type: ignore[assignment]
    return TaskRow(r.id, r.agent_id, r.seq, r.message, r.run_dir, r.created_at, state, r.started_at)


def _record(task: TaskRow) -> TaskRecord:
    return TaskRecord(
        id=task.id,
        agent_id=task.agent_id,
        seq=task.seq,
        message=task.message,
        run_dir=task.run_dir,
        created_at=task.created_at,
        state=None if task.state == "started" else task.state,
        started_at=task.started_at,
    )


def open_store(url: str) -> FleetStore:
    store = FleetStore(Database.open(url, tables=TABLES))
    store.upgrade()
    return store


class FleetStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def close(self) -> None:
        self._db.close()

    def upgrade(self) -> None:
        """Add the columns this version added to tables an older version made (all nullable);
        under a lock, so servers starting at once do it once. A store already up to date is
        only read: a second process must not queue for the write lock behind a busy first."""
        with _storage(), self._db.read() as session:
            inspector = inspect(session.connection())
            if all(
                {c.name for c in table.columns}
                <= {c["name"] for c in inspector.get_columns(table.name)}
                for table in TABLES
            ):
                return
        with _storage(), self._db.write() as session:
            conn = session.connection()
            if self._db.dialect == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _UPGRADE_LOCK})
            inspector = inspect(conn)
            for table in TABLES:
                have = {c["name"] for c in inspector.get_columns(table.name)}
                for column in table.columns:
                    if column.name not in have:
                        kind = column.type.compile(dialect=conn.dialect)
                        conn.execute(
                            text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
                        )

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
        """The agent called ``name`` (any case) and its latest task (not one taken out of the
        queue before it started: that one never ran)."""
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
                .where(_not_dropped())
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
        make: Callable[[int, bool], TaskRow],
        check: Callable[[AgentRow, TaskRow | None], None],
        admit: Callable[[list[tuple[AgentRow, TaskRow | None]]], bool],
    ) -> TaskRow:
        """Insert the task ``make(seq, start)`` after ``check(agent, latest task)`` passed;
        ``start`` is ``admit(the project's agents with their latest tasks)``: whether a slot is
        free. The project's rows are locked meanwhile, so concurrent starts (in any process)
        are serialised and never take more slots than there are."""
        try:
            with self._db.write() as session:
                record = session.scalar(select(AgentRecord).where(col(AgentRecord.id) == agent_id))
                if record is None:
                    raise ConflictError("The agent was deleted meanwhile")
                rows = _locked_project(session, record.project)
                this = next((r for r in rows if r[0].id == agent_id), None)
                if this is None:
                    raise ConflictError("The agent was deleted meanwhile")
                check(*this)
                last_seq = session.scalar(  # a dropped task too: its seq is taken
                    select(func.max(TaskRecord.seq)).where(col(TaskRecord.agent_id) == agent_id)
                )
                task = make((last_seq or 0) + 1, admit(rows))
                session.add(_record(task))
                session.execute(
                    update(AgentRecord)
                    .where(col(AgentRecord.id) == agent_id)
                    .values(updated_at=task.created_at)
                )
                return task
        except StorageError as exc:
            if exc.kind == "conflict":
                raise ConflictError("Another task was started on this agent meanwhile") from exc
            raise _unavailable(exc) from exc

    def promote(
        self,
        project: str,
        free: Callable[[list[tuple[AgentRow, TaskRow | None]]], int],
        now: datetime,
    ) -> list[tuple[AgentRow, TaskRow]]:
        """Mark as started, oldest first, as many of the project's queued tasks as
        ``free(its agents with their latest tasks)`` says there are slots for (the rows locked,
        as in :meth:`add_task`); the tasks to launch now."""
        with _storage(), self._db.write() as session:
            rows = _locked_project(session, project)
            waiting = sorted(
                ((a, t) for a, t in rows if t is not None and t.state == "queued"),
                key=lambda pair: pair[1].created_at,
            )
            chosen = waiting[: max(0, free(rows))]
            for _, task in chosen:
                session.execute(
                    update(TaskRecord)
                    .where(col(TaskRecord.id) == task.id)
                    .values(state=None, started_at=now)
                )
            return [(a, replace(t, state="started", started_at=now)) for a, t in chosen]

    def drop_task(self, task_id: str) -> bool:
        """Take a queued task out of the queue; False if it is not queued (any more)."""
        with _storage(), self._db.write() as session:
            done = session.execute(
                update(TaskRecord)
                .where((col(TaskRecord.id) == task_id) & (col(TaskRecord.state) == "queued"))
                .values(state="dropped")
            )
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def queued(self) -> list[tuple[AgentRow, TaskRow]]:
        """Every queued task with its agent, oldest first."""
        with _storage(), self._db.read() as session:
            found = session.execute(
                select(AgentRecord, TaskRecord)
                .join(TaskRecord, col(TaskRecord.agent_id) == col(AgentRecord.id))
                .where(col(TaskRecord.state) == "queued")
                .order_by(col(TaskRecord.created_at))
            )
            return [(_agent(a), _task(t)) for a, t in found]

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


def _locked_project(session: Session, project: str) -> list[tuple[AgentRow, TaskRow | None]]:
    """The project's agents, their rows locked for this transaction, with their latest tasks."""
    records = list(
        session.scalars(
            select(AgentRecord)
            .where(col(AgentRecord.project) == project)
            .order_by(col(AgentRecord.id))  # one order for every locker: no deadlock
            .with_for_update()
        )
    )
    return [(_agent(r), _latest(session, r.id)) for r in records]


def _not_dropped() -> Any:
    """A task that was not taken out of the queue before it started (it never ran: the agent's
    latest task is the one before it)."""
    return col(TaskRecord.state).is_(None) | (col(TaskRecord.state) != "dropped")


def _latest(session: Session, agent_id: str) -> TaskRow | None:
    record = session.scalar(
        select(TaskRecord)
        .where((col(TaskRecord.agent_id) == agent_id) & _not_dropped())
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
