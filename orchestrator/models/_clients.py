"""The vendor SDK client a model's requests go through, and how long it lives.

By default each request opens its own client and closes it when the request ends, so no
connection pool outlives the event loop that made it (the REPL, `ask_sync` and the tests each
run their own). Making a client is not free: the SDKs build an SSL context for it (loading the
CA bundle, 30–80 ms), and its first request opens a new TCP (and TLS) connection to the
provider. So an owner that knows the model's lifetime (`Orchestrator`, for as long as it is
open: the warm daemon's requests, the REPL's turns) calls `keep()`: from then on the requests
made on that event loop share one client and its connection pool, until `aclose()`. A request
on another event loop still gets a client of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Generic, TypeVar

__all__ = ["Clients"]

C = TypeVar("C")


class Clients(Generic[C]):
    """Makes (`make`) and closes (`close`) one model's SDK clients; see the module's text."""

    def __init__(self, make: Callable[[], C], close: Callable[[C], Awaitable[None]]) -> None:
        self._make = make
        self._close = close
        self._kept = False
        self._client: C | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.made = 0  # clients made so far (what the tests count)

    def keep(self) -> None:
        """Share one client between the requests that follow, until `aclose()`."""
        self._kept = True

    @contextlib.asynccontextmanager
    async def use(self) -> AsyncIterator[C]:
        """The client for one request."""
        loop = asyncio.get_running_loop()
        if self._kept and self._loop in (None, loop):
            if self._client is None:
                self._client = self._new()
                self._loop = loop
            yield self._client
            return
        client = self._new()
        try:
            yield client
        finally:
            await self._close(client)

    async def aclose(self) -> None:
        """Close the kept client (its connections); later requests open their own again."""
        client, self._client, self._loop, self._kept = self._client, None, None, False
        if client is not None:
            await self._close(client)

    def _new(self) -> C:
        self.made += 1
        return self._make()
