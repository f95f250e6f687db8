"""The opt-in SQL storage: what a missing driver or an unreachable database does to a server."""

from __future__ import annotations

import json
import subprocess
import sys

import anyio
from mcp import Client, StdioServerParameters

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
        [sys.executable, "-c", WITHOUT_PSYCOPG, "--database-url", url,
         "--transport", "streamable-http", "--port", "0"],
        capture_output=True, text=True, timeout=60, cwd=REPO, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    message = result.stderr.strip()
    assert message.startswith("python -m servers.todo: cannot open storage at postgresql+psycopg")
    assert "pip install 'psycopg[binary]'" in message
    assert ".venv/bin/pip install -e '.[postgres]'" in message
    assert "mcp-orchestrator[postgres]" not in message  # not on PyPI
    assert "hunter2" not in message


async def test_over_stdio_storage_opens_after_the_handshake_and_its_failure_is_each_calls() -> None:
    """Over stdio the server answers at once; a store it cannot open is every call's error."""
    url = "postgresql+psycopg://user:hunter2@127.0.0.1:1/todo"  # nothing listens on port 1
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "servers.todo", "--database-url", url], cwd=REPO
    )
    with anyio.fail_after(60):
        async with Client(params) as client:
            tools = [t.name for t in (await client.list_tools()).tools]
            result = await client.call_tool("list_todos", {})
    assert tools == ["create_todo", "list_todos", "update_todo", "delete_todo"]
    assert result.is_error
    assert json.loads(result.content[0].text) == {  # type: ignore[union-attr]
        "success": False,
        "error_type": "database_error",
        "message": "cannot open storage at postgresql+psycopg://user:***@127.0.0.1:1/todo: "
        "database connection failed",
        "recoverable": True,
    }
