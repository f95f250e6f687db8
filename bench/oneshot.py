"""The main job's one-shot wall time against the floor: `python -m orchestrator "remind me to buy
eggs tomorrow at 3pm"` in a fresh process, interleaved in one run:

- ours, warm daemon: the one-shot's thin client, answered by the warm orchestrator
  (`orchestrator.daemon`) that earlier runs from the same folder and environment started;
- ours, the daemon's first run: a new folder and data folder each time, so the client starts a
  new daemon and waits for its answer (a new user's first run; that daemon is stopped after);
- ours in-process (`ORCHESTRATOR_DAEMON=0`), default config (all bundled servers), the catalogue
  cache warm (its normal state after the first run), a fresh data folder: only the server the
  request uses starts;
- ours in-process with `--no-cache`: every configured server starts, as before the cache;
- the floor: `bench/floor_client.py`, a hand-written client that imports `mcp`, spawns the todo
  server, lists its tools and calls create_todo;
- optionally `--baseline PYTHON` (an older checkout's interpreter, run from its own folder, whose
  config held todo and tasks), and ours with `--no-cache` on those two servers only (`, 2`);
- the chat REPL's time to its first prompt (in a pseudo-terminal), with the cache warm;
- the LLM path, warm daemon and in-process: `--provider openai` against a loopback fake of its
  API (`orchestrator.testing.vendors.openai`, answering at once: two turns, a `create_todo` call
  then the answer), so the time is the orchestrator's overhead over the provider's latency.
- ours with `--trace FILE` (spans of the orchestrator and the todo server written to a file),
  what tracing costs when it is on (off, nothing of the OpenTelemetry SDK is imported).

Prints medians (and minimums) and the ratios to the floor. Asserts nothing.

    python bench/oneshot.py [--runs N] [--baseline /path/to/old/.venv/bin/python]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from orchestrator.testing.vendors.openai import FakeOpenAI, fake_openai, text, tool_call

REQUEST = "remind me to buy eggs tomorrow at 3pm"
HERE = Path(__file__).resolve().parent


def timed(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{cmd} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed


def script(fake: FakeOpenAI) -> None:
    """The provider's two turns for one request: the call, then the answer."""
    due = (datetime.now().astimezone() + timedelta(days=1)).replace(hour=15, minute=0, second=0)
    arguments = {"title": "buy eggs", "due_date": due.isoformat(timespec="seconds")}
    fake.reply(tool_call("create_todo", arguments), text("Done: buy eggs, tomorrow at 15:00."))


def stop(env: dict[str, str], cwd: str) -> None:
    """Stop every daemon under this runtime folder."""
    subprocess.run([sys.executable, "-m", "orchestrator", "daemon", "stop"], env=env, cwd=cwd,
                   capture_output=True, check=True)  # fmt: skip


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
    with tempfile.TemporaryDirectory() as root, contextlib.ExitStack() as stack:
        cache = os.path.join(root, "cache")
        runtime = tempfile.mkdtemp(prefix="ob", dir="/tmp")  # the daemons' sockets: short
        base = {**os.environ, "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": root,
                "XDG_RUNTIME_DIR": runtime, "ORCHESTRATOR_DAEMON": "0"}  # fmt: skip
        base.pop("ORCHESTRATOR_CATALOGUE_CACHE", None)
        ours = [sys.executable, "-m", "orchestrator", REQUEST]
        variants: dict[str, list[str]] = {
            "warm daemon": ours,
            "daemon first run": ours,
            "in-process": ours,
            "in-process --no-cache": [*ours[:3], "--no-cache", REQUEST],
            "floor client": [sys.executable, str(HERE / "floor_client.py")],
            "ours --trace FILE": [*ours[:3], "--trace", os.path.join(root, "t.jsonl"), REQUEST],
        }
        warm_home = os.path.join(root, "warm")  # the warm daemon's folder and data, kept
        os.makedirs(warm_home)
        daemon_on = {"ORCHESTRATOR_DAEMON": "1"}
        fake = stack.enter_context(fake_openai())
        llm = [*ours[:3], "--provider", "openai", "--model", "gpt-4o-mini", REQUEST]
        llm_env = {"OPENAI_API_KEY": "sk-bench", "OPENAI_BASE_URL": fake.url + "/v1"}
        llm_variants = {"LLM warm daemon": {**daemon_on}, "LLM in-process": {}}
        if args.baseline:
            variants["baseline"] = [args.baseline, "-m", "orchestrator", REQUEST]
            # Like for like with a baseline whose config held only todo and tasks.
            only = ["--server", "todo", "--server", "tasks"]
            variants["ours --no-cache, 2"] = [*ours[:3], "--no-cache", *only, REQUEST]
        with tempfile.TemporaryDirectory() as warm:  # fills the cache, untimed
            timed(ours, {**base, "XDG_DATA_HOME": warm}, warm)
        warm_env = {**base, **daemon_on, "XDG_DATA_HOME": warm_home}
        timed(ours, warm_env, warm_home)  # starts the warm daemon, untimed
        llm_home = os.path.join(root, "llm")
        os.makedirs(llm_home)
        script(fake)
        timed(llm, {**base, **llm_env, **daemon_on, "XDG_DATA_HOME": llm_home}, llm_home)
        names = [*variants, "REPL first prompt", *llm_variants]
        times: dict[str, list[float]] = {name: [] for name in names}
        for _ in range(args.runs):  # interleaved: load on the machine hits each alike
            for name, command in variants.items():
                if name == "warm daemon":
                    times[name].append(timed(command, warm_env, warm_home))
                    continue
                with tempfile.TemporaryDirectory() as tmp:
                    cwd = str(Path(args.baseline).parents[2]) if name == "baseline" else tmp
                    env = {**base, "XDG_DATA_HOME": tmp}
                    if name == "daemon first run":  # its own runtime folder: stopped alone
                        own = tempfile.mkdtemp(prefix="ob", dir="/tmp")
                        env.update(daemon_on, XDG_RUNTIME_DIR=own)
                    times[name].append(timed(command, env, cwd))
                    if name == "daemon first run":  # untimed: that daemon goes
                        stop(env, cwd)
                        shutil.rmtree(own, ignore_errors=True)
            with tempfile.TemporaryDirectory() as tmp:
                env = {**base, "XDG_DATA_HOME": tmp, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
                times["REPL first prompt"].append(to_first_prompt(sys.executable, env, tmp))
            for name, extra in llm_variants.items():
                script(fake)
                env = {**base, **llm_env, **extra, "XDG_DATA_HOME": llm_home}
                times[name].append(timed(llm, env, llm_home))
        stop(warm_env, warm_home)
        stop({**base, **llm_env, **daemon_on, "XDG_DATA_HOME": llm_home}, llm_home)
        shutil.rmtree(runtime, ignore_errors=True)
    floor = statistics.median(times["floor client"])
    print(f"one-shot {REQUEST!r}: {args.runs} cold runs each, interleaved; median (min)")
    for name, values in times.items():
        median = statistics.median(values)
        ratio = f"  {median / floor:.2f}x the floor" if name != "floor client" else ""
        print(f"  {name:<22} {median:.3f}s ({min(values):.3f}s){ratio}")


if __name__ == "__main__":
    main()
