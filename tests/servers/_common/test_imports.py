"""The shared server framework loads no SQL library: only SQL-backed servers pay for one."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests._http_server import REPO

pytestmark = pytest.mark.processes

SQL_PACKAGES = ("sqlalchemy", "sqlmodel", "psycopg")


def _sql_modules_after(*imports: str) -> list[str]:
    code = (
        "import json, sys\n"
        + "".join(f"import {name}\n" for name in imports)
        + f"sql = {SQL_PACKAGES!r}\n"
        + "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in sql)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        timeout=60,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "imports",
    [
        ("servers._common",),
        ("servers._common.app",),
        ("servers._common.runner",),
        ("servers._common.storage",),
    ],
)
def test_the_framework_imports_no_sql_library(imports: tuple[str, ...]) -> None:
    assert _sql_modules_after(*imports) == []


@pytest.mark.parametrize("server", ["todo", "tasks", "fleet", "agents"])
def test_a_sql_backed_server_answers_the_handshake_without_sql(server: str) -> None:
    """What a server loads before its first request (its command line, its tools) holds no
    SQL library: storage loads it when it opens, in the background over stdio."""
    assert _sql_modules_after(f"servers.{server}.__main__", f"servers.{server}.tools") == []


def test_the_sql_module_is_where_sql_comes_from() -> None:
    """The check above can fail: the opt-in module does load SQLAlchemy."""
    assert "sqlalchemy" in _sql_modules_after("servers._common.sql")
