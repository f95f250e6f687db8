"""The fleet's SQL store across versions: tables an older version made get the new columns."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, Text, insert, text

from servers._common.sql import Database
from servers.fleet.local._store import open_store


def _first_release_tables(metadata: MetaData) -> tuple[Table, Table]:
    """The tables as the first release made them (no owner, base branch, state, start time)."""
    agents = Table(
        "fleet_agents",
        metadata,
        Column("id", String(36), primary_key=True),
        Column("name", String(32), nullable=False),
        Column("name_key", String(32), nullable=False, unique=True),
        Column("project", String(200), nullable=False),
        Column("role", String(200), nullable=False),
        Column("source", Text, nullable=False),
        Column("workspace", Text, nullable=False),
        Column("branch", String(300)),
        Column("base_commit", String(64), nullable=False),
        Column("phase", String(16), nullable=False),
        Column("reset_at", DateTime(timezone=True)),
        Column("created_at", DateTime(timezone=True), nullable=False),
        Column("updated_at", DateTime(timezone=True), nullable=False),
    )
    tasks = Table(
        "fleet_tasks",
        metadata,
        Column("id", String(36), primary_key=True),
        Column("agent_id", String(36), nullable=False),
        Column("seq", Integer, nullable=False),
        Column("message", Text, nullable=False),
        Column("run_dir", Text, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
    )
    return agents, tasks


def test_an_older_database_gets_the_new_columns_and_keeps_its_rows(database_url: str) -> None:
    metadata = MetaData()
    agents, tasks = _first_release_tables(metadata)
    old = Database.open(database_url, tables=[])
    now = datetime.now(UTC).replace(tzinfo=None)
    with old.engine.begin() as conn:
        metadata.create_all(conn)
        conn.execute(
            insert(agents).values(
                id="a" * 36, name="Old", name_key="old", project="P", role="r", source="/s",
                workspace="/w", branch="fleet/Old", base_commit="c" * 40, phase="ready",
                created_at=now, updated_at=now,
            )
        )  # fmt: skip
        conn.execute(
            insert(tasks).values(
                id="t" * 36, agent_id="a" * 36, seq=1, message="m", run_dir="/r", created_at=now
            )
        )
    old.close()
    store = open_store(database_url)  # twice: the second finds nothing to add
    store.close()
    store = open_store(database_url)
    try:
        found = store.agent("OLD")
    finally:
        store.close()
    assert found is not None
    agent, task = found
    assert (agent.name, agent.owner, agent.base_branch) == ("Old", None, None)
    assert task is not None
    assert (task.message, task.state, task.started_at) == ("m", "started", None)
    assert task.launched_at == task.created_at


def test_a_second_process_opens_the_store_while_the_first_one_writes(database_url: str) -> None:
    """Opening a store that is up to date only reads: it must not queue for the write lock
    behind a busy fleet server (on SQLite it waited out the busy timeout under load, and the
    second server did not start)."""
    first = open_store(database_url)
    try:
        with first._db.write() as session:  # held: an open that waits for it times out
            session.connection().execute(text("DELETE FROM fleet_agents WHERE name = 'none'"))
            open_store(database_url).close()
    finally:
        first.close()
