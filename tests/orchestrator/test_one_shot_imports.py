"""A one-shot on a terminal loads the interactive UI (prompt_toolkit, rich) only once a server
asks the user something: most requests never need it, and it would delay the servers' early
start."""

from __future__ import annotations

import json
import subprocess
import sys

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
