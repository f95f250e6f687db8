"""Listings people can read: the records a tool returned, a line each, fitted to the terminal.

As `gh` and `kubectl get` show lists: a header, then one line per record with the columns that
matter for that kind of record (its title or name, then due, priority, status, branch, project
or role when the records have them), moments as "tomorrow 15:00", ids only when asked (`-v`,
or "with ids" in the request), the title cut with "…" so that every row fits the width. Which
listings to show is decided once the request is answered (`shown_listings`): a listing made to
look something up before a change is not shown; one whose answer names only some of its records
(the candidates of an ambiguous "delete the buy eggs todo") shows those only.

Plain text with no dependency, so the one-shot uses it without loading the interactive UI.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from orchestrator._records import metadata_branch, names

if TYPE_CHECKING:
    from orchestrator.result import ToolCall

__all__ = [
    "MAX_ROWS",
    "Listing",
    "asks_for_ids",
    "compact_moment",
    "for_terminal",
    "listed_names",
    "listing_lines",
    "listings_of",
    "render",
    "shown_listings",
    "without_listed",
]

MAX_ROWS = 50
GAP = "  "
_TITLE_KEYS = ("title", "name", "headline", "subject", "summary")
_COLUMNS = ("due", "deadline", "priority", "status", "state", "branch", "project", "role")
_MAX_COLUMN = 20
_MIN_TITLE = 12
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_WITH_IDS = re.compile(r"\bwith (?:their |the )?ids?\b", re.IGNORECASE)


@dataclass(frozen=True)
class Listing:
    """One list of records from one call: `key` is the field that held it (`todos`)."""

    tool: str
    key: str
    rows: tuple[dict[str, Any], ...]

    def names(self) -> set[str]:
        """The records' ids and titles (what an answer names them by)."""
        found: set[str] = set()
        for row in self.rows:
            for value in (_title(row), _ident(row)):
                if value and len(value) > 1:
                    found.add(value)
        return found

    def named_in(self, text: str) -> Listing:
        """The records `text` names (by id, else by a quoted or plain title)."""
        rows = tuple(
            row
            for row in self.rows
            if any(name and name in text for name in (_ident(row), _title(row)))
        )
        return Listing(self.tool, self.key, rows)


def asks_for_ids(request: str) -> bool:
    """Whether a request asks to see ids ("list my todos with ids")."""
    return bool(_WITH_IDS.search(request))


def listings_of(call: ToolCall) -> list[Listing]:
    """The lists of records (dicts) in one successful call's result."""
    if call.status != "ok" or not isinstance(call.result, dict):
        return []
    return [
        Listing(call.tool, key, tuple(rows))
        for key, rows in call.result.items()
        if isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows)
    ]


def shown_listings(calls: Sequence[ToolCall], answer: str) -> list[Listing]:
    """The listings worth showing for a request answered with `calls` and `answer`: a listing
    followed by another call was a look-up (not shown); one whose answer names some but not all
    of its records shows those (the candidates the answer asks the user to choose from)."""
    shown: list[Listing] = []
    for i, call in enumerate(calls):
        if any(c.tool != call.tool for c in calls[i + 1 :]):
            continue  # looked up before a change (a delete, an update by name)
        for listing in listings_of(call):
            named = listing.named_in(answer)
            if 0 < len(named.rows) < len(listing.rows) and not _bullets_name(answer, listing):
                listing = named
            shown.append(listing)
    return shown


def _bullets_name(answer: str, listing: Listing) -> bool:
    keys = listing.names()
    return any(_BULLET.match(line) and any(k in line for k in keys) for line in answer.split("\n"))


def render(
    listing: Listing, width: int, *, ids: bool = False, now: datetime | None = None
) -> list[str]:
    """The listing as lines of at most `width` characters: a header, then a line per record."""
    rows = listing.rows[:MAX_ROWS]
    title_key = next((k for k in _TITLE_KEYS if any(k in r for r in rows)), None)
    columns = _columns(rows, title_key)
    cells = [[_cell(row, column, now) for column in columns] for row in rows]
    filled = [i for i in range(len(columns)) if any(c[i] for c in cells)]  # empty ones go
    columns = [columns[i] for i in filled]
    cells = [[c[i] for i in filled] for c in cells]
    heads = [_header(column) for column in columns]
    widths = [
        min(_MAX_COLUMN, max([len(h), *(len(c[i]) for c in cells)])) for i, h in enumerate(heads)
    ]
    titles = [str(row.get(title_key) or "") if title_key else "" for row in rows]
    id_values = [_ident(row) or "" for row in rows] if ids else []
    id_width = max([2, *(len(v) for v in id_values)]) if ids else 0
    fixed = sum(widths) + len(GAP) * len(widths) + (id_width + len(GAP) if ids else 0)
    natural = max([len(title_key or ""), *(len(t) for t in titles)]) if title_key else 0
    title_width = max(_MIN_TITLE, min(natural, width - fixed)) if title_key else 0

    def line(first: str, ident: str, parts: list[str]) -> str:
        out = [_fit(ident, id_width)] if ids else []
        if title_key:
            out.append(_fit(first, title_width))
        out += [_fit(p, w) for p, w in zip(parts, widths, strict=True)]
        return GAP.join(out).rstrip()[:width]

    lines = [line((title_key or "").upper(), "ID", heads)]
    lines += [line(titles[i], id_values[i] if ids else "", cells[i]) for i in range(len(rows))]
    if len(listing.rows) > MAX_ROWS:
        lines.append(f"… {len(listing.rows) - MAX_ROWS} more not shown")
    return lines


