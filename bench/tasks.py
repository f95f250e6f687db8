"""Task tracker latency over stdio: list_tasks with 10,000 tasks beside a no-op round trip.

    python bench/tasks.py [--database-url URL] [--rounds 200] [--tasks 10000]

Seeds the tasks straight through the repository (fast) into a fresh SQLite file (or the empty
database at --database-url), starts ``python -m servers.tasks`` over stdio on it, and measures
p50/p95 of list_tasks at limit 50 and 100, summary and full, plus a branch-filtered listing,
beside a no-op round trip (tools/list with the cache bypassed, touching no storage): the
transport's floor. Times are end to end as a client sees them, including the client's
validation of the result against the tool's output schema. The contract asks for list_tasks
p95 under 200 ms. Not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from uuid import UUID

import anyio
from mcp import Client, StdioServerParameters

from servers._common.sql import Database
from servers.tasks.models import STATUSES, TaskResponse
from servers.tasks.sql_repository import TABLES, SqlTaskRepository

BRANCHES = [f"{n:03d}-feature-{n}" for n in range(1, 201)]
BATCH = 1_000


def seed(database_url: str, count: int) -> str:
    """Store ``count`` realistic tasks; return a branch that about 1/200 of them carry."""
    rng = random.Random(5)
    now = datetime.now(UTC)
    db = Database.open(database_url, tables=TABLES)
    try:
        repository = SqlTaskRepository(db)
        for start in range(0, count, BATCH):
            batch = []
            for n in range(start, min(start + BATCH, count)):
                created = now - timedelta(days=90, seconds=rng.randrange(0, 80 * 86400))
                branches = rng.sample(BRANCHES, rng.randint(1, 2))
                batch.append(
                    TaskResponse(
                        id=UUID(int=rng.getrandbits(128), version=4),
                        title=f"Task {n}: implement part {n % 37} of {branches[0]}",
                        description=(
                            "Implement the change described in the plan, with tests. " * 4
                        )[:200],
                        notes="Reviewed with the team; waiting on the config refactor first.",
                        status=rng.choice(STATUSES),  # type: ignore[arg-type]
                        created_at=created,
                        updated_at=created + timedelta(seconds=rng.randrange(0, 10 * 86400)),
                        planning_references=[
                            f"specs/{branches[0]}/spec.md",
                            f"specs/{branches[0]}/plan.md",
                        ],
                        branches=branches,
                        commits=[
                            hashlib.sha1(f"{n}/{i}".encode()).hexdigest()
                            for i in range(rng.randint(1, 3))
                        ],
                    )
                )
            repository.add(batch)
        assert repository.count() >= count
    finally:
        db.close()
    return BRANCHES[0]


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[94] * 1000


async def measure(rounds: int, call: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    for _ in range(10):  # warm-up
        await call()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - start)
    return percentiles(samples)


async def run(database_url: str, rounds: int, branch: str) -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "servers.tasks", "--database-url", database_url]
    )
    async with Client(params) as client:

        def listing(**arguments: Any) -> Callable[[], Awaitable[None]]:
            async def call() -> None:
                result = await client.call_tool("list_tasks", arguments)
                assert not result.is_error, result.structured_content

            return call

        async def tools_list() -> None:
            await client.list_tools(cache_mode="refresh")

        cases: list[tuple[str, Callable[[], Awaitable[None]]]] = [
            ("no-op: tools/list", tools_list),
            ("list_tasks limit 50 summary", listing(limit=50)),
            ("list_tasks limit 50 full", listing(limit=50, full_details=True)),
            ("list_tasks limit 100 summary", listing(limit=100)),
            ("list_tasks limit 100 full", listing(limit=100, full_details=True)),
            ("list_tasks branch+status, limit 50", listing(branch=branch, status="complete")),
        ]
        results = [(name, await measure(rounds, call)) for name, call in cases]

    floor = results[0][1][0]
    print(f"{'case':38} {'p50 ms':>8} {'p95 ms':>8} {'p50/floor':>10}")
    for name, (p50, p95) in results:
        print(f"{name:38} {p50:8.2f} {p95:8.2f} {p50 / floor:9.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="an EMPTY database to seed (default: temp SQLite)")
    parser.add_argument("--rounds", type=int, default=200, help="measured calls per case (200)")
    parser.add_argument("--tasks", type=int, default=10_000, help="tasks to seed (10,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'tasks.db'}"
        started = time.perf_counter()
        branch = seed(url, args.tasks)
        seconds = time.perf_counter() - started
        print(f"seeded {args.tasks} tasks in {seconds:.1f}s ({url.split(':')[0]})")
        anyio.run(run, url, args.rounds, branch)


if __name__ == "__main__":
    main()
