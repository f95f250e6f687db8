"""Fixtures and helpers for the task tracker tests (``database_url`` comes from tests/conftest.py:
each test using it runs on SQLite and on PostgreSQL)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.server import Server

from servers._common.sql import Database
from servers.tasks.service import TaskService
from servers.tasks.sql_repository import TABLES, SqlTaskRepository
from servers.tasks.tools import build_tasks_server
from tests._calls import call  # noqa: F401  (re-exported for this server's tests)

SUMMARY_FIELDS = ["id", "title", "status", "created_at", "updated_at"]
FULL_FIELDS = [
    "id",
    "title",
    "description",
    "notes",
    "status",
    "created_at",
    "updated_at",
    "planning_references",
    "branches",
    "commits",
]


def open_database(url: str) -> Database:
    """The task tables at ``url``, opened directly (for seeding and inspecting them)."""
    return Database.open(url, tables=TABLES)


def stdio_params(database_url: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "servers.tasks", "--database-url", database_url]
    )


@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    db = open_database(database_url)
    yield db
    db.close()


@pytest.fixture
def service(database: Database) -> TaskService:
    return TaskService(SqlTaskRepository(database))


@pytest.fixture
def server(service: TaskService) -> Server[Any]:
    """The task server, in process, on each backend (connect with ``Client(server)``)."""
    return build_tasks_server(service)


async def call_error(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call a tool expecting this server's error body, ``{"error", "code"}``, marked is_error."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    # The body is the text content; an error claims no structured output (see _common/app.py).
    assert result.structured_content is None
    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
    assert list(body) == ["error", "code"]
    return body
