"""What the command line shows on stderr while servers start (a spinner on a terminal, and what
it says) and while a tool call runs (the server's progress, one line that updates). A leaf: the
front doors (`cli`, `commands`, `repl`) import it, and it imports none of them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orchestrator.config import Settings
    from orchestrator.handlers import Progress

__all__ = ["ProgressLine", "progress", "starting_message"]


class _ClearFirst(logging.Filter):
    """Clears the spinner's line before a log record is written on the same terminal, so a
    warning ("server 'x' is down") starts a line of its own; the next frame draws below it."""

    def __init__(self, clear: str) -> None:
        super().__init__()
        self.clear = clear

    def filter(self, record: logging.LogRecord) -> bool:
        sys.stderr.write(self.clear)
        sys.stderr.flush()
        return True


@contextlib.asynccontextmanager
async def progress(message: str) -> AsyncIterator[None]:
    """A spinner on stderr while servers start, only on a terminal."""
    if not sys.stderr.isatty():
        yield
        return
    frames = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
    clear = "\r" + " " * (len(message) + 2) + "\r"
    handlers = logging.getLogger().handlers[:]
    first = _ClearFirst(clear)

    async def spin() -> None:
        i = 0
        while True:
            sys.stderr.write(f"\r{frames[i % len(frames)]} {message}")
            sys.stderr.flush()
            i += 1
            await asyncio.sleep(0.1)

    for handler in handlers:
        handler.addFilter(first)
    task = asyncio.create_task(spin())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        for handler in handlers:
            handler.removeFilter(first)
        sys.stderr.write(clear)
        sys.stderr.flush()


def starting_message(settings: Settings) -> str:
    """What the spinner says while the servers start."""
    count = len(settings.servers)
    return f"starting {count} server{'s' if count != 1 else ''}…"


class ProgressLine:
    """A server's progress on a call, as one line on stderr that each report rewrites; `clear`
    takes it away before the answer. Only on a terminal (`on_terminal`)."""

    def __init__(self) -> None:
        self.shown = False

    @classmethod
    def on_terminal(cls) -> ProgressLine | None:
        return cls() if sys.stderr.isatty() else None

    def show(self, report: Progress) -> None:
        sys.stderr.write("\r\x1b[K" + report.describe()[:200])
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False
