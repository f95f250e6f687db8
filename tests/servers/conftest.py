"""Fixtures for every bundled server's tests: the MCP Inspector CLI, a client that is not ours.

The Inspector is installed by ``scripts/inspector-up.sh`` (pinned, under ``.cache/inspector``,
with the machine's node and npm). Without node or the npm registry the tests that need it skip,
except in CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; in CI the MCP Inspector tests must run")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def inspector_cli() -> Path:
    """The MCP Inspector's cli.js, installed if need be."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        _unavailable("the MCP Inspector tests need node and npm")
    try:
        done = subprocess.run(
            ["bash", str(REPO / "scripts" / "inspector-up.sh")],
            capture_output=True, text=True, timeout=600, cwd=REPO,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        _unavailable("installing the MCP Inspector took over 10 minutes")
    if done.returncode != 0:
        _unavailable(f"could not install the MCP Inspector: {done.stderr.strip()[-500:]}")
    return Path(done.stdout.strip().splitlines()[-1])
