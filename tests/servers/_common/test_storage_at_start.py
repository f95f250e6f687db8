"""A server whose database cannot be opened at start names the cause: a database that does not
exist, a password refused, a connection refused are three messages, not one "database connection
failed"; the password is never in them. A real PostgreSQL (the postgres marker) and a closed
port."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest
from sqlalchemy import MetaData
from sqlalchemy.engine import make_url

from servers._common.app import StartupError
from servers._common.database import connection_failure
from servers._common.sql import open_database
from tests._http_server import REPO
from tests.conftest import _admin_url

pytestmark = pytest.mark.processes

PASSWORD = "hunter2-Xq9zW4"


def opened(url: str) -> str:
    """What opening the store at `url` as a server starting up says."""
    with pytest.raises(StartupError) as failed:
        open_database(url, tables=list(MetaData().tables.values())).close()
    said = str(failed.value)
    assert PASSWORD not in said and "hunter2" not in said
    return said


@pytest.fixture
def closed_port() -> Iterator[int]:
    with socket.socket() as reserved:  # bound, never listening: refused, and no one else's
        reserved.bind(("127.0.0.1", 0))
        yield reserved.getsockname()[1]


def test_a_refused_connection_names_where(closed_port: int) -> None:
    url = f"postgresql+psycopg://orch:{PASSWORD}@127.0.0.1:{closed_port}/todo"
    assert opened(url) == (
        f"cannot open storage at postgresql+psycopg://orch:***@127.0.0.1:{closed_port}/todo: "
        f"database connection failed: connection refused at 127.0.0.1:{closed_port}"
    )


@pytest.mark.postgres
def test_a_database_that_does_not_exist_is_named() -> None:
    url = make_url(_admin_url()).set(drivername="postgresql+psycopg", database="no_such_db_x7")
    said = opened(url.render_as_string(hide_password=False))
    assert said == (
        f"cannot open storage at {url.render_as_string(hide_password=True)}: "
        'database connection failed: database "no_such_db_x7" does not exist'
    )


@pytest.mark.postgres
def test_a_wrong_password_is_named_and_not_shown() -> None:
    url = make_url(_admin_url()).set(drivername="postgresql+psycopg", password=PASSWORD)
    said = opened(url.render_as_string(hide_password=False))
    assert said == (
        f"cannot open storage at {url.render_as_string(hide_password=True)}: "
        f'database connection failed: password authentication failed for user "{url.username}"'
    )


@pytest.mark.postgres
def test_a_server_started_on_a_missing_database_says_so_and_exits_2() -> None:
    url = make_url(_admin_url()).set(drivername="postgresql+psycopg", database="no_such_db_x7")
    given = url.render_as_string(hide_password=False)
    command = [sys.executable, "-m", "servers.todo", "--transport", "streamable-http",
               "--port", "0", "--database-url", given]  # fmt: skip
    ran = subprocess.run(
        command, capture_output=True, text=True, timeout=60, cwd=REPO, stdin=subprocess.DEVNULL
    )
    assert ran.returncode == 2, ran.stderr
    assert ran.stderr.strip().endswith(
        'database connection failed: database "no_such_db_x7" does not exist'
    )
    assert given not in ran.stderr and url.render_as_string(hide_password=True) in ran.stderr


def test_the_cause_of_each_attempt_once_without_hints_or_passwords() -> None:
    message = (
        'connection failed: connection to server at "::1", port 5439 failed: Connection refused\n'
        "\tIs the server running on that host and accepting TCP/IP connections?\n"
        'connection to server at "db.example" (10.0.0.5), port 5439 failed: timeout expired\n'
        'connection to server at "::1", port 5439 failed: Connection refused\n'
        f"postgresql://u:{PASSWORD}@db.example/x and postgresql://v:other@h/y"
    )
    said = connection_failure(message, f"postgresql+psycopg://u:{PASSWORD}@db.example/x")
    assert said == (
        "database connection failed: connection refused at [::1]:5439; timeout expired at "
        "db.example:5439 (10.0.0.5); postgresql://u:***@db.example/x and postgresql://v:***@h/y"
    )
    assert connection_failure("", "sqlite:///x.db") == "database connection failed"
