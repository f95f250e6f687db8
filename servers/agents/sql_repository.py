"""Registered tools in SQL: SQLite by default, PostgreSQL by URL (servers._common.sql).

One row per (agent, tool name). Registering again replaces the row (an upsert, so concurrent
registrations of one name never fail on the primary key). Failures leave as
``servers._common.sql.StorageError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, String, Text, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Field as ColumnField
from sqlmodel import SQLModel, col

from servers._common.sql import Database, UTCDateTime
from servers.agents.repository import RegisteredTool

__all__ = ["TABLES", "AgentToolRecord", "SqlToolRepository"]


class AgentToolRecord(SQLModel, table=True):
    __tablename__ = "agent_tools"

    agent: str = ColumnField(sa_column=Column(String(64), primary_key=True))
    name: str = ColumnField(sa_column=Column(String(64), primary_key=True))
    description: str = ColumnField(sa_column=Column(Text, nullable=False))
    input_schema: dict[str, Any] = ColumnField(sa_column=Column(JSON, nullable=False))
    server: str = ColumnField(sa_column=Column(String(128), nullable=False))
    tool: str = ColumnField(sa_column=Column(String(128), nullable=False))
    created_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))
    updated_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))


TABLES = (AgentToolRecord.__table__,)  # type: ignore[attr-defined]


class SqlToolRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def register(self, agents: Sequence[str], tool: RegisteredTool, now: datetime) -> list[str]:
        dialect = postgresql if self._db.dialect == "postgresql" else sqlite
        with self._db.write() as session:
            existing = set(
                session.scalars(
                    select(col(AgentToolRecord.agent)).where(
                        col(AgentToolRecord.name) == tool.name,
                        col(AgentToolRecord.agent).in_(list(agents)),
                    )
                )
            )
            values = {
                "description": tool.description,
                "input_schema": tool.input_schema,
                "server": tool.server,
                "tool": tool.tool,
                "updated_at": now,
            }
            for agent in agents:
                statement = dialect.insert(AgentToolRecord).values(
                    agent=agent, name=tool.name, created_at=now, **values
                )
                session.execute(
                    statement.on_conflict_do_update(index_elements=["agent", "name"], set_=values)
                )
        return [a for a in agents if a in existing]

    def tools_for(self, agent: str) -> list[RegisteredTool]:
        with self._db.read() as session:
            records = session.scalars(
                select(AgentToolRecord)
                .where(col(AgentToolRecord.agent) == agent)
                .order_by(col(AgentToolRecord.name))
            ).all()
            return [
                RegisteredTool(r.name, r.description, dict(r.input_schema), r.server, r.tool)
                for r in records
            ]

    def names_by_agent(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        with self._db.read() as session:
            rows = session.execute(
                select(col(AgentToolRecord.agent), col(AgentToolRecord.name)).order_by(
                    col(AgentToolRecord.agent), col(AgentToolRecord.name)
                )
            ).all()
        for agent, name in rows:
            found.setdefault(agent, []).append(name)
        return found
