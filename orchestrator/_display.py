"""How the chat REPL shows what happens: listings (once), answers as markdown, streamed.

A tool result holding a list of records (todos, tasks, notes) is shown as a listing that fits the
terminal (`orchestrator._listing`) before the answer; the answer's bullet lines that name one of
those records (its id or title) are then left out, so a listing is shown once. A streamed answer
is drawn as it grows (`StreamView`, a rich `Live` of its markdown) and stays on screen when it is
done.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.live import Live
from rich.markdown import Markdown

from orchestrator._listing import without_listed

__all__ = ["MAX_CELL", "StreamView", "short", "without_listed"]

MAX_CELL = 48


def short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= MAX_CELL else text[: MAX_CELL - 1] + "…"


@dataclass
class StreamView:
    """A streamed answer drawn as it grows; `pause()` before anything else is printed or asked
    (a tool call's line, a question), `close()` at the end."""

    console: Console
    keys: set[str] = field(default_factory=set)
    text: str = ""
    _live: Live | None = None
    _shown_from: int = 0  # where the text being drawn starts (earlier parts are printed)

    def add(self, piece: str) -> None:
        self.text += piece
        if self._live is None:
            self._live = Live(console=self.console, refresh_per_second=12, transient=False)
            self._live.start()
        self._live.update(self._markdown(partial=True))

    def _markdown(self, *, partial: bool) -> Markdown:
        return Markdown(without_listed(self.text[self._shown_from :], self.keys, partial=partial))

    def pause(self) -> None:
        """Leave what was drawn on screen; the next piece starts below it."""
        if self._live is not None:
            self._live.update(self._markdown(partial=False))
            self._live.stop()
            self._live = None
            self._shown_from = len(self.text)

    def close(self) -> None:
        self.pause()

    @property
    def started(self) -> bool:
        return bool(self.text)
