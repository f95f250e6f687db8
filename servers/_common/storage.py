"""A SQL-backed server's lifespan, opened without SQLAlchemy on the event loop.

The server answers the MCP handshake before its SQL layer is loaded: ``storage`` (run in a
worker thread) imports the server's SQL repository (and ``servers._common.sql`` with it) and says
how to make the server's state of the open database; the database is then open for as long as
the server serves (``servers._common.sql.database_lifespan``)::

    def _storage():
        from servers.todo.sql_repository import TABLES, SqlTodoRepository
        return TABLES, lambda db: TodoService(SqlTodoRepository(db))

    build_server("todo", TOOLS, envelope, lifespan=sql_lifespan(url, _storage, background=True))

``background`` (stdio) opens it while the server already answers the handshake
(``servers._common.app.in_background``).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import anyio.to_thread

from servers._common.app import Lifespan, in_background

__all__ = ["Storage", "sql_lifespan"]

T = TypeVar("T")
Storage = Callable[[], tuple[Sequence[Any], Callable[[Any], T]]]
"""Imports a server's SQL layer: its tables, and how to make its state of an open database."""


def sql_lifespan(url: str, storage: Storage[T], *, background: bool = False) -> Lifespan[T]:
    """A SQL-backed server's lifespan: ``storage`` loads the SQL layer in a worker thread, then
    the database at ``url`` is open (``servers._common.sql.database_lifespan``) for as long as
    the server serves, and what ``storage`` makes of it is the server's state."""
    lifespan: Lifespan[T] = functools.partial(_opened, url, storage)
    return in_background(lifespan) if background else lifespan


@asynccontextmanager
async def _opened(url: str, storage: Storage[T]) -> AsyncIterator[T]:
    sql, (tables, make) = await anyio.to_thread.run_sync(_load, storage)
    async with sql.database_lifespan(url, tables=tables) as db:
        yield make(db)


def _load(storage: Storage[T]) -> tuple[Any, tuple[Sequence[Any], Callable[[Any], T]]]:
    import servers._common.sql as sql

    return sql, storage()
