"""The opt-in SQL storage: what a missing driver says."""

from __future__ import annotations

import subprocess
import sys

from tests._http_server import REPO

# Runs a server as `python -m servers.todo` would, with psycopg made unimportable.
WITHOUT_PSYCOPG = (
    "import sys\n"
    "sys.modules['psycopg'] = None\n"
    "from servers.todo.__main__ import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def test_a_missing_postgresql_driver_says_what_installs_it() -> None:
    url = "postgresql+psycopg://user:hunter2@127.0.0.1:1/todo"
    result = subprocess.run(
        [sys.executable, "-c", WITHOUT_PSYCOPG, "--database-url", url],
        capture_output=True, text=True, timeout=60, cwd=REPO, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    message = result.stderr.strip()
    assert message.startswith("python -m servers.todo: cannot open storage at postgresql+psycopg")
    assert "pip install 'psycopg[binary]'" in message
    assert ".venv/bin/pip install -e '.[postgres]'" in message
    assert "mcp-orchestrator[postgres]" not in message  # not on PyPI
    assert "hunter2" not in message
