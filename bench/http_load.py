"""Load over streamable HTTP: calls per second and p50/p95 latency of the todo and tasks servers
with 1 and 2 replicas on one database, against the floor: the same SDK server and framework
with a no-op tool (tests/servers/_common/_probe_server.py, `greet`). Interleaved: every round runs
each configuration once, so drift on a shared machine hits them all alike. Prints figures and
ratios; asserts nothing.

    python bench/http_load.py [--database-url URL] [--clients 16] [--seconds 4] [--rounds 3]

With --database-url (default: $TEST_DATABASE_URL) naming a PostgreSQL server, todo and tasks
each get a scratch database on it for the run, dropped afterwards; else an SQLite file each in a
temporary folder. Requests are raw JSON-RPC POSTs (stateless servers need no handshake), spread
round-robin over the replicas like a load balancer without affinity. The load generator runs on
the same machine and takes its share of the CPU, and so does anything else running there: calls
per second follow the machine's load. Each line also gives the CPU time the server processes
spent per call (read from /proc), which other work on the machine disturbs much less.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package

from _scratch import scratch_database

from tests._http_server import http_process

HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
PROBE = "tests.servers._common._probe_server"

Calls = Callable[[int], tuple[str, dict[str, Any]]]


def floor_calls(i: int) -> tuple[str, dict[str, Any]]:
    return "greet", {"name": f"n{i}"}


def todo_calls(i: int) -> tuple[str, dict[str, Any]]:
    if i % 2:
        return "list_todos", {"status": "all", "limit": 20}
    return "create_todo", {"title": f"load {i}", "tags": ["load"]}


def tasks_calls(i: int) -> tuple[str, dict[str, Any]]:
    if i % 2:
        return "list_tasks", {"limit": 20}
    return "create_task", {"title": f"load {i}", "description": "written by bench/http_load.py"}


@dataclass
class Figures:
    rates: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the servers' CPU seconds per call, a run
    errors: int = 0

    def line(self, label: str) -> str:
        ordered = sorted(self.latencies)
        p50 = ordered[len(ordered) // 2] * 1000
        p95 = ordered[int(len(ordered) * 0.95)] * 1000
        return (
            f"{label:<18} {statistics.median(self.rates):7.0f} calls/s   p50 {p50:6.1f} ms   "
            f"p95 {p95:6.1f} ms   server CPU {statistics.median(self.cpu) * 1000:5.2f} ms/call   "
            f"errors {self.errors}"
        )


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user and system) the processes ``pids`` have used so far (Linux)."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _result(response: httpx2.Response) -> dict[str, Any]:
    """The JSON-RPC message of a response (plain JSON or one SSE event)."""
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        data = [line[5:] for line in response.text.splitlines() if line.startswith("data:")]
        return json.loads(data[-1])
    return response.json()


async def load(
    http: httpx2.AsyncClient, urls: list[str], calls: Calls, clients: int, seconds: float
) -> tuple[float, list[float], int]:
    """``clients`` concurrent callers for ``seconds``: (calls/s, latencies, errors)."""
    targets = itertools.cycle(urls)
    counter = itertools.count()
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + seconds

    async def caller() -> None:
        nonlocal errors
        while time.perf_counter() < deadline:
            n = next(counter)
            tool, arguments = calls(n)
            body = {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                    "params": {"name": tool, "arguments": arguments}}  # fmt: skip
            started = time.perf_counter()
            response = await http.post(next(targets), json=body, headers=HEADERS)
            latencies.append(time.perf_counter() - started)
            message = _result(response)
            if "error" in message or message["result"].get("isError"):
                errors += 1

    started = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for _ in range(clients):
            tg.start_soon(caller)
    return len(latencies) / (time.perf_counter() - started), latencies, errors


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    async with AsyncExitStack() as stack:
        todo_url = stack.enter_context(scratch_database(args.database_url, "todo"))
        tasks_url = stack.enter_context(scratch_database(args.database_url, "tasks"))
        await measure(args, todo_url, tasks_url)


async def measure(args: argparse.Namespace, todo_url: str, tasks_url: str) -> None:
    print(f"database: {todo_url.rsplit('@', 1)[-1]}; {args.clients} concurrent clients, "
          f"{args.seconds:g} s a run, {args.rounds} rounds, {os.cpu_count()} CPUs")  # fmt: skip

    async with AsyncExitStack() as stack:
        servers: dict[str, list[str]] = {}
        pids: dict[str, list[int]] = {}
        for name, module, extra in (
            ("floor", PROBE, []),
            ("todo", "servers.todo", ["--database-url", todo_url]),
            ("tasks", "servers.tasks", ["--database-url", tasks_url]),
        ):
            servers[name], pids[name] = [], []
            for _ in range(2):
                process = await stack.enter_async_context(http_process(module, *extra))
                servers[name].append(process.url)
                pids[name].append(process.process.pid)
        limits = httpx2.Limits(max_connections=args.clients * 2)
        http = await stack.enter_async_context(httpx2.AsyncClient(limits=limits, timeout=60))
        plan: list[tuple[str, int, Calls]] = [
            (name, replicas, calls)
            for replicas in (1, 2)
            for name, calls in (("floor", floor_calls), ("todo", todo_calls),
                                ("tasks", tasks_calls))
        ]  # fmt: skip
        await load(http, servers["floor"], floor_calls, args.clients, 1.0)  # warm up
        figures = {(name, replicas): Figures() for name, replicas, _ in plan}
        for _ in range(args.rounds):
            for name, replicas, calls in plan:
                urls = servers[name][:replicas]
                used = cpu_seconds(pids[name][:replicas])
                rate, latencies, errors = await load(http, urls, calls, args.clients, args.seconds)
                used = cpu_seconds(pids[name][:replicas]) - used
                entry = figures[(name, replicas)]
                entry.rates.append(rate)
                entry.latencies += latencies
                entry.cpu.append(used / len(latencies))
                entry.errors += errors

    for (name, replicas), entry in figures.items():
        print(entry.line(f"{name}, {replicas} replica{'s' if replicas > 1 else ''}"))

    def rate(name: str, replicas: int) -> float:
        return statistics.median(figures[(name, replicas)].rates)

    def cpu(name: str, replicas: int) -> float:
        return statistics.median(figures[(name, replicas)].cpu)

    for replicas in (1, 2):
        todo, tasks = (rate(n, replicas) / rate("floor", replicas) for n in ("todo", "tasks"))
        print(f"{replicas} replica(s): todo {todo:.2f}x the floor's calls/s, tasks {tasks:.2f}x")
        todo, tasks = (cpu("floor", replicas) / cpu(n, replicas) for n in ("todo", "tasks"))
        print(f"{replicas} replica(s): the floor's server CPU per call is {todo:.2f}x todo's, "
              f"{tasks:.2f}x tasks'")  # fmt: skip
    for name in ("floor", "todo", "tasks"):
        print(f"{name}: 2 replicas give {rate(name, 2) / rate(name, 1):.2f}x the calls/s of 1")


if __name__ == "__main__":
    anyio.run(main)
