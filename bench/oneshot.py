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
- the LLM path, warm daemon and in-process, for each provider kind: `--provider openai`
  (Chat Completions, the wire of every OpenAI-compatible endpoint), `anthropic` and `gemini`,
  each against a loopback fake of its API (`orchestrator.testing.vendors`, answering at once:
  two turns, a `create_todo` call then the answer). The fake's own latency for those two
  turns (two POSTs on one connection from a bare `http.client`) is measured in the same
  rounds and subtracted: the "overhead" column is the orchestrator's, end to end (the thin
  client's start included), over the provider's.
- ours with `--trace FILE` (spans of the orchestrator and the todo server written to a file),
  what tracing costs when it is on (off, nothing of the OpenTelemetry SDK is imported).

Prints medians (and minimums) and the ratios to the floor. Asserts nothing.

    python bench/oneshot.py [--runs N] [--baseline /path/to/old/.venv/bin/python] [--llm-only]
                            [--baseline-source /path/to/old/checkout]

`--llm-only` runs the LLM path alone (and the floor client, for scale). `--baseline-source`
adds, interleaved, the LLM path through the warm daemon of another checkout's source tree
(`git archive main | tar -x -C DIR`), run by this interpreter with `PYTHONPATH=DIR`: before
and after in one run, so load on a shared machine hits both alike.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from orchestrator.testing.vendors import FakeVendor
from orchestrator.testing.vendors import anthropic as fake_anthropic
from orchestrator.testing.vendors import gemini as fake_gemini
from orchestrator.testing.vendors import openai as fake_openai

REQUEST = "remind me to buy eggs tomorrow at 3pm"
HERE = Path(__file__).resolve().parent


