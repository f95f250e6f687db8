"""How the chat REPL shows what happens: listings as tables (once), answers as markdown, streamed.

A tool result holding a list of records (todos, tasks, notes) is shown as a table when the call
returns; the answer's bullet lines that name one of those records (its id or title) are then left
out, so a listing is shown once. A streamed answer is drawn as it grows (`StreamView`, a rich
`Live` of its markdown) and stays on screen when it is done.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.live import Live
from rich.markdown import Markdown
from rich.table import Table

from orchestrator.result import ToolCall

__all__ = ["MAX_CELL", "MAX_TABLE_ROWS", "StreamView", "call_tables", "short", "without_listed"]

MAX_TABLE_ROWS = 50
MAX_CELL = 48
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_KEY_COLUMNS = ("id", "title", "name", "headline", "ref")


def short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= MAX_CELL else text[: MAX_CELL - 1] + "…"


def call_tables(call: ToolCall) -> tuple[list[Table], set[str]]:
    """The tables for the lists of records one call returned, and the records' ids and titles."""
    tables: list[Table] = []
    keys: set[str] = set()
    if call.status != "ok" or not isinstance(call.result, dict):
        return tables, keys
    for key, rows in call.result.items():
        if not (isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows)):
            continue
        columns = [c for c in rows[0] if not isinstance(rows[0][c], dict)]
        table = Table(title=f"{call.tool}: {key}", title_justify="left", show_lines=False)
        for column in columns:
            table.add_column(column, overflow="fold")
        for row in rows[:MAX_TABLE_ROWS]:
            table.add_row(*("" if row.get(c) is None else short(row.get(c)) for c in columns))
            keys.update(
                str(row[c])
                for c in columns
                if any(k in c.lower() for k in _KEY_COLUMNS)
                and isinstance(row.get(c), str | int)
                and len(str(row[c])) > 1
            )
        if len(rows) > MAX_TABLE_ROWS:
            table.caption = f"{len(rows) - MAX_TABLE_ROWS} more not shown"
        tables.append(table)
    return tables, keys


def without_listed(text: str, keys: set[str], *, partial: bool = False) -> str:
    """`text` less its bullet lines that name a record already shown in a table. With
    `partial` (a stream still growing), an unfinished last bullet line is held back too."""
    if not keys:
        return text
    lines = text.split("\n")
    last = len(lines) - 1
    kept = []
    for i, line in enumerate(lines):
        if _BULLET.match(line) and (any(k in line for k in keys) or (partial and i == last)):
            continue
        kept.append(line)
    return "\n".join(kept).strip("\n") if len(kept) != len(lines) else text


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
