"""The HTTP side of the runner: uvicorn, with shutdown that lets the server's lifespan close."""

from __future__ import annotations

import signal
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import uvicorn

__all__ = ["UvicornServer"]

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class UvicornServer(uvicorn.Server):
    """uvicorn's server, minus re-raising the stop signal once it has shut down.

    uvicorn re-raises SIGINT/SIGTERM after a graceful shutdown, which would kill the process
    before the runner closes the server's lifespan (a database pool, child processes). Here the
    signal only stops serving; the runner then closes the lifespan and exits 0.

    ``on_listening(port)`` is called once the socket is bound (``--port 0`` picks a free port, and
    this is where the caller learns which).
    """

    def __init__(self, config: uvicorn.Config, *, on_listening: Callable[[int], None]) -> None:
        super().__init__(config)
        self._on_listening = on_listening

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.servers and (bound := self.servers[0].sockets):
            self._on_listening(bound[0].getsockname()[1])

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        originals = {sig: signal.signal(sig, self.handle_exit) for sig in _SIGNALS}
        try:
            yield
        finally:
            for sig, handler in originals.items():
                signal.signal(sig, handler)
