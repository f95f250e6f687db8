"""Prepared statements for a server's hot path, run on the database driver's own cursor.

``Connection.execute`` does, on every call, work that a statement run thousands of times does not
need: it derives the statement's cache key, builds an execution context and wraps each row in a
``Row``. For a small query that is most of the cost (a page of 20 todos: 190 µs through Core on
SQLite, 43 µs on the cursor). A :class:`Prepared` is a Core statement compiled once for the
database's dialect: its SQL, the order of its parameters, and SQLAlchemy's own type processors
for them and for its columns, so values are written and read exactly as through Core (a
date-time as the same text on SQLite, JSON as the same document). A :class:`Driver` runs
prepared statements on one pooled connection's cursor, in the transaction
:meth:`servers._common.sql.Database.driver` opens (or in none: :meth:`~servers._common.sql.
Database.rows`). A driver's error leaves as SQLAlchemy's own ``DBAPIError`` (the pool's
connection invalidated if it was lost), so it becomes the same ``StorageError`` as through Core;
each statement is a span when the server traces, as Core's are.

On PostgreSQL every wait for the server's answer has a deadline (:func:`deadline_connection`):
a server that stops answering (a frozen host, a path that drops packets while the kernel still
takes the bytes) cannot hold a call past it. The connection's socket is shut down when it
passes, so the blocked call raises, and the connection is closed and leaves the pool.
"""

from __future__ import annotations

import functools
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic_core import from_json
from sqlalchemy import JSON, ColumnElement, Engine, ScalarSelect, TypeDecorator, select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement

from servers._common import tracing

if TYPE_CHECKING:  # psycopg is there only with PostgreSQL support
    from psycopg import Connection as PGConnection

__all__ = [
    "Driver",
    "Prepared",
    "Watcher",
    "deadline_connection",
    "driver_cursor",
    "ordered_values",
    "owned_cursor",
    "read_sqlite_ordered_values",
    "start_call",
    "unanswered",
]

logger = logging.getLogger(__name__)

Watcher = Callable[[str, Any], None]
"""Told each statement a driver runs and its parameters (as the driver gets them)."""

_NO_VALUES: Mapping[str, Any] = {}


@dataclass(frozen=True)
class Prepared:
    """A Core statement compiled once for a dialect: what a :class:`Driver` runs."""

    sql: str
    order: tuple[str, ...] | None  # the parameters' order, for a positional paramstyle
    required: frozenset[str]
    defaults: Mapping[str, Any]  # the values the statement carries (a literal LIMIT, say)
    binds: tuple[tuple[str, Callable[[Any], Any]], ...]  # the types' bind processors
    columns: tuple[tuple[int, Callable[[Any], Any]], ...]  # the result processors, by column

    @classmethod
    def compile(cls, statement: ClauseElement, dialect: Dialect) -> Prepared:
        """``statement`` (Core: a select, insert, update or delete) compiled for ``dialect``.

        Every parameter must be a plain one: an expanding ``IN`` list is compiled anew for
        each length, so it cannot be prepared once (select through a join or a subquery)."""
        compiled = statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)
        if compiled.post_compile_params:
            raise ValueError(f"an expanding parameter cannot be prepared once: {compiled}")
        required: set[str] = set()
        defaults: dict[str, Any] = {}
        binds: dict[str, Callable[[Any], Any]] = {}
        for bind in compiled.binds.values():
            name = compiled.bind_names[bind]
            if bind.required:
                required.add(name)
            else:
                defaults[name] = bind.effective_value
            process = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                binds[name] = process
        selected = getattr(statement, "selected_columns", ())
        columns = tuple(
            (i, process)
            for i, column in enumerate(selected)
            if (process := column.type.dialect_impl(dialect).result_processor(dialect, None))
            is not None
        )
        return cls(
            sql=str(compiled),
            order=tuple(compiled.positiontup) if compiled.positiontup is not None else None,
            required=frozenset(required),
            defaults=defaults,
            binds=tuple(binds.items()),
            columns=columns,
        )

    def parameters(self, values: Mapping[str, Any]) -> Sequence[Any] | dict[str, Any]:
        """``values`` (by parameter name) as the driver takes them: processed by their types,
        in order for a positional paramstyle."""
        if not self.required <= values.keys():
            missing = sorted(self.required - values.keys())
            raise ValueError(f"no value for {', '.join(missing)} in: {self.sql}")
        merged = {**self.defaults, **values} if self.defaults else dict(values)
        for name, process in self.binds:
            merged[name] = process(merged[name])
        return merged if self.order is None else tuple(map(merged.__getitem__, self.order))

    def read(self, rows: list[Any]) -> list[Any]:
        """The driver's rows with each column's value as its type reads it (tuples)."""
        if not self.columns:
            return rows
        read = []
        for row in rows:
            values = list(row)
            for i, process in self.columns:
                values[i] = process(values[i])
            read.append(tuple(values))
        return read


