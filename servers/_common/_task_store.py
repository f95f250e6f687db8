"""Task records in SQL (``servers._common.sql``): one table, ``mcp_tasks``, shared by every
process and replica of a server on the same database, so any of them answers for a task.

Loaded only when a server first needs its tasks (SQLAlchemy with it), in a worker thread. Every
method is blocking; :mod:`servers._common.tasks` runs them off the event loop. Expired records
(``created_at + ttl`` passed) are deleted when tasks are created or listed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Index,
    MetaData,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
    update,
)

from servers._common.sql import Database, UTCDateTime

__all__ = ["TABLES", "TaskRecord", "TaskStore"]

TERMINAL = ("completed", "failed", "cancelled")

_metadata = MetaData()
TASKS = Table(
    "mcp_tasks",
    _metadata,
    Column("task_id", String(64), primary_key=True),
    Column("server", String(64), nullable=False),
    Column("tool", String(128), nullable=False),
    Column("arguments", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("status_message", Text, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Column("ttl_ms", BigInteger, nullable=True),
    Column("poll_ms", BigInteger, nullable=False),
    Column("result", Text, nullable=True),  # the CallToolResult, as JSON
    Column("is_error", Boolean, nullable=False, default=False),
    Column("error", Text, nullable=True),  # a JSON-RPC error object, as JSON
    Column("beat_at", UTCDateTime(), nullable=True),  # its process says it still runs it
    Index("mcp_tasks_server_created", "server", "created_at"),
)
TABLES = (TASKS,)


@dataclass(frozen=True)
class TaskRecord:
    task_id: str
    server: str
    tool: str
    arguments: dict[str, Any]
    status: str
    status_message: str | None
    created_at: datetime
    updated_at: datetime
    ttl_ms: int | None
    poll_ms: int
    result: dict[str, Any] | None
    is_error: bool
    error: dict[str, Any] | None
    beat_at: datetime | None = None

    @property
    def done(self) -> bool:
        return self.status in TERMINAL


def _record(row: Any) -> TaskRecord:
    m = row._mapping
    return TaskRecord(
        task_id=m["task_id"],
        server=m["server"],
        tool=m["tool"],
        arguments=dict(m["arguments"] or {}),
        status=m["status"],
        status_message=m["status_message"],
        created_at=m["created_at"],
        updated_at=m["updated_at"],
        ttl_ms=m["ttl_ms"],
        poll_ms=m["poll_ms"],
        result=json.loads(m["result"]) if m["result"] else None,
        is_error=bool(m["is_error"]),
        error=json.loads(m["error"]) if m["error"] else None,
        beat_at=m["beat_at"],
    )


class TaskStore:
    """The task records of one server (``server``: its name) in ``db``."""

    def __init__(self, db: Database, server: str) -> None:
        self.db, self.server = db, server

    @classmethod
    def open(cls, url: str, server: str) -> TaskStore:
        from servers._common.sql import open_database

        return cls(open_database(url, tables=TABLES), server)

    def close(self) -> None:
        self.db.close()

    def create(
        self,
        task_id: str,
        tool: str,
        arguments: dict[str, Any],
        *,
        ttl_ms: int | None,
        poll_ms: int,
        now: datetime,
    ) -> TaskRecord:
        with self.db.transaction(write=True) as conn:
            self._expire(conn, now)
            conn.execute(
                insert(TASKS).values(
                    task_id=task_id,
                    server=self.server,
                    tool=tool,
                    arguments=arguments,
                    status="working",
                    status_message=None,
                    created_at=now,
                    updated_at=now,
                    ttl_ms=ttl_ms,
                    poll_ms=poll_ms,
                    is_error=False,
                    beat_at=now,
                )
            )
        found = self.get(task_id, now)
        assert found is not None
        return found

    def get(self, task_id: str, now: datetime) -> TaskRecord | None:
        with self.db.transaction() as conn:
            row = conn.execute(
                select(TASKS).where(TASKS.c.task_id == task_id, TASKS.c.server == self.server)
            ).first()
        if row is None:
            return None
        record = _record(row)
        if record.ttl_ms is not None and record.created_at + timedelta(
            milliseconds=record.ttl_ms
        ) < now.astimezone(UTC):
            return None
        return record

    def list(self, now: datetime, *, offset: int, limit: int) -> list[TaskRecord]:
        with self.db.transaction(write=True) as conn:
            self._expire(conn, now)
            rows = conn.execute(
                select(TASKS)
                .where(TASKS.c.server == self.server)
                .order_by(TASKS.c.created_at.desc(), TASKS.c.task_id)
                .offset(offset)
                .limit(limit)
            ).all()
        return [_record(row) for row in rows]

    def set_message(self, task_id: str, message: str, now: datetime) -> None:
        with self.db.transaction(write=True) as conn:
            conn.execute(
                update(TASKS)
                .where(TASKS.c.task_id == task_id, TASKS.c.status == "working")
                .values(status_message=message, updated_at=now)
            )

    def beat(self, task_id: str, now: datetime) -> None:
        """The process running ``task_id`` still does."""
        with self.db.transaction(write=True) as conn:
            conn.execute(
                update(TASKS)
                .where(TASKS.c.task_id == task_id, TASKS.c.status == "working")
                .values(beat_at=now)
            )

    def keep_result(self, task_id: str, result: dict[str, Any]) -> None:
        """Store the call's result of a task still working (its work goes on, followed)."""
        with self.db.transaction(write=True) as conn:
            conn.execute(
                update(TASKS)
                .where(TASKS.c.task_id == task_id, TASKS.c.status == "working")
                .values(result=json.dumps(result))
            )

    def finish(
        self,
        task_id: str,
        status: str,
        now: datetime,
        *,
        message: str | None = None,
        result: dict[str, Any] | None = None,
        is_error: bool = False,
        error: dict[str, Any] | None = None,
    ) -> bool:
        """Move a working task to ``status`` (terminal); False when it was no longer working
        (cancelled meanwhile: a terminal status never changes)."""
        with self.db.transaction(write=True) as conn:
            done = conn.execute(
                update(TASKS)
                .where(TASKS.c.task_id == task_id, TASKS.c.status.not_in(TERMINAL))
                .values(
                    status=status,
                    status_message=message,
                    updated_at=now,
                    result=json.dumps(result) if result is not None else None,
                    is_error=is_error,
                    error=json.dumps(error) if error is not None else None,
                )
            )
        return bool(done.rowcount)

    def _expire(self, conn: Any, now: datetime) -> None:
        rows = conn.execute(
            select(TASKS.c.task_id, TASKS.c.created_at, TASKS.c.ttl_ms).where(
                TASKS.c.server == self.server, TASKS.c.ttl_ms.is_not(None)
            )
        ).all()
        gone = [r.task_id for r in rows if r.created_at + timedelta(milliseconds=r.ttl_ms) < now]
        if gone:
            conn.execute(delete(TASKS).where(TASKS.c.task_id.in_(gone)))
