"""Two replicas of each SQL-backed server on one PostgreSQL behave as one server.

Each client below is ONE MCP session whose HTTP requests a round-robin "load balancer" spreads
over both replicas, request by request: its initialize goes to one replica and its calls
alternate, so the test also proves the servers keep no session state. Eight such clients write
at once; nothing may be lost or duplicated, and every write is visible to the client's very
next request, which the other replica answers.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests._calls import call
from tests._http_server import http_process

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.processes]

CLIENTS = 8
ROUNDS = 6


class RoundRobin(httpx2.AsyncBaseTransport):
    """Sends each request to the next replica in turn (a load balancer without affinity)."""

    def __init__(self, ports: list[int]) -> None:
        self._ports = itertools.cycle(ports)
        self._inner = httpx2.AsyncHTTPTransport()
        self.sent: list[int] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        port = next(self._ports)
        self.sent.append(port)
        request.url = request.url.copy_with(port=port)
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


@asynccontextmanager
async def replicas(module: str, database_url: str, count: int = 2) -> AsyncIterator[list[str]]:
    async with AsyncExitStack() as stack:
        urls = []
        for _ in range(count):
            server = await stack.enter_async_context(
                http_process(module, "--database-url", database_url)
            )
            urls.append(server.url)
        yield urls


@asynccontextmanager
async def balanced_client(
    urls: list[str], mode: str = "legacy"
) -> AsyncIterator[tuple[Client, RoundRobin]]:
    """One MCP session over all ``urls``. "legacy" is the initialize handshake with a session
    id (what clients on the TypeScript SDK do): a stateful server would refuse the session on
    the replica that did not open it."""
    ports = [httpx2.URL(url).port for url in urls]
    transport = RoundRobin([p for p in ports if p is not None])
    async with (
        httpx2.AsyncClient(transport=transport) as http,
        Client(streamable_http_client(urls[0], http_client=http), mode=mode) as client,
    ):
        yield client, transport


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_todo_replicas_lose_and_duplicate_nothing(postgres_url: str, mode: str) -> None:
    created: dict[int, list[str]] = {}

    async def worker(n: int, urls: list[str]) -> None:
        ids: list[str] = []
        async with balanced_client(urls, mode) as (client, transport):
            for i in range(ROUNDS):
                body = await call(client, "create_todo", {"title": f"w{n}-{i}", "tags": [f"w{n}"]})
                ids.append(body["todo_id"])
                # The next request goes to the other replica: it must see the write.
                mine = await call(client, "list_todos", {"status": "all", "tags": [f"w{n}"]})
                assert [t["todo_id"] for t in mine["todos"]][-1:] == [body["todo_id"]] or (
                    body["todo_id"] in {t["todo_id"] for t in mine["todos"]}
                )
                assert mine["count"] == i + 1
                await call(
                    client, "update_todo", {"todo_id": body["todo_id"], "status": "completed"}
                )
                done = await call(client, "list_todos", {"status": "completed", "tags": [f"w{n}"]})
                assert body["todo_id"] in {t["todo_id"] for t in done["todos"]}
            assert len(set(transport.sent)) == 2  # both replicas served this one session
        created[n] = ids

    with anyio.fail_after(120):
        async with replicas("servers.todo", postgres_url) as urls:
            async with anyio.create_task_group() as tg:
                for n in range(CLIENTS):
                    tg.start_soon(worker, n, urls)
            async with balanced_client(urls) as (client, _):
                listed = [
                    await call(client, "list_todos", {"status": "all", "limit": 100})
                    for _ in range(2)  # once from each replica
                ]
    expected = sorted(i for ids in created.values() for i in ids)
    assert len(expected) == len(set(expected)) == CLIENTS * ROUNDS
    for body in listed:
        assert sorted(t["todo_id"] for t in body["todos"]) == expected
        assert {t["status"] for t in body["todos"]} == {"completed"}


def _commit(n: int, i: int) -> str:
    return hashlib.sha1(f"{n}/{i}".encode()).hexdigest()


async def test_tasks_replicas_lose_no_update_to_a_shared_task(postgres_url: str) -> None:
    own: dict[int, str] = {}

    async def worker(n: int, urls: list[str], shared: str) -> None:
        async with balanced_client(urls) as (client, _):
            task = await call(client, "create_task", {"title": f"worker {n}"})
            seen = await call(client, "get_task", {"task_id": task["id"]})  # other replica
            assert seen["title"] == f"worker {n}"
            own[n] = task["id"]
            for i in range(ROUNDS):
                await call(client, "update_task", {"task_id": shared, "commit": _commit(n, i)})
                after = await call(client, "get_task", {"task_id": shared})  # other replica
                assert _commit(n, i) in after["commits"]

    with anyio.fail_after(120):
        async with replicas("servers.tasks", postgres_url) as urls:
            async with balanced_client(urls) as (client, _):
                shared = (await call(client, "create_task", {"title": "shared"}))["id"]
            async with anyio.create_task_group() as tg:
                for n in range(CLIENTS):
                    tg.start_soon(worker, n, urls, shared)
            async with balanced_client(urls) as (client, _):
                final: list[dict[str, Any]] = [
                    await call(client, "get_task", {"task_id": shared}) for _ in range(2)
                ]
                listing = await call(client, "list_tasks", {"limit": 100})
    expected = sorted(_commit(n, i) for n in range(CLIENTS) for i in range(ROUNDS))
    for body in final:
        assert sorted(body["commits"]) == expected  # every concurrent update kept, once
    ids = [t["id"] for t in listing["tasks"]]
    assert len(ids) == len(set(ids)) == CLIENTS + 1
    assert set(own.values()) | {shared} == set(ids)
