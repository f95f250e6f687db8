"""Todo server latency over stdio: create_todo and list_todos beside a no-op round trip.

    python bench/todo.py [--database-url URL] [--rounds 200]

Seeds 1,000 todos, then measures p50/p95 of create_todo, of list_todos (limit 50), and of a
no-op round trip (tools/list, the transport's floor), and prints each with its ratio to that
floor. Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

SEED = 1_000


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[94] * 1000


async def measure(rounds: int, call: Callable[[int], Awaitable[Any]]) -> tuple[float, float]:
    for i in range(10):  # warm-up
        await call(i)
    samples = []
    for i in range(rounds):
        start = time.perf_counter()
        await call(i)
        samples.append(time.perf_counter() - start)
    return percentiles(samples)


async def main(database_url: str, rounds: int) -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "servers.todo", "--database-url", database_url]
    )
    async with Client(params) as client:
        for i in range(SEED):
            await client.call_tool(
                "create_todo", {"title": f"seed {i}", "tags": ["bench"], "priority": "low"}
            )

        async def noop(_: int) -> None:
            # tools/list with the cache bypassed: a full round trip that touches no storage.
            await client.list_tools(cache_mode="refresh")

        async def create(i: int) -> None:
            result = await client.call_tool("create_todo", {"title": f"bench {i}"})
            assert not result.is_error

        async def list_50(_: int) -> None:
            result = await client.call_tool("list_todos", {"status": "all", "limit": 50})
            assert not result.is_error and result.structured_content["count"] == 50

        floor = await measure(rounds, noop)
        rows = [
            ("no-op tools/list (floor)", floor),
            ("create_todo", await measure(rounds, create)),
            (f"list_todos limit 50 of {SEED}+", await measure(rounds, list_50)),
        ]
    backend = database_url.split(":", 1)[0]
    print(f"todo server over stdio, {backend}, {rounds} calls each")
    print(f"{'call':<32}{'p50 ms':>9}{'p95 ms':>9}{'p50/floor':>11}{'p95/floor':>11}")
    for name, (p50, p95) in rows:
        print(f"{name:<32}{p50:>9.2f}{p95:>9.2f}{p50 / floor[0]:>11.1f}{p95 / floor[1]:>11.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: a fresh SQLite file in a temp folder")
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        anyio.run(main, url, args.rounds)
