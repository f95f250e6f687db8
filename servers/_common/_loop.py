"""A plain ``def`` handler tried on the event loop before a worker thread.

Handing a call to a worker thread and back costs two thread switches and a wake-up of the loop:
about 0.3 ms of CPU, more than a todo's whole SQLite transaction. A tool whose handler blocks
only in storage that can tell, at once, whether it would wait (``servers._common.sql``'s
``Database`` on SQLite: a lock another connection holds, a busy file) is run on the loop first
(``ToolSpec(..., on_loop=True)``): the storage gives up (:meth:`Attempt.give_up`, raising
:class:`WouldBlock`) instead of waiting, before it writes anything, and the call runs again in a
worker thread, as any plain handler.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Attempt", "WouldBlock", "on_loop", "trying_on_loop"]


class WouldBlock(Exception):
    """Storage asked not to wait (on the event loop) would have: run the call in a thread."""


class Attempt:
    """A handler's run on the event loop: whether it has written yet."""

    def __init__(self) -> None:
        self.wrote = False

    def give_up(self) -> WouldBlock:
        """The signal to raise where the storage would wait. A handler that has written
        already cannot be run again: that is a bug in it (it writes once, last)."""
        if self.wrote:
            raise RuntimeError("a handler run on the event loop wrote, then would have waited")
        return WouldBlock()


_ATTEMPT: ContextVar[Attempt | None] = ContextVar("servers_on_loop", default=None)


def on_loop() -> Attempt | None:
    """The attempt when the code running now is a handler tried on the event loop (storage must
    give up rather than wait: a lock, a network round trip); None otherwise."""
    return _ATTEMPT.get()


@contextmanager
def trying_on_loop() -> Iterator[Attempt]:
    """Run the block as a handler tried on the event loop (see :func:`on_loop`)."""
    attempt = Attempt()
    token = _ATTEMPT.set(attempt)
    try:
        yield attempt
    finally:
        _ATTEMPT.reset(token)
