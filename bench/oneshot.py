"""The main job's one-shot wall time, cold, against the floor: `python -m orchestrator "remind me
to buy eggs tomorrow at 3pm"` in a fresh process with a fresh data folder, interleaved in one run:

- ours, default config (all bundled servers), the catalogue cache warm (its normal state after
  the first run): only the server the request uses starts;
- ours with `--no-cache`: every configured server starts, as before the cache;
- the floor: `bench/floor_client.py`, a hand-written client that imports `mcp`, spawns the todo
  server, lists its tools and calls create_todo;
- optionally `--baseline PYTHON` (an older checkout's interpreter, run from its own folder, whose
  config held todo and tasks), and ours with `--no-cache` on those two servers only (`, 2`);
- the chat REPL's time to its first prompt (in a pseudo-terminal), with the cache warm;
- ours with `--trace FILE` (spans of the orchestrator and the todo server written to a file),
  what tracing costs when it is on (off, nothing of the OpenTelemetry SDK is imported).

Prints medians (and minimums) and the ratios to the floor. Asserts nothing.

    python bench/oneshot.py [--runs N] [--baseline /path/to/old/.venv/bin/python]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REQUEST = "remind me to buy eggs tomorrow at 3pm"
HERE = Path(__file__).resolve().parent


def timed(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{cmd} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed


def to_first_prompt(python: str, env: dict[str, str], cwd: str) -> float:
    import pexpect

    start = time.perf_counter()
    child = pexpect.spawn(python, ["-m", "orchestrator"], env=env, cwd=cwd, encoding="utf-8")
    try:
        child.expect_exact("›", timeout=60)
        return time.perf_counter() - start
    finally:
        child.sendeof()
        child.expect(pexpect.EOF, timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", help="an older checkout's python, to compare with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        cache = os.path.join(root, "cache")
        base = {**os.environ, "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": root}
        base.pop("ORCHESTRATOR_CATALOGUE_CACHE", None)
        ours = [sys.executable, "-m", "orchestrator", REQUEST]
        variants: dict[str, list[str]] = {
            "ours (cache warm)": ours,
            "ours --no-cache": [*ours[:3], "--no-cache", REQUEST],
            "floor client": [sys.executable, str(HERE / "floor_client.py")],
            "ours --trace FILE": [*ours[:3], "--trace", os.path.join(root, "t.jsonl"), REQUEST],
        }
        if args.baseline:
            variants["baseline"] = [args.baseline, "-m", "orchestrator", REQUEST]
            # Like for like with a baseline whose config held only todo and tasks.
            only = ["--server", "todo", "--server", "tasks"]
            variants["ours --no-cache, 2"] = [*ours[:3], "--no-cache", *only, REQUEST]
        with tempfile.TemporaryDirectory() as warm:  # fills the cache, untimed
            timed(ours, {**base, "XDG_DATA_HOME": warm}, warm)
        times: dict[str, list[float]] = {name: [] for name in [*variants, "REPL first prompt"]}
        for _ in range(args.runs):  # interleaved: load on the machine hits each alike
            for name, command in variants.items():
                with tempfile.TemporaryDirectory() as tmp:
                    cwd = str(Path(args.baseline).parents[2]) if name == "baseline" else tmp
                    times[name].append(timed(command, {**base, "XDG_DATA_HOME": tmp}, cwd))
            with tempfile.TemporaryDirectory() as tmp:
                env = {**base, "XDG_DATA_HOME": tmp, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
                times["REPL first prompt"].append(to_first_prompt(sys.executable, env, tmp))
    floor = statistics.median(times["floor client"])
    print(f"one-shot {REQUEST!r}: {args.runs} cold runs each, interleaved; median (min)")
    for name, values in times.items():
        median = statistics.median(values)
        ratio = f"  {median / floor:.2f}x the floor" if name != "floor client" else ""
        print(f"  {name:<20} {median:.2f}s ({min(values):.2f}s){ratio}")


if __name__ == "__main__":
    main()