def timed(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{cmd} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed


def _arguments() -> dict[str, str]:
    due = (datetime.now().astimezone() + timedelta(days=1)).replace(hour=15, minute=0, second=0)
    return {"title": "buy eggs", "due_date": due.isoformat(timespec="seconds")}


ANSWER = "Done: buy eggs, tomorrow at 15:00."


def _script_openai(fake: FakeVendor[Any]) -> None:
    fake.reply(
        fake_openai.tool_call("create_todo", _arguments()), fake_openai.text(ANSWER)
    )  # fmt: skip


def _script_anthropic(fake: FakeVendor[Any]) -> None:
    call = fake_anthropic.tool_use("toolu_1", "create_todo", _arguments())
    fake.reply(fake_anthropic.message(call), fake_anthropic.message(fake_anthropic.text(ANSWER)))


def _script_gemini(fake: FakeVendor[Any]) -> None:
    call = fake_gemini.function_call("create_todo", _arguments())
    fake.reply(fake_gemini.content(call), fake_gemini.content(fake_gemini.text(ANSWER)))


@dataclass(frozen=True)
class Vendor:
    """A provider kind the LLM path is measured with: its fake, its two turns, its settings."""

    provider: str
    model: str
    fake: Callable[[], FakeVendor[Any]]
    script: Callable[[FakeVendor[Any]], None]
    env: Callable[[str], dict[str, str]]
    path: str  # where its requests go, for the fake's own latency


VENDORS = [
    Vendor("openai", "gpt-4o-mini", fake_openai.fake_openai, _script_openai,
           lambda url: {"OPENAI_API_KEY": "sk-bench", "OPENAI_BASE_URL": url + "/v1"},
           "/v1/chat/completions"),
    Vendor("anthropic", fake_anthropic.MODEL, fake_anthropic.fake_anthropic, _script_anthropic,
           lambda url: {"ANTHROPIC_API_KEY": "sk-ant-bench", "ANTHROPIC_BASE_URL": url},
           "/v1/messages"),
    Vendor("gemini", fake_gemini.MODEL, fake_gemini.fake_gemini, _script_gemini,
           lambda url: {"GEMINI_API_KEY": "AIza-bench", "GEMINI_BASE_URL": url},
           f"/v1beta/models/{fake_gemini.MODEL}:generateContent"),
]  # fmt: skip


def fake_latency(vendor: Vendor, fake: FakeVendor[Any]) -> float:
    """The fake's own time for the two turns: two POSTs on one connection, a bare client."""
    vendor.script(fake)
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=30)
    try:
        for _ in range(2):
            conn.request("POST", vendor.path, "{}", {"content-type": "application/json"})
            conn.getresponse().read()
    finally:
        conn.close()
    return time.perf_counter() - start


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
    parser.add_argument("--llm-only", action="store_true", help="the LLM path (and the floor)")
    parser.add_argument("--baseline-source", help="another checkout's source, for the LLM path")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root, contextlib.ExitStack() as stack:
        cache = os.path.join(root, "cache")
        runtime = tempfile.mkdtemp(prefix="ob", dir="/tmp")  # the daemons' sockets: short
        base = {**os.environ, "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": root,
                "XDG_RUNTIME_DIR": runtime, "ORCHESTRATOR_DAEMON": "0"}  # fmt: skip
        base.pop("ORCHESTRATOR_CATALOGUE_CACHE", None)
        ours = [sys.executable, "-m", "orchestrator", REQUEST]
        floor = {"floor client": [sys.executable, str(HERE / "floor_client.py")]}
        variants: dict[str, list[str]] = floor if args.llm_only else {
            "warm daemon": ours,
            "daemon first run": ours,
            "in-process": ours,
            "in-process --no-cache": [*ours[:3], "--no-cache", REQUEST],
            **floor,
            "ours --trace FILE": [*ours[:3], "--trace", os.path.join(root, "t.jsonl"), REQUEST],
        }  # fmt: skip
        warm_home = os.path.join(root, "warm")  # the warm daemon's folder and data, kept
        os.makedirs(warm_home)
        daemon_on = {"ORCHESTRATOR_DAEMON": "1"}
        if args.baseline:
            variants["baseline"] = [args.baseline, "-m", "orchestrator", REQUEST]
            # Like for like with a baseline whose config held only todo and tasks.
            only = ["--server", "todo", "--server", "tasks"]
            variants["ours --no-cache, 2"] = [*ours[:3], "--no-cache", *only, REQUEST]
        with tempfile.TemporaryDirectory() as warm:  # fills the cache, untimed
            timed(ours, {**base, "XDG_DATA_HOME": warm}, warm)
        warm_env = {**base, **daemon_on, "XDG_DATA_HOME": warm_home}
        if "warm daemon" in variants:
            timed(ours, warm_env, warm_home)  # starts the warm daemon, untimed
        llm_home = os.path.join(root, "llm")
        os.makedirs(llm_home)
        fakes = {v.provider: stack.enter_context(v.fake()) for v in VENDORS}
        llm_envs = {
            v.provider: {**base, **v.env(fakes[v.provider].url), "XDG_DATA_HOME": llm_home}
            for v in VENDORS
        }

        def llm(vendor: Vendor) -> list[str]:
            return [*ours[:3], "--provider", vendor.provider, "--model", vendor.model, REQUEST]

        labels: dict[str, dict[str, str]] = {"warm daemon": daemon_on, "in-process": {}}
        if args.baseline_source:
            labels["baseline warm daemon"] = {**daemon_on, "PYTHONPATH": args.baseline_source}
        for vendor in VENDORS:  # starts each one's warm daemons, untimed
            for label, extra in labels.items():
                if "daemon" in label:
                    vendor.script(fakes[vendor.provider])
                    timed(llm(vendor), {**llm_envs[vendor.provider], **extra}, llm_home)
        names = [*variants]
        if not args.llm_only:
            names.append("REPL first prompt")
        for vendor in VENDORS:
            names.append(f"{vendor.provider} fake alone")
            names += [f"{vendor.provider} {label}" for label in labels]
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
            if not args.llm_only:
                with tempfile.TemporaryDirectory() as tmp:
                    env = {**base, "XDG_DATA_HOME": tmp, "TERM": "xterm",
                           "PROMPT_TOOLKIT_NO_CPR": "1"}  # fmt: skip
                    times["REPL first prompt"].append(to_first_prompt(sys.executable, env, tmp))
            for vendor in VENDORS:
                fake, env = fakes[vendor.provider], llm_envs[vendor.provider]
                times[f"{vendor.provider} fake alone"].append(fake_latency(vendor, fake))
                for label, extra in labels.items():
                    vendor.script(fake)
                    elapsed = timed(llm(vendor), {**env, **extra}, llm_home)
                    times[f"{vendor.provider} {label}"].append(elapsed)
        if "warm daemon" in variants:
            stop(warm_env, warm_home)
        for vendor in VENDORS:
            for label, extra in labels.items():
                if "daemon" in label:
                    stop({**llm_envs[vendor.provider], **extra}, llm_home)
        shutil.rmtree(runtime, ignore_errors=True)
    report(times, args.runs, list(labels))


def report(times: dict[str, list[float]], runs: int, labels: list[str]) -> None:
    floor = statistics.median(times["floor client"])
    print(f"one-shot {REQUEST!r}: {runs} cold runs each, interleaved; median (min)")
    for name, values in times.items():
        median = statistics.median(values)
        ratio = f"  {median / floor:.2f}x the floor" if name != "floor client" else ""
        print(f"  {name:<28} {median:.3f}s ({min(values):.3f}s){ratio}")
    print("LLM path: the orchestrator's overhead over the fake provider's own latency (median)")
    for vendor in VENDORS:
        alone = statistics.median(times[f"{vendor.provider} fake alone"])
        for label in labels:
            median = statistics.median(times[f"{vendor.provider} {label}"])
            print(f"  {vendor.provider:<10} {label:<20} {median - alone:.3f}s")


if __name__ == "__main__":
    main()
