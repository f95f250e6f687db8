"""Fixtures for the examples and host snippets: a third-party server installed from PyPI in a
scratch environment of its own, and the MCP Inspector CLI (from the servers' suite)."""

from __future__ import annotations

import fcntl
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
    """The `bin/` of an environment that has `mcp-server-time` (and so a `python` with it): the
    one `scripts/thirdparty-servers-up.sh` made (CI's set-up) when it holds this pin, else one
    made here (after waiting for that script, when it is running: CI starts it beside the tests)."""
    lock = REPO / ".cache" / "thirdparty.lock"
    if lock.exists():
        with lock.open() as held:
            fcntl.flock(held, fcntl.LOCK_SH)  # released when closed
    made = REPO / ".cache" / "thirdparty" / "time"
    stamp = made / "installed"
    if stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == TIME_SERVER:
        check = [str(made / "bin" / "python"), "-c", "import mcp_server_time"]
        if subprocess.run(check, capture_output=True).returncode == 0:
            return made / "bin"
    venv = REPO / ".cache" / "venvs" / "mcp-server-time"
    venv.parent.mkdir(parents=True, exist_ok=True)
    with (venv.parent / "mcp-server-time.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one install at a time (parallel test workers)
        return _installed(venv)


def _installed(venv: Path) -> Path:
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
