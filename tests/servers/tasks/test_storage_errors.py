"""Database failures reach the caller in the contract's words: DATABASE_ERROR, QUERY_TIMEOUT."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from servers._common.sql import StorageError
from servers.tasks.errors import DatabaseError
from servers.tasks.models import ListTasksInput
from servers.tasks.service import TaskService
from servers.tasks.sql_repository import SqlTaskRepository
from servers.tasks.tools import build_tasks_server
from tests.servers.tasks.conftest import call, call_error, open_database

TASK_ID = "550e8400-e29b-41d4-a716-446655440000"


async def test_a_broken_store_is_a_database_error_without_sql(sqlite_url: str) -> None:
    db = open_database(sqlite_url)
    try:
        server = build_tasks_server(TaskService(SqlTaskRepository(db)))
        async with Client(server) as client:
            await call(client, "create_task", {"title": "t"})
            with db.engine.begin() as conn:  # someone drops the tables under the server
                for table in ("task_commits", "task_branches", "tasks"):
                    conn.execute(text(f"DROP TABLE {table}"))
            bodies = [
                await call_error(client, "list_tasks", {}),
                await call_error(client, "get_task", {"task_id": TASK_ID}),
                await call_error(client, "create_task", {"title": "t"}),
                await call_error(client, "update_task", {"task_id": TASK_ID, "title": "t"}),
            ]
    finally:
        db.close()
    actions = ["list tasks", "get task", "create task", "update task"]
    assert bodies == [
        {"error": f"Failed to {a}: the database rejected the query", "code": "DATABASE_ERROR"}
        for a in actions
    ]


@pytest.mark.postgres
@pytest.mark.slow
async def test_a_blocked_query_times_out_as_query_timeout(postgres_url: str) -> None:
    db = open_database(postgres_url)
    locker = create_engine(postgres_url)
    try:
        server = build_tasks_server(TaskService(SqlTaskRepository(db)))
        async with Client(server) as client:
            await call(client, "create_task", {"title": "t"})
            with locker.connect() as conn, conn.begin():
                conn.execute(text("LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE"))
                with anyio.fail_after(30):
                    body = await call_error(client, "list_tasks", {})
            assert body == {
                "error": "Failed to list tasks: query timeout after 5s",
                "code": "QUERY_TIMEOUT",
            }
            assert (await call(client, "list_tasks", {}))["total_count"] == 1  # and it recovers
    finally:
        locker.dispose()
        db.close()


@pytest.mark.postgres
async def test_a_refused_connection_is_a_database_error(postgres_url: str) -> None:
    db = open_database(postgres_url)
    url = make_url(postgres_url)
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        server = build_tasks_server(TaskService(SqlTaskRepository(db)))
        async with Client(server) as client:
            await call(client, "create_task", {"title": "t"})
            with admin.connect() as conn:  # the database goes away under the server
                conn.execute(text(f'ALTER DATABASE "{url.database}" ALLOW_CONNECTIONS false'))
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": url.database},
                )
            body = await call_error(client, "list_tasks", {})
        assert body == {
            "error": "Failed to list tasks: database connection failed",
            "code": "DATABASE_ERROR",
        }
        assert url.password is None or url.password not in body["error"]
    finally:
        db.close()
        admin.dispose()


class _FailingRepository:
    """A store whose every call fails as the shared storage layer reports it."""

    def __init__(self, cause: Exception, kind: Any) -> None:
        self._cause, self._kind = cause, kind

    def list_summaries(self, query: Any) -> list[Any]:
        raise StorageError(self._kind) from self._cause


class QueryCanceled(Exception):
    """Stands for psycopg.errors.QueryCanceled (statement_timeout)."""


@pytest.mark.parametrize(
    ("orig", "kind", "code", "message"),
    [
        (QueryCanceled("canceling statement"), "timeout", "QUERY_TIMEOUT",
         "Failed to list tasks: query timeout after 5s"),
        (Exception("connection timeout expired"), "timeout", "DATABASE_ERROR",
         "Failed to list tasks: database connection timeout"),
        (Exception("connection refused"), "connection", "DATABASE_ERROR",
         "Failed to list tasks: database connection failed"),
    ],
)  # fmt: skip
def test_storage_failures_map_to_the_contract_codes(
    orig: Exception, kind: str, code: str, message: str
) -> None:
    cause = OperationalError("SELECT secret FROM tasks", {}, orig)
    service = TaskService(_FailingRepository(cause, kind))  # type: ignore[arg-type]
    with pytest.raises(DatabaseError) as caught:
        service.list_tasks(ListTasksInput())
    assert (caught.value.code, str(caught.value)) == (code, message)