def _columns(rows: Sequence[dict[str, Any]], title_key: str | None) -> list[str]:
    present = [k for k in rows[0] if k != title_key] if rows else []
    for row in rows[1:]:
        present += [k for k in row if k not in present and k != title_key]
    chosen = [k for want in _COLUMNS for k in present if names(k, want)]
    kept = [found[0] for r in rows if (found := metadata_branch(r))]
    if kept:  # a branch kept in the records' metadata ("git_branch", a workspace's field)
        chosen.append(f"metadata.{kept[0]}")
    if not chosen:  # a kind of record we know nothing of: its first plain fields
        chosen = [k for k in present if _plain(k, rows)][:3]
    return list(dict.fromkeys(chosen))[:5]


def _plain(key: str, rows: Sequence[dict[str, Any]]) -> bool:
    low = key.lower()
    if low.endswith(("id", "_at", "uid")) or low in ("description", "metadata", "notes"):
        return False
    return all(isinstance(r.get(key), str | int | float | bool | None) for r in rows)


def _header(column: str) -> str:
    name = column.rsplit(".", 1)[-1].lower()
    if name.startswith("due") or name.endswith("_due"):
        return "DUE"
    return name.replace("_", " ").upper()


def _cell(row: dict[str, Any], column: str, now: datetime | None) -> str:
    value: Any = row
    for part in column.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    text = str(value)
    return compact_moment(text, now) if _ISO.match(text) else text


_ISO = re.compile(
    r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$"
)


def compact_moment(value: str, now: datetime | None = None) -> str:
    """'2026-11-25T15:00:00' -> 'tomorrow 15:00' (today, yesterday; a weekday within the week
    ahead; else '4 Dec', with the year when it is not this one). Local time; a local midnight is
    the day alone ('Fri'), the way a due day without an hour is stored."""
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    now = now or datetime.now().astimezone()
    if moment.tzinfo is not None:
        moment = moment.astimezone(now.tzinfo)
    days = (moment.date() - now.date()).days
    if days in (-1, 0, 1):
        day = ("yesterday", "today", "tomorrow")[days + 1]
    elif 1 < days < 7:
        day = f"{moment:%a}"
    else:
        day = f"{moment.day} {moment:%b}" + (f" {moment.year}" if moment.year != now.year else "")
    has_time = "T" in value or " " in value.strip()
    midnight = (moment.hour, moment.minute, moment.second, moment.microsecond) == (0, 0, 0, 0)
    return f"{day} {moment:%H:%M}" if has_time and not midnight else day


def _fit(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text.ljust(width) if len(text) <= width else text[: max(width - 1, 0)] + "…"


def _title(row: dict[str, Any]) -> str | None:
    for key in _TITLE_KEYS:
        if isinstance(row.get(key), str):
            return str(row[key])
    return None


def _ident(row: dict[str, Any]) -> str | None:
    for key, value in row.items():
        if (key.lower() == "id" or key.lower().endswith(("_id", "uid"))) and isinstance(
            value, str | int
        ):
            return str(value)
    return None


def without_listed(text: str, keys: set[str], *, partial: bool = False) -> str:
    """`text` less its bullet lines that name a record already shown in a listing (and the line
    that introduced them, "2 todos:", when none of them is left). With `partial` (a stream
    still growing), an unfinished last bullet line is held back too."""
    if not keys:
        return text
    lines = text.split("\n")
    last = len(lines) - 1
    kept: list[str] = []
    dropped = False
    for i, line in enumerate(lines):
        if _BULLET.match(line) and (any(k in line for k in keys) or (partial and i == last)):
            dropped = True
            if kept and _introduces(lines, i, keys):
                kept.pop()
            continue
        kept.append(line)
    return "\n".join(kept).strip("\n") if dropped else text


def _introduces(lines: list[str], index: int, keys: set[str]) -> bool:
    """Whether the bullet at `index` is the first under a "…:" line whose bullets all go."""
    if index == 0 or not lines[index - 1].rstrip().endswith(":"):
        return False
    for line in lines[index:]:
        if not _BULLET.match(line):
            break
        if not any(k in line for k in keys):
            return False
    return True


def listing_lines(calls: Sequence[ToolCall], answer: str, width: int, *, ids: bool) -> list[str]:
    """The listings of a request answered with `calls` and `answer`, rendered, one after the
    other (a blank line between)."""
    lines: list[str] = []
    for listing in shown_listings(calls, answer):
        lines += ([""] if lines else []) + render(listing, width, ids=ids)
    return lines


def listed_names(calls: Sequence[ToolCall], answer: str) -> set[str]:
    """The ids and titles of the records the request's listings show."""
    return {name for listing in shown_listings(calls, answer) for name in listing.names()}


def for_terminal(calls: Sequence[ToolCall], answer: str, width: int, *, ids: bool) -> str:
    """A one-shot's answer on a terminal: its listings as lines, then the answer less the bullet
    lines naming the records shown."""
    keys = listed_names(calls, answer)
    lines = listing_lines(calls, answer, width, ids=ids)
    rest = without_listed(answer, keys) if lines else answer
    return "\n".join([*lines, *([rest] if rest else [])])
