"""What the fleet server's parts beside its tools share once its backend is open.

The MCP resource handlers and the dashboard's routes are made with the server, before its
lifespan opens the backend; the lifespan fills a :class:`FleetRuntime` (the service, the event
hub) and empties it on the way out. Over stdio the backend opens in the background: a resource
request made meanwhile waits for it (`wait_opened`, bounded), as a tool call does, and is told the
reason if it could not open.
"""

from __future__ import annotations

from dataclasses import dataclass

import anyio

from servers.fleet._events import FleetHub
from servers.fleet.errors import ServiceUnavailableError
from servers.fleet.service import FleetService

__all__ = ["OPENING_SECONDS", "FleetRuntime", "Opened"]

OPENING_SECONDS = 30.0  # how long a request waits for the backend to open


@dataclass(frozen=True)
class Opened:
    service: FleetService
    hub: FleetHub


class FleetRuntime:
    def __init__(self) -> None:
        self._opened: Opened | None = None
        self._error: str | None = None
        self._settled: anyio.Event | None = None  # made in the server's event loop, once needed

    def _event(self) -> anyio.Event:
        if self._settled is None:
            self._settled = anyio.Event()
        return self._settled

    def open(self, service: FleetService, hub: FleetHub) -> None:
        self._opened = Opened(service, hub)
        self._event().set()

    def failed(self, reason: str) -> None:
        """The backend could not open: every request waiting, and every later one, is told."""
        self._error = reason
        self._event().set()

    def close(self) -> None:
        self._opened = None

    async def wait_opened(self, seconds: float = OPENING_SECONDS) -> Opened:
        """The open fleet, once its backend has opened (waiting up to `seconds`)."""
        if self._opened is None and self._error is None:
            with anyio.move_on_after(seconds):
                await self._event().wait()
        return self.opened

    @property
    def opened(self) -> Opened:
        """The open fleet; SERVICE_UNAVAILABLE while it is still starting (or has stopped)."""
        if self._error is not None:
            raise ServiceUnavailableError(f"The fleet could not open its storage: {self._error}")
        if self._opened is None:
            raise ServiceUnavailableError("The fleet is starting (its storage is opening)")
        return self._opened
