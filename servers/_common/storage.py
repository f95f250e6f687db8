"""A SQL-backed server's lifespan, opened without SQLAlchemy on the event loop.

The server answers the MCP handshake before its SQL layer is loaded: ``storage`` (run in a
worker thread) imports the server's SQL repository (and ``servers._common.sql`` with it) and says
how to make the server's state of the open database; the database is then open for as long as
the server serves (``servers._common.sql.database_lifespan``)::

    def _storage():
        from servers.todo.sql_repository import TABLES, SqlTodoRepository
        return TABLES, lambda db: TodoService(SqlTodoRepository(db))

    lifespan = lambda: sql_lifespan(url, _storage)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import anyio.to_thread

__all__ = ["Storage", "sql_lifespan"]

T = TypeVar("T")
Storage = Callable[[], tuple[Sequence[Any], Callable[[Any], T]]]
"""Imports a server's SQL layer: its tables, and how to make its state of an open database."""


@asynccontextmanager
async def sql_lifespan(url: str, storage: Storage[T]) -> AsyncIterator[T]:
    """A SQL-backed server's lifespan: ``storage`` loads the SQL layer in a worker thread, then
    the database at ``url`` is open (``servers._common.sql.database_lifespan``) for as long as
    the server serves, and what ``storage`` makes of it is the server's state."""
    sql, (tables, make) = await anyio.to_thread.run_sync(_load, storage)
    async with sql.database_lifespan(url, tables=tables) as db:
        yield make(db)


def _load(storage: Storage[T]) -> tuple[Any, tuple[Sequence[Any], Callable[[Any], T]]]:
    import servers._common.sql as sql

    return sql, storage()
