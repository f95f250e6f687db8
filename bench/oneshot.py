"""The main job's one-shot wall time, cold: `python -m orchestrator "remind me to buy eggs
tomorrow at 3pm"` in a fresh process with a fresh data directory, with the servers started
before the client's imports and after them. Prints figures only.

    python bench/oneshot.py [--runs N] [--config PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

REQUEST = "remind me to buy eggs tomorrow at 3pm"


def timed(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--config")
    args = parser.parse_args()
    extra = ["--config", os.path.abspath(args.config)] if args.config else []
    early, late, bare = [], [], []
    for _ in range(args.runs):  # interleaved, so load on the machine hits both alike
        for early_start, times in (("1", early), ("0", late)):
            with tempfile.TemporaryDirectory() as tmp:
                env = {**os.environ, "XDG_DATA_HOME": tmp, "ORCHESTRATOR_EARLY_START": early_start}
                command = [sys.executable, "-m", "orchestrator", *extra, REQUEST]
                times.append(timed(command, env, tmp))
        imports = [sys.executable, "-c", "import mcp"]
        bare.append(timed(imports, dict(os.environ), os.getcwd()))
    print(f"one-shot {REQUEST!r}, {args.runs} cold runs each, median (min):")
    print(
        f"  servers started before the client's imports: {statistics.median(early):.2f}s "
        f"({min(early):.2f}s)"
    )
    print(
        f"  servers started after them (ORCHESTRATOR_EARLY_START=0): "
        f"{statistics.median(late):.2f}s ({min(late):.2f}s)"
    )
    print(f"  ratio: {statistics.median(late) / statistics.median(early):.2f}x")
    print(f"  importing mcp alone: {statistics.median(bare):.2f}s")


if __name__ == "__main__":
    main()
