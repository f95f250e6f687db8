"""Eight clients, each its own server process over stdio on one store, writing at once."""

from __future__ import annotations

import anyio
import pytest
from mcp import Client

from tests.servers.todo.conftest import call, stdio_params

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
