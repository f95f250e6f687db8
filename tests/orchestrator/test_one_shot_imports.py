"""A one-shot on a terminal loads the interactive UI (prompt_toolkit, rich) only once a server
asks the user something: most requests never need it, and it would delay the servers' early
start. A one-shot the warm daemon answers (`orchestrator.daemon`) imports nothing heavy at all:
no mcp, no pydantic, no vendor SDK, not even the config loader."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

from orchestrator.testing import server_entry
from tests.orchestrator.conftest import REPO

pytestmark = pytest.mark.processes

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


THIN = """
import json, os, sys
from orchestrator.daemon._client import main

code = main(["jot down a note: thin"])
heavy = ("mcp", "pydantic", "anthropic", "openai", "google", "yaml", "httpx", "sqlalchemy",
         "orchestrator.config", "orchestrator.cli", "prompt_toolkit", "rich")
loaded = sorted(m for m in heavy if m in sys.modules)
os.write(2, ("\\n" + json.dumps({"code": code, "loaded": loaded}) + "\\n").encode())
"""


def test_a_one_shot_answered_by_the_warm_daemon_imports_nothing_heavy(
    tmp_path: Path, notes_file: Path
) -> None:
    runtime = Path(tempfile.mkdtemp(prefix="od", dir="/tmp"))
    config = {
        "mcp": {"servers": {"notes": server_entry("notes", env={"NOTES_FILE": str(notes_file)})}},
        "orchestrator": {"provider": "offline"},
    }
    (tmp_path / "mcp_agent.config.yaml").write_text(yaml.safe_dump(config))
    env = {**os.environ, "ORCHESTRATOR_DAEMON": "1", "XDG_RUNTIME_DIR": str(runtime)}
    try:
        for _ in range(2):  # the first starts the daemon; both are answered by it
            done = subprocess.run(
                [sys.executable, "-c", THIN], capture_output=True, text=True, cwd=tmp_path,
                env=env, timeout=60,
            )  # fmt: skip
            assert done.returncode == 0, done.stderr
            assert "thin" in done.stdout
            assert json.loads(done.stderr.splitlines()[-1]) == {"code": 0, "loaded": []}
    finally:
        subprocess.run(
            [sys.executable, "-m", "orchestrator", "daemon", "stop"],
            capture_output=True, env=env, timeout=60,
        )  # fmt: skip
        shutil.rmtree(runtime, ignore_errors=True)


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
