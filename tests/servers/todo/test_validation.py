"""Bad input: every rule of the contract gets its error body, naming the field and the rule,
and nothing is written."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.server import Server

from tests.servers.todo.conftest import call, call_error

BAD_CALLS = [
    ("create_todo", {}, "title: is required"),
    ("create_todo", {"title": ""}, "title: must be at least 1 character long"),
    ("create_todo", {"title": "x" * 201}, "title: must be at most 200 characters long"),
    ("create_todo", {"title": 7}, "title: must be a string"),
    ("create_todo", {"title": "t", "description": "d" * 1001}, "description: must be at most 1000"),
    ("create_todo", {"title": "t", "due_date": "tomorrow"}, "due_date: must be an ISO 8601 date"),
    ("create_todo", {"title": "t", "priority": "urgent"}, "priority: must be one of 'low'"),
    ("create_todo", {"title": "t", "tags": "shop"}, "tags: must be an array"),
    ("create_todo", {"title": "t", "tags": [""]}, "tags[0] must not be empty"),
    ("create_todo", {"title": "t", "colour": "red"}, "colour: is not a known field"),
    ("list_todos", {"status": "done"}, "status: must be one of 'pending', 'completed' or 'all'"),
    ("list_todos", {"limit": 150}, "limit: must be between 1 and 100"),
    ("list_todos", {"limit": 0}, "limit: must be between 1 and 100"),
    ("list_todos", {"limit": "many"}, "limit: must be an integer"),
    ("list_todos", {"due_date_filter": "someday"}, "due_date_filter: must be 'today'"),
    ("update_todo", {"title": "x"}, "todo_id: is required"),
    ("update_todo", {"todo_id": "ID", "status": "all"}, "status: must be one of 'pending' or"),
    ("update_todo", {"todo_id": "ID"}, "update_todo needs at least one field to change"),
    ("update_todo", {"todo_id": "ID", "title": ""}, "title: must be at least 1 character long"),
    ("delete_todo", {"todo_id": "ID"}, "confirmation: is required"),
    ("delete_todo", {"todo_id": "ID", "confirmation": False}, "confirmation: must be true"),
    ("delete_todo", {"todo_id": "ID", "confirmation": "true"}, "confirmation: must be true"),
]


@pytest.mark.parametrize(("tool", "arguments", "expected"), BAD_CALLS)
async def test_bad_input_is_refused_and_changes_nothing(
    server: Server[Any], tool: str, arguments: dict[str, Any], expected: str
) -> None:
    async with Client(server) as client:
        todo_id = (await call(client, "create_todo", {"title": "keep me", "tags": ["a"]}))[
            "todo_id"
        ]
        before = await call(client, "list_todos", {"status": "all"})
        arguments = {k: (todo_id if v == "ID" else v) for k, v in arguments.items()}

        error = await call_error(client, tool, arguments)

        assert error["error_type"] == "invalid_arguments"
        assert error["recoverable"] is True
        assert expected in error["message"]
        assert await call(client, "list_todos", {"status": "all"}) == before


async def test_unknown_ids_are_todo_not_found(server: Server[Any]) -> None:
    async with Client(server) as client:
        for tool, extra in (
            ("update_todo", {"title": "x"}),
            ("delete_todo", {"confirmation": True}),
        ):
            error = await call_error(client, tool, {"todo_id": "todo_nope", **extra})
            assert error["error_type"] == "todo_not_found"
            assert error["message"] == "Todo with ID 'todo_nope' does not exist"
            assert error["recoverable"] is False


async def test_null_optional_arguments_count_as_not_given(server: Server[Any]) -> None:
    async with Client(server) as client:
        created = await call(client, "create_todo", {"title": "t", "due_date": None, "tags": None})
        (todo,) = (await call(client, "list_todos", {"priority": None}))["todos"]
        assert todo["todo_id"] == created["todo_id"] and todo["due_date"] is None


async def test_tags_are_trimmed_and_deduplicated(server: Server[Any]) -> None:
    async with Client(server) as client:
        await call(client, "create_todo", {"title": "t", "tags": [" a ", "b", "a"]})
        (todo,) = (await call(client, "list_todos", {}))["todos"]
        assert todo["tags"] == ["a", "b"]


async def test_database_failure_is_database_error_without_sql(sqlite_url: str) -> None:
    from sqlalchemy import create_engine, text

    from servers.todo.tools import create_server

    async with Client(create_server(sqlite_url)) as client:
        await call(client, "create_todo", {"title": "before"})
        vandal = create_engine(sqlite_url)
        with vandal.begin() as conn:
            conn.execute(text("DROP TABLE todo_tags"))
            conn.execute(text("DROP TABLE todos"))
        vandal.dispose()

        error = await call_error(client, "create_todo", {"title": "after"})

        assert error == {
            "success": False,
            "error_type": "database_error",
            "message": "Failed to create the todo: the database rejected the query",
            "recoverable": True,
        }
