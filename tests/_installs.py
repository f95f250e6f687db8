"""Tools the tests install themselves, pinned, with the machine's node and npm: the MCP Inspector,
the real agent CLIs, the npm reference servers. Each has a script in ``scripts/`` that installs it
under ``.cache/`` (once; a lock keeps parallel workers from racing) and prints its folder last."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

__all__ = ["install", "require"]

REPO = Path(__file__).resolve().parents[1]


def install(script: str, what: str) -> tuple[Path | None, str]:
    """Run ``scripts/<script>``: the folder it prints, or None and why not."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return None, f"{what} needs node and npm"
    try:
        done = subprocess.run(
            ["bash", str(REPO / "scripts" / script)],
            capture_output=True, text=True, timeout=600, cwd=REPO, env=dict(os.environ),
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return None, f"installing {what} took over 10 minutes"
    if done.returncode != 0:
        return None, f"could not install {what}: {done.stderr.strip()[-500:]}"
    return Path(done.stdout.strip().splitlines()[-1]), ""


def require(script: str, what: str) -> Path:
    """`install`, else skip the test, except in CI (``CI=true``), where that is a failure."""
    folder, reason = install(script, what)
    if folder is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; in CI the tests that need {what} must run")
        pytest.skip(reason)
    return folder
