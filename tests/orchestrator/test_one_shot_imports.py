"""A one-shot on a terminal loads the interactive UI (prompt_toolkit, rich) only once a server
asks the user something: most requests never need it, and it would delay the servers' early
start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.orchestrator.conftest import REPO

CODE = """
import argparse, json, sys
sys.stdin.isatty = sys.stderr.isatty = lambda: True  # as on a terminal
from orchestrator.commands import asking_options

options = asking_options(argparse.Namespace(json=False), "remind me to buy eggs")
loaded = sorted(m for m in ("prompt_toolkit", "rich", "orchestrator.terminal") if m in sys.modules)
print(json.dumps({"options": sorted(options), "loaded": loaded}))
"""


def test_asking_options_on_a_terminal_load_no_interactive_ui_until_asked() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "options": ["approve_sampling", "authorize", "elicit"],
        "loaded": [],
    }


ONE_SHOT = """
import json, sys
from orchestrator.cli import main
from orchestrator.stdio import launch_for
from orchestrator.config import load_config

code = main(["--server", "todo", "remind me to buy eggs tomorrow at 3pm"])
env = launch_for(load_config(None).servers["todo"]).env
sdk = ("opentelemetry.sdk", "opentelemetry.exporter")
loaded = sorted(m for m in sys.modules if m.startswith(sdk) or m == "orchestrator._otel")
told = sorted(k for k in env if k.startswith(("OTEL_", "ORCHESTRATOR_TRACE")))
print(json.dumps({"code": code, "loaded": loaded, "server_env": told}))
"""


def test_a_one_shot_without_tracing_loads_nothing_of_the_opentelemetry_sdk(tmp_path: Path) -> None:
    """Tracing is off unless asked for: a one-shot (its server started and called) imports no
    module of the SDK or its exporters, and its server is not told to trace either."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    done = subprocess.run(
        [sys.executable, "-c", ONE_SHOT],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=90,
        env={**env, "PYTHONPATH": str(REPO), "XDG_CACHE_HOME": str(tmp_path / "cache")},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result == {"code": 0, "loaded": [], "server_env": []}
