"""Bad input: every rule of the contract gets its error body, naming the field and the rule,
and nothing is written."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from mcp import Client
from mcp.server import Server

from tests.servers.todo.conftest import call, call_error

BAD_CALLS = [
    ("create_todo", {}, "title: is required"),
    ("create_todo", {"title": ""}, "title: must be at least 1 character long"),
    ("create_todo", {"title": "   "}, "title: must not be blank"),
    ("create_todo", {"title": "\t\n"}, "title: must not be blank"),
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
    ("list_todos", {"offset": -1}, "offset: must be at least 0"),
    ("list_todos", {"offset": "2"}, "offset: must be an integer"),
    ("list_todos", {"due_date_filter": "someday"}, "due_date_filter: must be 'today'"),
    ("update_todo", {"title": "x"}, "todo_id: is required"),
    ("update_todo", {"todo_id": "ID", "status": "all"}, "status: must be one of 'pending' or"),
    ("update_todo", {"todo_id": "ID"}, "update_todo needs at least one field to change"),
    ("update_todo", {"todo_id": "ID", "title": ""}, "title: must be at least 1 character long"),
    ("update_todo", {"todo_id": "ID", "title": "  "}, "title: must not be blank"),
    ("delete_todo", {"todo_id": "ID"}, "confirmation: is required"),
    ("delete_todo", {"todo_id": "ID", "confirmation": False}, "confirmation: must be true"),
    ("delete_todo", {"todo_id": "ID", "confirmation": "true"}, "confirmation: must be true"),
    # Strict JSON types, exactly as the schema publishes them: no coercion.
    ("delete_todo", {"todo_id": "ID", "confirmation": 1}, "confirmation: must be true"),
    ("delete_todo", {"todo_id": "ID", "confirmation": 1.0}, "confirmation: must be true"),
    ("list_todos", {"limit": "5"}, "limit: must be an integer"),
    ("list_todos", {"limit": True}, "limit: must be an integer"),
    ("list_todos", {"limit": 5.5}, "limit: must be an integer"),
    ("list_todos", {"status": ["all"]}, "status: must be one of"),
    ("create_todo", {"title": "t", "due_date": -7}, "due_date: must be an ISO 8601 date-time"),
    ("create_todo", {"title": "t", "due_date": "2025"}, "due_date: must be an ISO 8601 date-time"),
    ("create_todo", {"title": "t", "due_date": "20251225T150000Z"}, "due_date: must be an ISO"),
    ("create_todo", {"title": "t", "due_date": "2025-W52-1"}, "due_date: must be an ISO 8601"),
    ("create_todo", {"title": "t", "due_date": "2025-02-30"}, "due_date: must be a real date"),
    ("create_todo", {"title": "t", "due_date": "2025-12-25T25:00"}, "due_date: must be a real"),
    # Out of range once converted to UTC: an argument error, not a database error.
    ("create_todo", {"title": "t", "due_date": "9999-12-31T23:59:59-14:00"},
     "due_date: must be within years 1 to 9999"),
    ("update_todo", {"todo_id": "ID", "due_date": "0001-01-01T00:00:00+14:00"},
     "due_date: must be within years 1 to 9999"),
    ("create_todo", {"title": "nul\x00inside"}, "title: must not contain NUL characters"),
    ("create_todo", {"title": "t", "tags": ["ok", "lone \ud800"]},
     "tags.1: must not contain NUL characters or lone surrogates"),
    ("create_todo", {"title": "t", "tags": ["   "]}, "tags[0] must not be empty"),
    ("create_todo", {"title": "t", "tags": ["x" * 101]}, "tags[0] must be at most 100 characters"),
    ("list_todos", {"due_date_filter": "2025-02-30"}, "due_date_filter: must be a real date"),
    ("list_todos", {"due_date_filter": " today"}, "due_date_filter: must be 'today'"),
    ("list_todos", {"due_date_filter": 20251225}, "due_date_filter: must be a string"),
    ("list_todos", {"c" * 5000: 1}, "c" * 80 + "… (5000 characters): is not a known field"),
]  # fmt: skip


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


async def test_date_only_and_offsetless_due_dates_are_local(server: Server[Any]) -> None:
    async with Client(server) as client:
        await call(client, "create_todo", {"title": "day", "due_date": "2030-06-01"})
        await call(client, "create_todo", {"title": "minute", "due_date": "2030-06-02T09:30"})
        todos = (await call(client, "list_todos", {}))["todos"]
    due = {t["title"]: datetime.fromisoformat(t["due_date"]) for t in todos}
    assert due["day"] == datetime(2030, 6, 1).astimezone()
    assert due["minute"] == datetime(2030, 6, 2, 9, 30).astimezone()


async def test_unknown_tools_get_the_contract_body(server: Server[Any]) -> None:
    async with Client(server) as client:
        error = await call_error(client, "create_todos", {"title": "x"})
        long_name = await call_error(client, "t" * 10_000, {})
    assert error == {
        "success": False,
        "error_type": "invalid_arguments",
        "message": "Unknown tool 'create_todos'. Known tools: "
        "create_todo, list_todos, update_todo, delete_todo",
        "recoverable": True,
    }
    assert len(long_name["message"]) < 300 and "(10000 characters)" in long_name["message"]


async def test_a_huge_id_is_cut_in_the_not_found_message(server: Server[Any]) -> None:
    async with Client(server) as client:
        error = await call_error(client, "update_todo", {"todo_id": "x" * 1_200_000, "title": "t"})
    assert error["error_type"] == "todo_not_found"
    assert error["message"] == f"Todo with ID '{'x' * 80}… (1200000 characters)' does not exist"


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
