"""Eight clients, each its own server process over stdio on one store, writing at once; a write
that meets SQLite's lock held elsewhere."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from servers.todo.tools import create_server
from tests.servers.todo.conftest import call, stdio_params

pytestmark = pytest.mark.processes

CLIENTS = 8
TODOS_EACH = 50


@pytest.mark.slow
async def test_concurrent_clients_lose_and_duplicate_nothing(database_url: str) -> None:
    created: dict[int, list[str]] = {}

    async def worker(n: int) -> None:
        async with Client(stdio_params(database_url)) as client:
            ids = []
            for i in range(TODOS_EACH):
                body = await call(client, "create_todo", {"title": f"c{n}-t{i}", "tags": [f"c{n}"]})
                ids.append(body["todo_id"])
                # Update one of this client's earlier todos while the others write too.
                await call(
                    client,
                    "update_todo",
                    {"todo_id": ids[i // 2], "status": "completed", "priority": "high"},
                )
            created[n] = ids

    with anyio.fail_after(120):
        async with anyio.create_task_group() as tg:
            for n in range(CLIENTS):
                tg.start_soon(worker, n)

        async with Client(stdio_params(database_url)) as client:
            all_ids = [i for ids in created.values() for i in ids]
            assert len(all_ids) == len(set(all_ids)) == CLIENTS * TODOS_EACH
            stored: list[dict] = []
            for n in range(CLIENTS):  # the list is capped at 100, so one client's tag at a time
                body = await call(client, "list_todos", {"status": "all", "tags": [f"c{n}"]})
                assert body["count"] == TODOS_EACH
                stored += body["todos"]
            assert sorted(t["todo_id"] for t in stored) == sorted(all_ids)
            assert sorted(t["title"] for t in stored) == sorted(
                f"c{n}-t{i}" for n in range(CLIENTS) for i in range(TODOS_EACH)
            )
            updated = {ids[i // 2] for ids in created.values() for i in range(TODOS_EACH)}
            for todo in stored:
                done = todo["todo_id"] in updated
                assert (todo["status"], todo["priority"]) == (
                    ("completed", "high") if done else ("pending", "medium")
                )


async def test_a_write_waits_for_a_held_sqlite_lock_in_a_thread_while_the_loop_serves(
    sqlite_url: str, tmp_path: Path
) -> None:
    """A todo's handler runs on the event loop while SQLite need not wait; with the write lock
    held by another connection (another replica, say), create_todo waits for it off the loop
    (not failing, not stalling the loop: a listing answers meanwhile) and writes once it is
    free."""
    async with Client(create_server(sqlite_url)) as client:
        await call(client, "create_todo", {"title": "first"})  # the store exists
        other = sqlite3.connect(tmp_path / "store.db", isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")  # the write lock, held
            created: dict[str, Any] = {}

            async def create() -> None:
                created.update(await call(client, "create_todo", {"title": "second"}))

            with anyio.fail_after(30):
                async with anyio.create_task_group() as tg:
                    tg.start_soon(create)
                    await anyio.wait_all_tasks_blocked()  # the call waits, off the loop
                    listed = await call(client, "list_todos", {"status": "all"})
                    assert [t["title"] for t in listed["todos"]] == ["first"]
                    assert created == {}
                    other.execute("ROLLBACK")  # the lock, released
            assert created["success"] is True
            listed = await call(client, "list_todos", {"status": "all"})
            assert [t["title"] for t in listed["todos"]] == ["first", "second"]
        finally:
            other.close()
