"""Eight clients, each its own server process over stdio, updating ONE task at once."""

from __future__ import annotations

import hashlib

import anyio
import pytest
from mcp import Client

from tests.servers.tasks.conftest import call, stdio_params

pytestmark = pytest.mark.processes

CLIENTS = 8
UPDATES_EACH = 6


def commit(n: int, i: int) -> str:
    return hashlib.sha1(f"{n}-{i}".encode()).hexdigest()


@pytest.mark.slow
async def test_concurrent_updates_to_one_task_lose_nothing(database_url: str) -> None:
    with anyio.fail_after(120):
        async with Client(stdio_params(database_url)) as client:
            task = await call(client, "create_task", {"title": "contended"})
        task_id = task["id"]

        async def worker(n: int) -> None:
            async with Client(stdio_params(database_url)) as client:
                for i in range(UPDATES_EACH):
                    arguments = {"task_id": task_id, "branch": f"c{n}-b{i}", "commit": commit(n, i)}
                    await call(client, "update_task", arguments)
                    # Everyone also adds the same new branch and commit, at about the same
                    # moment: each must be kept once, and no call may fail.
                    await call(
                        client,
                        "update_task",
                        {"task_id": task_id, "branch": f"shared-{i}", "commit": commit(-1, i)},
                    )

        async with anyio.create_task_group() as tg:
            for n in range(CLIENTS):
                tg.start_soon(worker, n)

        async with Client(stdio_params(database_url)) as client:
            final = await call(client, "get_task", {"task_id": task_id})
            on_branch = await call(client, "list_tasks", {"branch": "c7-b5"})

    expected_branches = {f"c{n}-b{i}" for n in range(CLIENTS) for i in range(UPDATES_EACH)}
    expected_commits = {commit(n, i) for n in range(CLIENTS) for i in range(UPDATES_EACH)}
    expected_branches |= {f"shared-{i}" for i in range(UPDATES_EACH)}
    expected_commits |= {commit(-1, i) for i in range(UPDATES_EACH)}
    assert len(final["branches"]) == len(set(final["branches"])) == len(expected_branches)
    assert set(final["branches"]) == expected_branches
    assert len(final["commits"]) == len(set(final["commits"])) == len(expected_commits)
    assert set(final["commits"]) == expected_commits
    # Each client's own additions keep their order.
    for n in range(CLIENTS):
        mine = [b for b in final["branches"] if b.startswith(f"c{n}-")]
        assert mine == [f"c{n}-b{i}" for i in range(UPDATES_EACH)]
    assert [t["id"] for t in on_branch["tasks"]] == [task_id]
