"""Prepared statements on the driver's cursor (``Database.prepare``, ``driver``, ``rows``), and
handlers tried on the event loop (``ToolSpec(on_loop=True)``): values as Core writes and reads
them, failures as Core's, and a handler that runs on the loop only while its storage need not
wait."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from contextlib import nullcontext
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import (
    JSON,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    insert,
    select,
)
from sqlalchemy.dialects import sqlite

from servers._common import ArgumentProblem, ToolSpec, build_server
from servers._common.database import StorageError
from servers._common.sql import (
    Database,
    UTCDateTime,
    ordered_values,
    read_sqlite_datetime,
    read_sqlite_ordered_values,
)

METADATA = MetaData()
NOTES = Table(
    "notes",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("at", UTCDateTime(), nullable=False),
    Column("meta", JSON, nullable=True),
)
LABELS = Table(
    "note_labels",
    METADATA,
    Column("note_id", Integer, ForeignKey("notes.id"), primary_key=True),
    Column("label", String(20), primary_key=True),
    Column("position", Integer, nullable=False),
)
LISTED = select(
    NOTES.c.id,
    NOTES.c.at,
    NOTES.c.meta,
    ordered_values(
        LABELS.c.label, position=LABELS.c.position, where=LABELS.c.note_id == NOTES.c.id
    ),
).order_by(NOTES.c.id)


@pytest.fixture
def db(database_url: str) -> Any:
    database = Database.open(database_url, tables=[NOTES, LABELS])
    yield database
    database.close()


def test_prepared_statements_write_and_read_values_as_core_does(db: Database) -> None:
    at = datetime(2026, 3, 1, 9, 30, 15, 250000, tzinfo=timezone(timedelta(hours=9)))
    add, label = db.prepare(insert(NOTES)), db.prepare(insert(LABELS))
    with db.driver(write=True) as run:
        assert run.execute(add, {"id": 1, "at": at, "meta": {"k": [1, "two"]}}) == 1
        run.execute(add, {"id": 2, "at": at, "meta": None})
        # positions out of the labels' order, and out of insertion order
        labels = (("b", 2), ("c", 0), ("a", 1))
        run.execute_many(label, [{"note_id": 1, "label": n, "position": p} for n, p in labels])
    rows = db.rows(db.prepare(LISTED))
    assert rows == [(1, at, {"k": [1, "two"]}, ["c", "a", "b"]), (2, at, None, [])]
    assert rows[0][1].tzinfo == UTC  # read as UTC, whatever zone it was written in
    with db.transaction() as conn:  # Core reads what the driver wrote, the same
        assert conn.execute(LISTED).all() == rows


def test_rows_not_read_are_the_drivers_values_that_the_readers_read(db: Database) -> None:
    """``rows(read=False)``: the values as the driver gives them; on SQLite, a date-time's text
    and an ``ordered_values`` column's JSON, which ``read_sqlite_datetime`` and
    ``read_sqlite_ordered_values`` read as the columns' types do."""
    at = datetime(2026, 3, 1, 9, 30, 15, 250000, tzinfo=timezone(timedelta(hours=9)))
    with db.driver(write=True) as run:
        run.execute(db.prepare(insert(NOTES)), {"id": 1, "at": at, "meta": None})
        labels = (("b", 2), ("c", 0), ("a", 1))
        run.execute_many(
            db.prepare(insert(LABELS)),
            [{"note_id": 1, "label": n, "position": p} for n, p in labels],
        )
    listed = db.prepare(LISTED)
    (read,) = db.rows(listed)
    (raw,) = db.rows(listed, read=False)
    if db.dialect != "sqlite":  # the driver reads date-times and JSON itself
        assert raw[:3] == read[:3]
        return
    note_id, text, meta, pairs = raw
    assert (text, meta) == ("2026-03-01 00:30:15.250000", "null")
    assert (note_id, read_sqlite_datetime(text), None, read_sqlite_ordered_values(pairs)) == read
    assert read_sqlite_datetime(None) is None and read_sqlite_ordered_values(None) == []


def test_a_utc_date_time_is_the_text_sqlalchemy_writes_on_sqlite() -> None:
    """The stored text is what SQLAlchemy's own SQLite DATETIME writes of the UTC time (rows
    written before compare and sort with rows written now), and a naive value is refused."""
    dialect = sqlite.dialect()
    write = UTCDateTime().dialect_impl(dialect).bind_processor(dialect)
    core = sqlite.DATETIME().bind_processor(dialect)
    minus_three = timezone(-timedelta(hours=3, minutes=30))
    for value in (
        datetime(2026, 3, 1, 9, 30, 15, 250000, tzinfo=timezone(timedelta(hours=9))),
        datetime(2026, 3, 1, 23, 59, 59, 999999, tzinfo=minus_three),  # the next day in UTC
        datetime(1, 1, 1, 0, 0, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, 1, tzinfo=UTC),
        datetime(1850, 6, 1, 0, 0, 21, tzinfo=timezone(timedelta(seconds=561))),
    ):
        assert write(value) == core(value.astimezone(UTC).replace(tzinfo=None)), value
    assert write(None) is None
    with pytest.raises(ValueError, match="naive"):
        write(datetime(2026, 3, 1))


