"""The opt-in SQL storage: what a missing driver or an unreachable database does to a server;
the schema a database gets; write transactions."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from sqlalchemy import (
    Column,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)

from servers._common.sql import Database
from tests._http_server import REPO

pytestmark = pytest.mark.processes

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
        "database connection failed: connection refused at 127.0.0.1:1",
        "recoverable": True,
    }


# --- Database: schema and write transactions ------------------------------------------------


def _table(metadata: MetaData, *indexes: str) -> Table:
    table = Table("notes", metadata, Column("id", Integer, primary_key=True), Column("body", Text))
    for name in indexes:
        Index(name, table.c.body)
    return table


def test_an_index_added_to_a_table_later_is_created_in_a_database_that_predates_it(
    database_url: str,
) -> None:
    Database.open(database_url, tables=[_table(MetaData())]).close()  # the old schema
    db = Database.open(database_url, tables=[_table(MetaData(), "ix_notes_body")])
    try:
        assert [i["name"] for i in inspect(db.engine).get_indexes("notes")] == ["ix_notes_body"]
    finally:
        db.close()
    Database.open(database_url, tables=[_table(MetaData(), "ix_notes_body")]).close()  # again


def test_a_server_starting_does_not_wait_for_writers_of_a_running_one(database_url: str) -> None:
    """Opening a database whose tables and indexes all exist takes no lock a writer holds:
    CREATE INDEX IF NOT EXISTS would wait for the writer's transaction on PostgreSQL (and time
    out, or deadlock), and on SQLite any write transaction at start waited for the running
    server's writers up to the busy timeout (a second fleet process failed to start under load)."""
    table = _table(MetaData(), "ix_notes_body")
    running = Database.open(database_url, tables=[table])
    try:
        with running.transaction(write=True) as conn:
            conn.execute(insert(table), {"id": 1, "body": "uncommitted"})
            Database.open(database_url, tables=[_table(MetaData(), "ix_notes_body")]).close()
    finally:
        running.close()


def test_two_stores_opened_at_once_on_a_new_sqlite_file_both_open(tmp_path: Path) -> None:
    """A server's store and its task store share the file and open together on its first start
    (the first tool call made as a task comes at once): SQLite refused the second's switch to
    WAL at once, busy timeout or not, in about one start in twenty, and the call failed as an
    internal error. Each of 60 new files opened by two threads at the same moment opens."""
    failed: list[str] = []

    def open_once(url: str, table: Table) -> None:
        try:
            Database.open(url, tables=[table]).close()
        except Exception as exc:  # what the server would have reported
            failed.append(f"{table.name}: {exc}")

    for n in range(60):
        url = f"sqlite:///{tmp_path / f'new{n}.db'}"
        tables = [
            _table(MetaData()),
            Table("others", MetaData(), Column("id", Integer, primary_key=True)),
        ]
        threads = [threading.Thread(target=open_once, args=(url, t)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not failed, failed


@pytest.mark.postgres
def test_postgresql_plans_each_statement_for_its_own_values(postgres_url: str) -> None:
    """No server-side prepared statement, even for a statement run many times: PostgreSQL would
    switch a prepared one to a generic plan, the same for every value of its parameters."""
    table = _table(MetaData(), "ix_notes_body")
    db = Database.open(postgres_url, tables=[table])
    try:
        with db.transaction() as conn:
            for n in range(10):
                conn.execute(select(table.c.id).where(table.c.body == f"b{n}")).all()
            prepared = conn.scalar(text("SELECT count(*) FROM pg_prepared_statements"))
        assert prepared == 0
    finally:
        db.close()


def test_sqlite_has_index_statistics_once_opened(sqlite_url: str) -> None:
    """Without them SQLite's planner takes any index for a selective one."""
    table = _table(MetaData(), "ix_notes_body")
    Database.open(sqlite_url, tables=[table]).close()
    db = Database.open(sqlite_url, tables=[table])
    try:
        with db.transaction(write=True) as conn:
            conn.execute(insert(table), [{"id": n, "body": f"b{n % 3}"} for n in range(300)])
    finally:
        db.close()
    db = Database.open(sqlite_url, tables=[table])  # the next start
    try:
        with db.transaction() as conn:
            stats = conn.execute(text("SELECT idx, stat FROM sqlite_stat1")).all()
        assert ("ix_notes_body", "300 100") in stats
    finally:
        db.close()


def test_sqlite_writers_in_one_process_wait_for_each_other_not_for_the_busy_handler(
    sqlite_url: str,
) -> None:
    """With SQLite's busy timeout at zero, a writer that met another at BEGIN IMMEDIATE would
    fail at once ("database is locked"); this process's writers queue on a lock first."""
    table = _table(MetaData())
    db = Database.open(sqlite_url, tables=[table])

    @event.listens_for(db.engine, "connect")
    def _no_busy_wait(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute("PRAGMA busy_timeout=0")

    db.engine.dispose()  # connections from now on have no busy wait

    def write(n: int) -> None:
        for i in range(20):
            with db.transaction(write=True) as conn:
                conn.execute(insert(table), {"id": n * 100 + i, "body": "x"})
            with db.write() as session:
                session.execute(update(table).where(table.c.id == n * 100 + i).values(body="y"))

    try:
        with ThreadPoolExecutor(8) as pool:
            for future in [pool.submit(write, n) for n in range(8)]:
                future.result(timeout=60)
        with db.transaction() as conn:
            bodies = conn.execute(select(table.c.body)).scalars().all()
        assert bodies == ["y"] * 160
    finally:
        db.close()


def test_connections_are_reused_under_load_not_reopened(database_url: str) -> None:
    """Sixteen threads at once, 20 transactions each: the pool opens a connection per thread at
    most, and keeps them (no connection opened and closed again for a burst)."""
    table = _table(MetaData())
    db = Database.open(database_url, tables=[table])
    opened: list[int] = []
    event.listen(db.engine, "connect", lambda *_: opened.append(1))
    both = threading.Barrier(16)

    def work(n: int) -> None:
        for i in range(20):
            both.wait(timeout=60)  # all sixteen in a transaction together, round after round
            with db.transaction() as conn:
                conn.execute(select(table.c.id).where(table.c.id == n * 100 + i)).all()

    try:
        with ThreadPoolExecutor(16) as pool:
            for future in [pool.submit(work, n) for n in range(16)]:
                future.result(timeout=120)
        assert len(opened) <= 16
    finally:
        db.close()
