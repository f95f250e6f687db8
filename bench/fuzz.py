"""The property-based suite of tests/servers/test_fuzz.py, run long: for every tool of every
bundled server, N generated valid inputs and N generated invalid ones, with the outcome counts per
tool. A property that fails stops the run with hypothesis's minimal failing input.

    python bench/fuzz.py [--examples N] [--server NAME]...
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package

from tests.servers.bundled import BUNDLED
from tests.servers.fuzzing import fuzz


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="inputs per tool and property")
    parser.add_argument("--server", action="append", help="only these servers (repeatable)")
    args = parser.parse_args()
    servers = [s for s in BUNDLED if not args.server or s.name in args.server]
    total: Counter[str] = Counter()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        for server in servers:
            for tool in server.tools:
                for valid in (True, False):
                    begin = time.perf_counter()
                    folder = Path(scratch) / f"{server.name}-{tool}-{valid}"
                    counts = fuzz(server, tool, folder, args.examples, valid=valid)
                    elapsed = time.perf_counter() - begin
                    calls = sum(counts.values())
                    print(f"{server.name}.{tool} {'valid' if valid else 'invalid'} inputs: "
                          f"{calls} calls in {elapsed:.1f}s ({calls / elapsed:.0f}/s)")  # fmt: skip
                    for outcome, n in sorted(counts.items()):
                        print(f"    {n:6d}  {outcome}")
                    total.update(counts)
    print(f"all tools: {sum(total.values())} calls in {time.perf_counter() - started:.1f}s, "
          "no property failed")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
