"""The main job's one-shot wall time, cold: `python -m orchestrator "remind me to buy eggs
tomorrow at 3pm"` in a fresh process with a fresh data directory. Prints figures only.

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
    one_shot, bare = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "XDG_DATA_HOME": tmp}
            one_shot.append(
                timed([sys.executable, "-m", "orchestrator", *extra, REQUEST], env, tmp)
            )
            bare.append(timed([sys.executable, "-c", "import agents, mcp.client.stdio"], env, tmp))
    print(
        f"one-shot ({REQUEST!r}): median {statistics.median(one_shot):.2f}s, "
        f"min {min(one_shot):.2f}s over {args.runs} cold runs"
    )
    print(f"of which importing openai-agents + mcp alone: median {statistics.median(bare):.2f}s")


if __name__ == "__main__":
    main()
