"""The property-based suite of tests/servers/test_fuzz.py, run long and counted: for every tool
of every bundled server, N generated valid inputs and N generated invalid ones, in process and
over stdio (a real server process spoken to in raw JSON-RPC lines, where a lone surrogate goes
out as a JSON escape). Nothing stops at a failure: each call's outcome is counted, per tool, and
the run ends with the totals of each kind of failure (crash, hang, accepted-invalid,
unstructured, leak, refused-valid) and the first input of each.

    python bench/fuzz.py [--examples N] [--server NAME]... [--transport in-process|stdio|both]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package

from tests.servers.bundled import BUNDLED
from tests.servers.fuzzing import FAILURES, caller, failure_of, fuzz_with


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="inputs per tool and property")
    parser.add_argument("--server", action="append", help="only these servers (repeatable)")
    parser.add_argument(
        "--transport", choices=("in-process", "stdio", "both"), default="both",
        help="how calls reach the servers (default: both)",
    )  # fmt: skip
    args = parser.parse_args()
    servers = [s for s in BUNDLED if not args.server or s.name in args.server]
    legs = ["in-process", "stdio"] if args.transport == "both" else [args.transport]
    total: Counter[str] = Counter()
    first: dict[str, tuple[str, dict[str, Any], str]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        for leg in legs:
            for server in servers:
                for valid in (True, False):
                    folder = Path(scratch) / f"{leg}-{server.name}-{valid}"
                    with caller(server, folder, stdio=leg == "stdio") as live:
                        for tool in server.tools:
                            begin = time.perf_counter()
                            fuzzer = fuzz_with(
                                live, server, tool, args.examples, valid=valid, strict=False
                            )
                            _print_tool(leg, server.name, tool, valid, fuzzer.counts, begin)
                            total.update(fuzzer.counts)
                            for outcome, (arguments, text) in fuzzer.failures.items():
                                first.setdefault(outcome, (tool, arguments, text))
    calls = sum(total.values())
    failed = Counter(kind for o, n in total.items() if (kind := failure_of(o)) for _ in range(n))
    print(f"\nall tools ({', '.join(legs)}): {calls} calls in "
          f"{time.perf_counter() - started:.0f}s")  # fmt: skip
    print("  " + ", ".join(f"{failed[kind]} {kind}" for kind in FAILURES))
    for outcome, (tool, arguments, text) in sorted(first.items()):
        print(f"  first {outcome} ({tool}): {arguments!r:.300}\n      -> {text:.300}")
    return 0


def _print_tool(
    leg: str, server: str, tool: str, valid: bool, counts: Counter[str], begin: float
) -> None:
    elapsed = time.perf_counter() - begin
    calls = sum(counts.values())
    kind = "valid" if valid else "invalid"
    print(f"[{leg}] {server}.{tool} {kind} inputs: {calls} calls in {elapsed:.1f}s "
          f"({calls / max(elapsed, 1e-9):.0f}/s)")  # fmt: skip
    for outcome, n in sorted(counts.items()):
        print(f"    {n:6d}  {outcome}")


if __name__ == "__main__":
    sys.exit(main())