def test_a_failed_unit_of_work_leaves_nothing_and_says_what_failed(db: Database) -> None:
    add = db.prepare(insert(NOTES))
    at = datetime(2026, 3, 1, tzinfo=UTC)
    with db.driver(write=True) as run:
        run.execute(add, {"id": 1, "at": at, "meta": None})
    with pytest.raises(StorageError) as failed, db.driver(write=True) as run:
        run.execute(add, {"id": 2, "at": at, "meta": None})
        run.execute(add, {"id": 1, "at": at, "meta": None})  # taken
    assert failed.value.kind == "conflict"
    assert "INSERT" not in str(failed.value)  # no SQL, no values
    by_id = db.prepare(select(NOTES.c.id).where(NOTES.c.id == bindparam("id")))
    assert db.rows(by_id, {"id": 2}) == []  # the unit's first insert was rolled back
    with pytest.raises(ValueError, match="no value for id"):
        db.rows(by_id, {})


def test_an_expanding_in_list_cannot_be_prepared_once(db: Database) -> None:
    with pytest.raises(ValueError, match="expanding"):
        db.prepare(select(NOTES.c.id).where(NOTES.c.id.in_(bindparam("ids", expanding=True))))


class _NoInput(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Envelope:
    """Errors named by their exception's type, to tell which one a call met."""

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        return {"error": "invalid"}

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        return {"error": type(exc).__name__}

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        return {"error": "unknown"}


def _server(db: Database, handler: Any) -> Any:
    tool = ToolSpec("act", "Act on the store", _NoInput, handler, on_loop=True)
    return build_server("probe", [tool], _Envelope(), lifespan=lambda: nullcontext(db))


async def test_a_handler_runs_on_the_loop_only_on_sqlite(db: Database) -> None:
    """On SQLite a read or a write that need not wait runs on the event loop; on PostgreSQL
    every statement waits on the network, so the handler runs in a worker thread."""
    add = db.prepare(insert(NOTES))
    threads: list[int] = []

    def act(store: Database, args: _NoInput) -> dict[str, Any]:
        threads.append(threading.get_ident())
        with store.driver(write=True) as run:
            run.execute(add, {"id": len(threads), "at": datetime.now(UTC), "meta": None})
        return {"rows": len(store.rows(store.prepare(select(NOTES.c.id))))}

    async with Client(_server(db, act)) as client:
        result = await client.call_tool("act", {})
    assert not result.is_error, result.content
    loop = threading.get_ident()
    if db.dialect == "sqlite":
        assert threads == [loop] and result.structured_content == {"rows": 1}
    else:  # tried on the loop, given up at the first statement, run again in a thread
        assert threads[0] == loop and threads[1] != loop and len(threads) == 2
        assert result.structured_content == {"rows": 1}


async def test_a_handler_that_wrote_on_the_loop_is_not_run_again(
    sqlite_url: str, tmp_path: Path
) -> None:
    """A handler on the loop writes once, last: if it wrote and then met a lock it would wait
    for, running it again in a thread would write twice. It fails instead, and says why."""
    db = Database.open(sqlite_url, tables=[NOTES, LABELS])
    other = sqlite3.connect(tmp_path / "store.db", isolation_level=None)
    add = db.prepare(insert(NOTES))
    runs: list[int] = []

    def act(store: Database, args: _NoInput) -> dict[str, Any]:
        runs.append(1)
        with store.driver(write=True) as run:
            run.execute(add, {"id": len(runs), "at": datetime.now(UTC), "meta": None})
        other.execute("BEGIN IMMEDIATE")  # another writer takes the lock
        with store.driver(write=True) as run:
            run.execute(add, {"id": 100, "at": datetime.now(UTC), "meta": None})
        return {}

    try:
        with anyio.fail_after(30):
            async with Client(_server(db, act)) as client:
                result = await client.call_tool("act", {})
        assert result.is_error
        assert result.content[0].text == '{"error":"RuntimeError"}'  # type: ignore[union-attr]
        assert runs == [1]
    finally:
        other.close()
        db.close()
