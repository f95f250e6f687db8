"""A small coding agent for the fleet tests: ``python agent.py TASK`` (or $FLEET_TASK).

Words in the task steer it:
  lines=N      print N numbered lines to standard output (default 3), slowly (delay=SECONDS)
  warn         also print one line to standard error
  fail         exit with status 3 after the lines
  block        after the lines print "waiting" and wait until interrupted (SIGINT)
  stubborn     ignore the first SIGINT (print "ignoring interrupt") and keep waiting
  touch=NAME   create the file NAME in the working folder (the agent's "work")
  write=NAME=TEXT  write TEXT (a line) to the file NAME in the working folder
  tick         while waiting (block), print "tick N" every 0.3 s
  ask          after the lines print a question for its user ("Apply these changes? [y/N]") and
               wait as block does (without printing "waiting")
  keys         print the names of the API keys it sees, and of the variables whose value starts
               with "test-secret" ("keys: A_API_KEY, PGPASSWORD, ...")
  trace        print the trace context it was started in ("traceparent: 00-..." or "none")
  daemon       start a process that calls setsid and sleeps (its command line holds the task),
               and print "daemon started"
An interrupt while waiting prints "interrupted" and exits with status 130. It first says which
of the fleet's secrets (tokens, database URLs) it can see ("secrets: none").
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

task = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("FLEET_TASK", "")
words = dict(w.split("=", 1) if "=" in w else (w, "") for w in task.split())
interrupted = threading.Event()
ignored = False


def on_interrupt(signum: int, frame: object) -> None:
    global ignored
    if "stubborn" in words and not ignored:
        ignored = True
        print("ignoring interrupt", flush=True)
        return
    interrupted.set()


signal.signal(signal.SIGINT, on_interrupt)
print(f"working on: {task}", flush=True)
print(f"env task: {os.environ.get('FLEET_TASK', '')}", flush=True)
leaked = sorted(
    k
    for k in os.environ
    if k in ("CODER_SESSION_TOKEN", "MCP_SERVER_TOKEN", "FLEET_METADATA_TOKEN")
    or k.upper().endswith("DATABASE_URL")
)
print(f"secrets: {', '.join(leaked) or 'none'}", flush=True)
if "trace" in words:
    print(f"traceparent: {os.environ.get('TRACEPARENT', 'none')}", flush=True)
if "keys" in words:
    keys = sorted(
        k for k, v in os.environ.items() if k.endswith("_API_KEY") or v.startswith("test-secret")
    )
    print(f"keys: {', '.join(keys) or 'none'}", flush=True)
delay = float(words.get("delay", "0.02"))
for i in range(int(words.get("lines", "3"))):
    print(f"line {i + 1}", flush=True)
    time.sleep(delay)
if "warn" in words:
    print("a warning", file=sys.stderr, flush=True)
if "daemon" in words:
    code = "import time; time.sleep(600)"
    subprocess.Popen([sys.executable, "-c", code, f"daemon of: {task}"], start_new_session=True)
    print("daemon started", flush=True)
if "touch" in words:
    Path(words["touch"]).write_text("work\n")
if "write" in words:
    name, _, text = words["write"].partition("=")
    Path(name).write_text(text + "\n")
if "ask" in words:
    print("Apply these changes? [y/N]", flush=True)
if "block" in words or "ask" in words:
    if "ask" not in words:
        print("waiting", flush=True)
    ticks = 0
    while not interrupted.wait(0.3 if "tick" in words else 0.05):
        if "tick" in words:
            ticks += 1
            print(f"tick {ticks}", flush=True)
    print("interrupted", flush=True)
    sys.exit(130)
if "fail" in words:
    print("giving up", file=sys.stderr, flush=True)
    sys.exit(3)
print("done", flush=True)
