"""How fast each bundled server boots over stdio: from spawn to the answer to `initialize`, to
`tools/list`, and to a first `tools/call` that reads storage; how long it takes to exit once its
stdin is closed (what a client waits for at the end of every run); plus what importing the server's
modules costs and which heavy packages that loads. Medians of interleaved runs; prints figures,
asserts nothing.

    python bench/server_startup.py [--runs 9] [--database-url URL] [--baseline DIR]

Raw JSON-RPC over pipes (no client library), so the figures are the server's own. Storage is a
fresh SQLite file per run unless --database-url is given. --baseline DIR compares with the
servers of another revision, interleaved run by run (make DIR with
`git archive REV | tar -x -C DIR`): its servers run with PYTHONPATH=DIR.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SERVERS = {
    "todo": ("servers.todo", "servers.todo.tools", ("list_todos", {"status": "all"})),
    "tasks": ("servers.tasks", "servers.tasks.tools", ("list_tasks", {})),
}
HEAVY = ("sqlalchemy", "sqlmodel", "psycopg", "uvicorn", "starlette", "mcp", "pydantic")
INITIALIZE = {
    "protocolVersion": "2025-06-18",
    "capabilities": {},
    "clientInfo": {"name": "bench", "version": "0"},
}


def _send(process: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps(message).encode() + b"\n")
    process.stdin.flush()


def _receive(process: subprocess.Popen[bytes]) -> dict[str, Any]:
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise RuntimeError("the server closed its output")
    return json.loads(line)


def _env(source: str | None) -> dict[str, str] | None:
    return None if source is None else {**os.environ, "PYTHONPATH": source}


def boot(
    module: str, call: tuple[str, dict[str, Any]], database_url: str, source: str | None
) -> list[float]:
    """Seconds from spawn to the initialize answer, the tools/list answer, the first call's;
    and from closing stdin to the exit."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", module, "--database-url", database_url],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env=_env(source), cwd=source,
    )  # fmt: skip
    marks = []
    try:
        _send(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE})
        assert "result" in _receive(process)
        marks.append(time.perf_counter() - started)
        _send(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert _receive(process)["result"]["tools"]
        marks.append(time.perf_counter() - started)
        tool, arguments = call
        params = {"name": tool, "arguments": arguments}
        _send(process, {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": params})
        result = _receive(process)["result"]
        assert not result.get("isError"), result
        marks.append(time.perf_counter() - started)
    finally:
        assert process.stdin is not None
        closed = time.perf_counter()
        process.stdin.close()
        process.wait(timeout=30)
    marks.append(time.perf_counter() - closed)
    return marks


def imports(module: str, source: str | None) -> tuple[float, list[str]]:
    """Seconds to import ``module`` in a fresh interpreter, and the heavy packages it loads."""
    code = (
        "import sys, time, json\n"
        "t = time.perf_counter()\n"
        f"import {module}\n"
        "t = time.perf_counter() - t\n"
        f"heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
        "print(json.dumps([t, heavy]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, check=True, env=_env(source), cwd=source,
    )  # fmt: skip
    seconds, heavy = json.loads(out.stdout)
    return seconds, heavy


@dataclass
class Figures:
    boots: list[list[float]] = field(default_factory=list)
    imports: list[float] = field(default_factory=list)
    heavy: list[str] = field(default_factory=list)

    def medians(self) -> list[float]:
        marks = [statistics.median(run[i] for run in self.boots) for i in range(4)]
        return [*marks, statistics.median(self.imports)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--database-url")
    parser.add_argument("--baseline", help="a source tree of another revision, to compare with")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {args.runs} runs each, "
          "medians")  # fmt: skip
    trees: dict[str, str | None] = {"this tree": None}
    if args.baseline:
        trees["baseline"] = str(Path(args.baseline).resolve())
    figures = {(tree, name): Figures() for tree in trees for name in SERVERS}
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(args.runs):
            for (tree, name), entry in figures.items():
                module, tools_module, call = SERVERS[name]
                db = Path(scratch) / f"{name}-{tree.replace(' ', '-')}-{run}.db"
                url = args.database_url or f"sqlite:///{db}"
                entry.boots.append(boot(module, call, url, trees[tree]))
                seconds, entry.heavy = imports(tools_module, trees[tree])
                entry.imports.append(seconds)
    for (tree, name), entry in figures.items():
        initialize, listed, called, exited, imported = (m * 1000 for m in entry.medians())
        print(
            f"{tree:<9} {name:<6} initialize {initialize:5.0f} ms   tools/list {listed:5.0f} ms"
            f"   first call {called:5.0f} ms   exit {exited:4.0f} ms"
            f"   import {SERVERS[name][1]} {imported:4.0f} ms"
            f" (loads {', '.join(entry.heavy)})"
        )
    if args.baseline:
        for name in SERVERS:
            now, before = (
                figures[("this tree", name)].medians(),
                figures[("baseline", name)].medians(),
            )
            ratios = "   ".join(
                f"{label} {a / b:.2f}x"
                for label, a, b in zip(
                    ("initialize", "tools/list", "first call", "exit", "import"),
                    now,
                    before,
                    strict=True,
                )
            )
            print(f"{name}: this tree / baseline: {ratios}")


if __name__ == "__main__":
    main()