class Driver:
    """Prepared statements run on one connection's DBAPI cursor (see the module's docstring)."""

    def __init__(self, cursor: Any, system: str, watchers: Sequence[Watcher]) -> None:
        self._cursor = cursor
        self._system = system
        self._watchers = watchers

    def execute(self, prepared: Prepared, values: Mapping[str, Any] = _NO_VALUES) -> int:
        """Run ``prepared`` with ``values``; the number of rows it changed."""
        self._run(prepared, prepared.parameters(values), many=False)
        return int(self._cursor.rowcount)

    def execute_many(self, prepared: Prepared, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run ``prepared`` once for each of ``rows`` (the driver's ``executemany``)."""
        if rows:
            self._run(prepared, [prepared.parameters(row) for row in rows], many=True)

    def rows(
        self, prepared: Prepared, values: Mapping[str, Any] = _NO_VALUES, *, read: bool = True
    ) -> list[Any]:
        """The rows ``prepared`` (a select) gives for ``values``: tuples, in its columns' order.
        ``read=False``: each value as the driver gives it, not yet read by its column's type
        (for a caller that reads the few it needs itself)."""
        self._run(prepared, prepared.parameters(values), many=False)
        rows = self._cursor.fetchall()
        return prepared.read(rows) if read else rows

    def _run(self, prepared: Prepared, parameters: Any, *, many: bool) -> None:
        for watch in self._watchers:
            watch(prepared.sql, parameters)
        span = tracing.statement_span(self._system, prepared.sql)
        try:
            if many:
                self._cursor.executemany(prepared.sql, parameters)
            else:
                self._cursor.execute(prepared.sql, parameters)
        except BaseException as exc:
            tracing.end_statement_span(span, exc)
            raise
        tracing.end_statement_span(span, None)


@contextmanager
def driver_cursor(
    engine: Engine, *, begin: str | None, autocommit: bool, watchers: Sequence[Watcher]
) -> Iterator[Driver]:
    """A :class:`Driver` on a connection from ``engine``'s pool, for one unit of work: started
    with the statement ``begin`` (SQLite's ``BEGIN IMMEDIATE``, say; None: the driver's own
    implicit transaction), committed at the end, rolled back on any error. ``autocommit``: no
    transaction at all (each statement is its own; on PostgreSQL, no BEGIN and COMMIT round
    trips). The driver's errors leave as SQLAlchemy's ``DBAPIError``."""
    dialect = engine.dialect
    try:
        raw = engine.raw_connection()  # pre-pinged, as Core's connections are
    except dialect.loaded_dbapi.Error as exc:  # cannot connect
        raise _wrapped(exc, dialect, lost=True) from exc
    try:
        with _unit(raw.dbapi_connection, dialect, begin, autocommit, watchers) as run:
            yield run
    except DBAPIError as exc:
        if exc.connection_invalidated:
            raw.invalidate(exc)
        raise
    finally:
        raw.close()


@contextmanager
def owned_cursor(
    connection: Any,
    dialect: Dialect,
    *,
    begin: str | None,
    autocommit: bool,
    watchers: Sequence[Watcher],
    busy: Callable[[], BaseException],
) -> Iterator[Driver]:
    """:func:`driver_cursor` on a connection of the caller's own (not the pool's), which must
    not wait for a lock: where SQLite says it is busy, the unit of work is rolled back and
    ``busy()`` raised (``servers._common._loop``: a handler on the event loop gives up)."""
    try:
        with _unit(connection, dialect, begin, autocommit, watchers) as run:
            yield run
    except DBAPIError as exc:
        code = getattr(exc.orig, "sqlite_errorcode", 0) & 0xFF
        if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
            raise busy() from exc
        raise


_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6  # primary result codes (the extended ones carry them)


@contextmanager
def _unit(
    connection: Any,
    dialect: Dialect,
    begin: str | None,
    autocommit: bool,
    watchers: Sequence[Watcher],
) -> Iterator[Driver]:
    """One unit of work on ``connection`` (a DBAPI connection): see :func:`driver_cursor`."""
    cursor: Any = None
    switched = autocommit and dialect.name == "postgresql"
    try:
        try:
            if switched:
                connection.autocommit = True
            cursor = connection.cursor()
            if begin is not None:
                cursor.execute(begin)
            yield Driver(cursor, dialect.name, watchers)
            if not autocommit:
                connection.commit()
        except dialect.loaded_dbapi.Error as exc:
            lost = bool(dialect.is_disconnect(exc, connection, cursor))
            raise _wrapped(exc, dialect, lost=lost) from exc
    except BaseException:
        _quietly(connection.rollback)
        raise
    finally:
        if cursor is not None:
            _quietly(cursor.close)
        if switched:
            _quietly(lambda: setattr(connection, "autocommit", False))


def _wrapped(exc: Exception, dialect: Dialect, *, lost: bool) -> BaseException:
    """The driver's error as SQLAlchemy's ``DBAPIError`` (its subclass for the error's kind:
    ``IntegrityError``, ``OperationalError``...), as Core raises it, parameters hidden."""
    return DBAPIError.instance(
        None,
        None,
        exc,
        dialect.loaded_dbapi.Error,
        hide_parameters=True,
        connection_invalidated=lost,
        dialect=dialect,
    )


def _quietly(action: Callable[[], Any]) -> None:
    """Clean up after a failure without hiding it: a second error is only logged."""
    try:
        action()
    except Exception as exc:
        logger.debug("cleaning up a database connection failed: %s", type(exc).__name__)


# --- a deadline on each wait for PostgreSQL's answer -----------------------------------------


Unanswered = Literal["statement", "commit"]


class _Call(threading.local):
    unanswered: Unanswered | None = None


_CALL = _Call()


def start_call() -> None:
    """A new storage call begins on this thread (see :func:`unanswered`)."""
    _CALL.unanswered = None


def unanswered() -> Unanswered | None:
    """What this thread's storage call was waiting for when its deadline passed: a statement
    (its transaction never committed: the server rolls it back once it sees the connection
    closed), or a COMMIT already sent (it may or may not have been done); None if it was not."""
    return _CALL.unanswered


@dataclass(eq=False)
class _Wait:
    fd: int
    deadline: float
    expired: bool = field(default=False)


class _Watchdog:
    """One thread that shuts down the socket of a wait past its deadline. A wait is removed
    under the same lock the socket is shut down under, so a socket is never shut down after
    its wait ended (its descriptor may be another connection's by then)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._waits: set[_Wait] = set()
        self._thread: threading.Thread | None = None

    def watch(self, fd: int, seconds: float) -> _Wait:
        wait = _Wait(fd, time.monotonic() + seconds)
        with self._changed:
            if not self._waits:
                self._changed.notify()  # asleep with nothing to watch: its next deadline is this
            self._waits.add(wait)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="db-deadline", daemon=True)
                self._thread.start()
        return wait

    def unwatch(self, wait: _Wait) -> None:
        with self._changed:
            self._waits.discard(wait)

    def _run(self) -> None:
        with self._changed:
            while True:
                if not self._waits:
                    self._changed.wait()
                    continue
                now = time.monotonic()
                soonest = min(w.deadline for w in self._waits)
                if soonest > now:
                    self._changed.wait(soonest - now)
                    continue
                for wait in [w for w in self._waits if w.deadline <= now]:
                    self._waits.discard(wait)
                    wait.expired = True
                    _shut_down(wait.fd)


def _shut_down(fd: int) -> None:
    """Shut the socket down (both ways) so a call blocked on it returns: the peer's kernel may
    still take bytes, but nothing more is sent or read on it."""
    try:
        with socket.socket(fileno=os.dup(fd)) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except OSError as exc:
        logger.debug("shutting down an unanswered database connection: %s", exc)


_WATCHDOG = _Watchdog()


@functools.cache
def deadline_connection(
    connection_class: type[PGConnection[Any]], seconds: float
) -> type[PGConnection[Any]]:
    """psycopg's ``connection_class`` whose every wait for the server (a statement, a fetch, a
    COMMIT, the pool's ping) ends after ``seconds`` without an answer: the socket is shut down,
    the connection closed, and the call raises ``OperationalError`` saying so (what the call was
    waiting for is :func:`unanswered`). Connecting is bounded by ``connect_timeout`` instead."""
    import psycopg  # a PostgreSQL engine's: psycopg is there

    error = psycopg.OperationalError
    no_answer = f"no answer from the database server within {seconds:g}s: the connection was closed"

    class DeadlineConnection(connection_class):  # type: ignore[valid-type,misc]
        _committing = False

        def commit(self) -> None:
            self._committing = True
            try:
                super().commit()
            finally:
                self._committing = False

        def wait(self, gen: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                fd = self.pgconn.socket
            except error:  # lost already: the wait says so
                return super().wait(gen, *args, **kwargs)
            wait = _WATCHDOG.watch(fd, seconds)
            try:
                return super().wait(gen, *args, **kwargs)
            except error as exc:
                if wait.expired:
                    raise error(no_answer) from exc
                raise
            finally:
                _WATCHDOG.unwatch(wait)
                if wait.expired:
                    _CALL.unanswered = "commit" if self._committing else "statement"
                    self.close()  # never back in the pool

    return DeadlineConnection


# --- a child table's values as one column ---------------------------------------------------


def ordered_values(
    value: ColumnElement[Any], *, position: ColumnElement[Any], where: ColumnElement[bool]
) -> ScalarSelect[Any]:
    """The ``value`` of each row of a child table that ``where`` picks (correlated to the
    parent's row), in ``position`` order, as one column of the parent's select: a list when
    read, empty when there is none. A page of parents and their children in one statement, with
    no ``IN`` list of their ids (which cannot be prepared once) and no second round trip."""
    return select(_JsonPairs(position, value)).where(where).scalar_subquery()


class _PositionedValues(TypeDecorator[list[Any]]):
    """Reads ``[[position, value], ...]`` (or NULL: PostgreSQL's aggregate of no row) as the
    values in position order."""

    impl = JSON
    cache_ok = True

    def process_result_value(self, value: Any, dialect: Dialect) -> list[Any]:
        return _in_position_order(value) if value else []

    def result_processor(self, dialect: Dialect, coltype: Any) -> Any:
        if dialect.name != "sqlite":  # the driver decodes JSON itself
            return super().result_processor(dialect, coltype)
        return read_sqlite_ordered_values


def read_sqlite_ordered_values(value: str | None) -> list[Any]:
    """An :func:`ordered_values` column as SQLite's driver gives it (the text of its JSON array
    of pairs, or NULL), read: the values in position order. Pydantic's decoder: a third of
    json's time."""
    return _in_position_order(from_json(value)) if value else []


def _in_position_order(pairs: list[Any]) -> list[Any]:
    """The values of ``[position, value]`` pairs, in position order (one pair, the most common
    case beside none, without sorting it)."""
    if len(pairs) == 1:
        return [pairs[0][1]]
    return [v for _, v in sorted(pairs)]


class _JsonPairs(FunctionElement[Any]):
    """The JSON array of ``[position, value]`` pairs of the rows aggregated (no order: SQLite
    before 3.44 has no ORDER BY in an aggregate, so the pairs are sorted once read)."""

    inherit_cache = True
    name = "json_pairs"
    type = _PositionedValues()


@compiles(_JsonPairs, "sqlite")
def _json_pairs_sqlite(element: _JsonPairs, compiler: SQLCompiler, **kw: Any) -> str:
    return f"json_group_array(json_array({compiler.process(element.clauses, **kw)}))"


@compiles(_JsonPairs, "postgresql")
def _json_pairs_postgresql(element: _JsonPairs, compiler: SQLCompiler, **kw: Any) -> str:
    return f"json_agg(json_build_array({compiler.process(element.clauses, **kw)}))"
