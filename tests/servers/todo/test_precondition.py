"""update_todo's ``if_unchanged_since``: the todo's updated_at as the caller read it. A todo
changed since is refused with the contract's error body (``conflict``) and nothing is written;
the check and the write are one transaction, on each backend."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

import pytest
from mcp import Client
from mcp.server import Server

from servers._common.sql import Database
from servers.todo.errors import ConflictError
from servers.todo.models import CreateTodoInput, ListTodosInput, UpdateTodoInput
from servers.todo.service import TodoService
from servers.todo.sql_repository import TABLES, SqlTodoRepository
from tests.servers.todo.conftest import call, call_error


async def _listed(client: Client, todo_id: str) -> dict[str, Any]:
    body = await call(client, "list_todos", {"status": "all"})
    (todo,) = [t for t in body["todos"] if t["todo_id"] == todo_id]
    return todo


async def test_a_second_update_with_the_same_stale_time_is_refused_and_writes_nothing(
    server: Server[Any],
) -> None:
    async with Client(server) as client:
        made = await call(client, "create_todo", {"title": "water the ficus", "tags": ["alpha"]})
        todo_id = made["todo_id"]
        read = await _listed(client, todo_id)
        since = read["updated_at"]
        first = {"todo_id": todo_id, "tags": ["alpha", "a4"], "if_unchanged_since": since}
        assert (await call(client, "update_todo", first))["updated_fields"] == ["tags"]
        after_first = await _listed(client, todo_id)
        assert after_first["tags"] == ["alpha", "a4"]
        assert after_first["updated_at"] != since

        second = {
            "todo_id": todo_id,
            "tags": ["alpha", "b4"],
            "title": "water the fern",
            "if_unchanged_since": since,
        }
        body = await call_error(client, "update_todo", second)
        assert body["error_type"] == "conflict"
        assert body["recoverable"] is True
        assert "changed since it was read" in body["message"]
        assert await _listed(client, todo_id) == after_first  # tags, title, time: all as were

        # Read again, then the same change goes through.
        second["if_unchanged_since"] = after_first["updated_at"]
        second["tags"] = ["alpha", "a4", "b4"]
        await call(client, "update_todo", second)
        final = await _listed(client, todo_id)
        assert final["tags"] == ["alpha", "a4", "b4"]
        assert final["title"] == "water the fern"


async def test_quick_updates_each_read_from_the_last_all_go_through(server: Server[Any]) -> None:
    """updated_at round-trips exactly (list_todos's text, sent back) and two quick writes differ."""
    async with Client(server) as client:
        todo_id = (await call(client, "create_todo", {"title": "quick"}))["todo_id"]
        times = [(await _listed(client, todo_id))["updated_at"]]
        for i in range(15):
            change = {"todo_id": todo_id, "tags": [f"t{i}"], "if_unchanged_since": times[-1]}
            await call(client, "update_todo", change)
            times.append((await _listed(client, todo_id))["updated_at"])
        assert len(set(times)) == len(times)
        instants = [datetime.fromisoformat(t) for t in times]
        assert instants == sorted(instants)


async def test_an_unknown_todo_is_not_found_and_a_precondition_alone_changes_nothing(
    server: Server[Any],
) -> None:
    since = "2026-01-01T00:00:00+00:00"
    async with Client(server) as client:
        body = await call_error(
            client,
            "update_todo",
            {"todo_id": "todo_nope", "title": "x", "if_unchanged_since": since},
        )
        assert body["error_type"] == "todo_not_found"
        todo_id = (await call(client, "create_todo", {"title": "alone"}))["todo_id"]
        body = await call_error(
            client, "update_todo", {"todo_id": todo_id, "if_unchanged_since": since}
        )
        assert body["error_type"] == "invalid_arguments"
        body = await call_error(
            client, "update_todo", {"todo_id": todo_id, "title": "x", "if_unchanged_since": "soon"}
        )
        assert body["error_type"] == "invalid_arguments"
        assert "if_unchanged_since" in body["message"]


def test_a_clock_that_stands_still_still_moves_the_time_a_precondition_checks(
    database_url: str,
) -> None:
    now = datetime(2026, 3, 2, 1, 0, tzinfo=UTC)
    db = Database.open(database_url, tables=TABLES)
    try:
        service = TodoService(SqlTodoRepository(db), now=lambda: now)
        todo_id = service.create_todo(CreateTodoInput(title="still")).todo_id
        since = service.list_todos(ListTodosInput()).todos[0].updated_at
        service.update_todo(UpdateTodoInput(todo_id=todo_id, tags=["a"], if_unchanged_since=since))
        with pytest.raises(ConflictError):
            service.update_todo(
                UpdateTodoInput(todo_id=todo_id, tags=["b"], if_unchanged_since=since)
            )
        (todo,) = service.list_todos(ListTodosInput()).todos
        assert todo.tags == ["a"]
        assert todo.updated_at > since
    finally:
        db.close()


def test_two_writers_at_once_with_the_same_time_one_wins_the_other_writes_nothing(
    database_url: str,
) -> None:
    """Two connections, each its own store, send the same precondition at the same moment:
    exactly one writes, the other is refused and its tags are nowhere."""
    setup = Database.open(database_url, tables=TABLES)
    stores = [Database.open(database_url, tables=TABLES) for _ in range(2)]
    try:
        service = TodoService(SqlTodoRepository(setup))
        for round_ in range(10):
            todo_id = service.create_todo(CreateTodoInput(title=f"race {round_}")).todo_id
            since = service.get_todo(todo_id).updated_at  # type: ignore[union-attr]
            start = threading.Barrier(2)
            outcome: dict[str, str] = {}

            def write(
                store: Database,
                tag: str,
                todo_id: str = todo_id,
                since: Any = since,
                start: threading.Barrier = start,
                outcome: dict[str, str] = outcome,
            ) -> None:
                writer = TodoService(SqlTodoRepository(store))
                args = UpdateTodoInput(todo_id=todo_id, tags=[tag], if_unchanged_since=since)
                start.wait()
                try:
                    writer.update_todo(args)
                    outcome[tag] = "updated"
                except ConflictError:
                    outcome[tag] = "conflict"

            threads = [
                threading.Thread(target=write, args=(store, tag))
                for store, tag in zip(stores, ("a", "b"), strict=True)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            assert sorted(outcome.values()) == ["conflict", "updated"], outcome
            (won,) = [tag for tag, done in outcome.items() if done == "updated"]
            assert service.get_todo(todo_id).tags == [won]  # type: ignore[union-attr]
    finally:
        for store in (setup, *stores):
            store.close()
