"""Progress from a tool's handler to the client that asked for it (``notifications/progress``).

The call path (:func:`servers._common.app.build_server`) opens :func:`reporting` around each
tool call; a handler anywhere below it calls :func:`report_progress` (``async``) at each step.
When the caller sent no ``progressToken`` it costs nothing and sends nothing; a failure to send
(the client has gone) never fails the work. Progress values only grow, as the spec asks.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

__all__ = ["report_progress", "reporting"]

logger = logging.getLogger(__name__)


class _Reporter:
    def __init__(self, session: Any) -> None:
        self.session = session
        self.last = float("-inf")

    async def send(self, progress: float, total: float | None, message: str | None) -> None:
        if progress < self.last:
            return  # progress must increase with each notification
        self.last = progress
        try:
            await self.session.report_progress(progress, total, message)
        except Exception:  # the client went away: the work goes on
            logger.debug("progress not sent", exc_info=True)


_current: ContextVar[_Reporter | None] = ContextVar("servers_progress", default=None)


@contextmanager
def reporting(session: Any) -> Iterator[None]:
    """Send what :func:`report_progress` reports, within this block, to ``session``'s request."""
    token = _current.set(_Reporter(session))
    try:
        yield
    finally:
        _current.reset(token)


async def report_progress(
    progress: float, total: float | None = None, message: str | None = None
) -> None:
    """Tell the caller how far the current tool call has gone (nothing outside a call)."""
    reporter = _current.get()
    if reporter is not None:
        await reporter.send(progress, total, message)
