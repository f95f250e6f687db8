"""A PostgreSQL that stops answering (a frozen host or path: the kernel still takes the bytes,
nothing answers) fails each call within the deadline as the contract's ``database_error``, the
call's write is not done once the path comes back, and ``GET /health`` says 503 until the
database answers again (trial 7: calls hung for as long as the path stayed frozen, then
committed; /health said ok)."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import anyio
import httpx2 as httpx
import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, select, text
from sqlalchemy.engine import make_url

from servers._common._http import Guard, transport_security
from servers._common.database import ANSWER_DEADLINE_SECONDS, StorageError
from servers._common.sql import Database

pytestmark = pytest.mark.postgres

NOTES = Table("notes", MetaData(), Column("id", Integer, primary_key=True), Column("title", String))


class Forwarder:
    """A TCP forwarder to PostgreSQL that can be paused: paused, it reads and accepts nothing
    (the kernel still takes bytes and connections), as a SIGSTOPped one; resumed, it passes on
    what waited, then a closed side's end. ``pause_on``: pause by itself once a client sends
    those bytes (a COMMIT), before passing them on."""

    def __init__(self, port: int) -> None:
        self.running = threading.Event()
        self.running.set()
        self.pause_on: bytes | None = None
        self._target = port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._sockets: list[socket.socket] = [self._listener]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            self.running.wait()
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self._target))
            self._sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, from_client: bool) -> None:
        try:
            while True:
                self.running.wait()
                data = source.recv(65536)
                if not data:
                    break
                if from_client and self.pause_on is not None and self.pause_on in data:
                    self.pause_on = None
                    self.running.clear()
                    self.running.wait()
                sink.sendall(data)
        except OSError:
            pass
        for sock in (sink, source):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.running.set()
        for sock in self._sockets:
            sock.close()


@pytest.fixture
def forwarder(postgres_url: str) -> Iterator[Forwarder]:
    forwarder = Forwarder(make_url(postgres_url).port or 5432)
    yield forwarder
    forwarder.close()


@pytest.fixture
def db(postgres_url: str, forwarder: Forwarder) -> Iterator[Database]:
    url = make_url(postgres_url).set(port=forwarder.port).render_as_string(hide_password=False)
    db = Database.open(url, tables=[NOTES])
    with db.transaction(write=True) as conn:  # the pool holds a connection through the path
        conn.execute(NOTES.insert(), {"title": "before"})
    yield db
    forwarder.running.set()
    db.close()


def _in_thread(call: Any) -> tuple[threading.Thread, dict[str, Any]]:
    outcome: dict[str, Any] = {}

    def run() -> None:
        started = time.monotonic()
        try:
            outcome["value"] = call()
        except Exception as exc:
            outcome["error"] = exc
        outcome["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def _add(db: Database, title: str) -> None:
    with db.transaction(write=True) as conn:
        conn.execute(NOTES.insert(), {"title": title})


def _titles(postgres_url: str) -> list[str]:
    """The committed titles, read straight from PostgreSQL (not through the forwarder), once
    no other session of the database is in a transaction (the one the path cut is rolled back
    by then; the pool's idle ones stay)."""
    engine = create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            deadline = time.monotonic() + 10
            others = text(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                " AND state <> 'idle'"
            )
            while conn.execute(others).scalar() and time.monotonic() < deadline:
                conn.rollback()
                time.sleep(0.05)  # PostgreSQL ends the cut session on its own time
            rows = conn.execute(select(NOTES.c.title).order_by(NOTES.c.id)).scalars()
            return list(rows)
    finally:
        engine.dispose()


def test_a_call_on_a_frozen_path_fails_within_the_deadline_and_writes_nothing(
    db: Database, forwarder: Forwarder, postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    forwarder.running.clear()
    thread, outcome = _in_thread(lambda: _add(db, "frozen"))
    thread.join(ANSWER_DEADLINE_SECONDS + 4)
    forwarder.running.set()  # the path comes back: what waited in it reaches PostgreSQL now
    assert not thread.is_alive(), "the call was still waiting for a database that never answered"
    thread.join()
    error = outcome.get("error")
    assert isinstance(error, StorageError), outcome
    assert error.kind == "connection"
    assert ANSWER_DEADLINE_SECONDS - 0.5 < outcome["seconds"] < ANSWER_DEADLINE_SECONDS + 2
    assert str(error) == (
        f"database connection failed: no answer from the database within "
        f"{ANSWER_DEADLINE_SECONDS}s; the connection was closed before the commit, so nothing "
        "of this call was written"
    )
    assert _titles(postgres_url) == ["before"]  # not written after the path came back
    logged = [r.getMessage() for r in caplog.records if r.name == "servers._common.sql"]
    assert any(
        "database connection failure: OperationalError (OperationalError): no answer from the "
        f"database server within {ANSWER_DEADLINE_SECONDS}s" in m
        for m in logged
    ), logged
    assert not any(make_url(postgres_url).password in m for m in logged if m)
    _add(db, "after")  # the next call works, on a new connection
    assert _titles(postgres_url) == ["before", "after"]


def test_a_commit_that_is_not_answered_is_said_to_be_of_unknown_outcome(
    db: Database, forwarder: Forwarder
) -> None:
    forwarder.pause_on = b"COMMIT"
    thread, outcome = _in_thread(lambda: _add(db, "committing"))
    thread.join(ANSWER_DEADLINE_SECONDS + 4)
    forwarder.running.set()
    assert not thread.is_alive(), "the COMMIT was still waiting for an answer"
    thread.join()
    error = outcome.get("error")
    assert isinstance(error, StorageError), outcome
    assert "after the commit was sent, so the change may or may not have been written" in str(error)


async def _health(client: httpx.AsyncClient) -> httpx.Response:
    return await client.get("http://127.0.0.1:8000/health")


async def test_health_says_503_while_the_database_does_not_answer_then_200(
    db: Database, forwarder: Forwarder, postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)

    async def app(scope: Any, receive: Any, send: Any) -> None:  # never reached here
        raise AssertionError(scope["path"])

    guard = Guard(app, token=None, security=transport_security("127.0.0.1", []))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(guard)) as client:
        assert (await _health(client)).json() == {"status": "ok"}
        forwarder.running.clear()
        with anyio.fail_after(ANSWER_DEADLINE_SECONDS + 4):
            with pytest.raises(StorageError):
                await anyio.to_thread.run_sync(_add, db, "frozen", abandon_on_cancel=True)
        frozen = await _health(client)
        assert frozen.status_code == 503
        assert frozen.json() == {
            "status": "unavailable",
            "reason": f"the database did not answer within {ANSWER_DEADLINE_SECONDS}s",
        }
        assert make_url(postgres_url).password not in frozen.text
        forwarder.running.set()
        with anyio.fail_after(ANSWER_DEADLINE_SECONDS + 8):  # a probe's ping finds it back
            while (back := await _health(client)).status_code != 200:
                await anyio.sleep(0.1)
        assert back.json() == {"status": "ok"}
