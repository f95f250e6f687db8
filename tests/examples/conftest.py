"""Fixtures for the examples and host snippets: a third-party server installed from PyPI in a
scratch environment of its own, and the MCP Inspector CLI (from the servers' suite)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers.conftest import inspector_cli  # noqa: F401 (a fixture used here too)

REPO = Path(__file__).resolve().parents[2]
TIME_SERVER = "mcp-server-time==2026.10.19"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; in CI this must work (PyPI is reachable there)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def time_server_bin() -> Path:
    """The `bin/` of an environment that has `mcp-server-time` (and so a `python` with it)."""
    venv = REPO / ".cache" / "venvs" / "mcp-server-time"
    python = venv / "bin" / "python"
    check = [str(python), "-c", "import mcp_server_time"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return venv / "bin"
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
        subprocess.run(
            [str(venv / "bin" / "pip"), "install", "-q", TIME_SERVER],
            check=True, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        _unavailable(f"could not install {TIME_SERVER}: {str(detail).strip()[-300:]}")
    return venv / "bin"
