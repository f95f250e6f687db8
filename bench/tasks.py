"""Task tracker latency over stdio: list_tasks with 10,000 tasks beside a no-op round trip.

    python bench/tasks.py [--database-url URL] [--rounds 20] [--calls 10] [--tasks 10000]

Seeds the tasks straight through the repository (fast) into a fresh SQLite file, or into a
scratch database created for the run on the PostgreSQL server of --database-url (dropped
afterwards; the database the URL names is not written), starts ``python -m servers.tasks`` over
stdio on it, and measures p50/p95 of list_tasks at limit 50 and 100, summary and full, plus a
branch-filtered listing, beside a no-op round trip (tools/list with the cache bypassed,
touching no storage): the transport's floor. Interleaved: every round makes ``--calls`` calls
of each case in turn, so drift on a shared machine hits them all alike. Times are end to end as
a client sees them, including the client's validation of the result against the tool's output
schema. The contract asks for list_tasks p95 under 200 ms; issue #27, p95 within 2x the no-op's.
Not a test: it prints figures and asserts nothing.

The client, for every case alike, is the MCP SDK's own `mcp.Client` over stdio: the one the
orchestrator's connections use (`orchestrator.connection` calls `Client.call_tool`), so the
figures are the orchestrator's too, less its own bookkeeping. The no-op's `tools/list` pays
the SDK's parsing of the listing; a `tools/call` also pays its check of `structuredContent`
against the tool's output schema (`jsonschema`, its compiled validator kept per tool), shown
in its own column: the median time in `ClientSession.validate_tool_result` (timed by wrapping
it; it still runs, and raises, as it does unwrapped).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import anyio
from _scratch import scratch_database
from mcp import Client, StdioServerParameters
from mcp.client.session import ClientSession

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


def time_validation() -> list[float]:
    """Time every `validate_tool_result` of the SDK's client (it still runs and raises)."""
    spent: list[float] = []
    validate = ClientSession.validate_tool_result

    async def timed(self: ClientSession, name: str, result: Any) -> None:
        start = time.perf_counter()
        try:
            await validate(self, name, result)
        finally:
            spent.append(time.perf_counter() - start)

    ClientSession.validate_tool_result = timed  # type: ignore[method-assign]
    return spent


async def run(database_url: str, rounds: int, calls: int, branch: str) -> None:
    validating = time_validation()
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
        samples: dict[str, list[float]] = {name: [] for name, _ in cases}
        checks: dict[str, list[float]] = {name: [] for name, _ in cases}
        for _ in range(3):  # warm-up
            for _, call in cases:
                await call()
        for _ in range(rounds):
            for name, call in cases:
                for _ in range(calls):
                    validating.clear()
                    start = time.perf_counter()
                    await call()
                    samples[name].append(time.perf_counter() - start)
                    checks[name].append(sum(validating))

    floor50, floor95 = percentiles(samples[cases[0][0]])
    print(
        f"{'case':36} {'p50 ms':>7} {'p95 ms':>7} {'p50/no-op':>10} {'p95/no-op':>10}"
        f" {'validation p50 ms':>18}"
    )
    for name, _ in cases:
        p50, p95 = percentiles(samples[name])
        check = statistics.median(checks[name]) * 1000
        print(
            f"{name:36} {p50:7.2f} {p95:7.2f} {p50 / floor50:9.2f}x {p95 / floor95:9.2f}x"
            f" {check:18.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url",
        help="a PostgreSQL server to create a scratch database on (default: temp SQLite)",
    )
    parser.add_argument("--rounds", type=int, default=20, help="interleaved rounds (20)")
    parser.add_argument("--calls", type=int, default=10, help="calls per case per round (10)")
    parser.add_argument("--tasks", type=int, default=10_000, help="tasks to seed (10,000)")
    args = parser.parse_args()
    with scratch_database(args.database_url, "tasks") as url:
        started = time.perf_counter()
        branch = seed(url, args.tasks)
        seconds = time.perf_counter() - started
        print(
            f"seeded {args.tasks} tasks in {seconds:.1f}s ({url.split(':')[0]}); "
            f"{args.rounds} rounds of {args.calls} calls a case"
        )
        anyio.run(run, url, args.rounds, args.calls, branch)


if __name__ == "__main__":
    main()
