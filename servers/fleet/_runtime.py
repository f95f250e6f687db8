"""What the fleet server's parts beside its tools share once its backend is open.

The MCP resource handlers and the dashboard's routes are made with the server, before its
lifespan opens the backend; the lifespan fills a :class:`FleetRuntime` (the service, the event
hub) and empties it on the way out. Until then (over stdio the backend opens in the background)
they answer that the fleet is still starting.
"""

from __future__ import annotations

from dataclasses import dataclass

from servers.fleet._events import FleetHub
from servers.fleet.errors import ServiceUnavailableError
from servers.fleet.service import FleetService

__all__ = ["FleetRuntime", "Opened"]


@dataclass(frozen=True)
class Opened:
    service: FleetService
    hub: FleetHub


class FleetRuntime:
    def __init__(self) -> None:
        self._opened: Opened | None = None

    def open(self, service: FleetService, hub: FleetHub) -> None:
        self._opened = Opened(service, hub)

    def close(self) -> None:
        self._opened = None

    @property
    def opened(self) -> Opened:
        """The open fleet; SERVICE_UNAVAILABLE while it is still starting (or has stopped)."""
        if self._opened is None:
            raise ServiceUnavailableError("The fleet is starting (its storage is opening)")
        return self._opened
