"""Date and time phrases for the offline provider, in the local time zone (`TZ` respected).

`find_when(text, now)` returns the phrase found ("tomorrow at 3pm", "next Friday", "in 2 hours",
"this week", "2025-12-25") with its text span, or None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Literal

__all__ = ["When", "find_when", "humanize", "local_now"]

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twelve": 12,
    "thirty": 30,
}
_PARTS = {
    "morning": time(9),
    "noon": time(12),
    "midday": time(12),
    "afternoon": time(15),
    "evening": time(18),
    "tonight": time(20),
    "night": time(20),
    "midnight": time(0),
}
DEFAULT_TIME = time(9)

_WD = "|".join(WEEKDAYS) + "|" + "|".join(d[:3] for d in WEEKDAYS)
_MON = "|".join(MONTHS) + "|" + "|".join(m[:3] for m in MONTHS)
_TIME = (
    r"(?:at\s+)?(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)"
    r"|(?:at\s+)(?P<h24>\d{1,2}):(?P<m24>\d{2})"
    r"|(?:at\s+|in\s+the\s+|this\s+)?(?P<part>morning|noon|midday|afternoon|evening|tonight|night|midnight)"
)
_RELATIVE = re.compile(
    r"\bin\s+(?P<n>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty)\s+"
    r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?)\b"
)
_DAY = re.compile(
    r"\b(?P<day>day\s+after\s+tomorrow|today|tonight|tomorrow|tmrw|yesterday"
    rf"|(?:(?P<mod>next|this|on|coming)\s+)?(?P<wd>{_WD})\b"
    rf"|(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})(?:[t\s](?P<isot>\d{{2}}:\d{{2}}))?"
    rf"|(?:on\s+)?(?P<mon>{_MON})\s+(?P<mday>\d{{1,2}})(?:st|nd|rd|th)?"
    rf"|(?:on\s+)?(?P<mday2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{_MON}))\b"
)
_WEEK = re.compile(r"\b(?P<which>this|next)\s+week\b")
_CLOCK = re.compile(rf"\b(?:{_TIME})\b")


@dataclass(frozen=True)
class When:
    """A date/time phrase found in a request."""

    kind: Literal["moment", "day", "week"]
    start: datetime
    spans: tuple[tuple[int, int], ...]
    has_time: bool
    label: str | None = None  # "today", "this_week", ... when the phrase is one of those

    def iso(self) -> str:
        value = (
            self.start
            if self.has_time
            else datetime.combine(self.start.date(), DEFAULT_TIME, self.start.tzinfo)
        )
        return value.isoformat(timespec="seconds")

    def day(self) -> date:
        return self.start.date()


def local_now() -> datetime:
    return datetime.now().astimezone()


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _clock(match: re.Match[str]) -> time:
    if match.group("part"):
        return _PARTS[match.group("part")]
    if match.group("h24"):
        return time(int(match.group("h24")) % 24, int(match.group("m24")) % 60)
    hour = int(match.group("h")) % 12
    if match.group("ampm").startswith("p"):
        hour += 12
    return time(hour, int(match.group("m") or 0) % 60)


def find_when(text: str, now: datetime | None = None) -> When | None:
    """The first date/time phrase in `text` (lower-cased), or None."""
    now = now or local_now()
    tz = now.tzinfo
    lowered = text.lower()

    rel = _RELATIVE.search(lowered)
    if rel:
        n, unit = _count(rel.group("n")), rel.group("unit")
        delta = {
            "m": timedelta(minutes=n),
            "h": timedelta(hours=n),
            "d": timedelta(days=n),
            "w": timedelta(weeks=n),
        }[unit[0]]
        has_time = unit[0] in "mh"
        return When("moment" if has_time else "day", now + delta, (rel.span(),), has_time)

    week = _WEEK.search(lowered)
    if week:
        monday = now.date() - timedelta(days=now.weekday())
        if week.group("which") == "next":
            monday += timedelta(days=7)
        week_label = "this_week" if week.group("which") == "this" else "next_week"
        start = datetime.combine(monday, time(0), tz)
        return When("week", start, (week.span(),), False, week_label)

    day_match = _DAY.search(lowered)
    clock = _CLOCK.search(lowered)
    if day_match is None and clock is None:
        return None
    spans: list[tuple[int, int]] = []
    label: str | None = None
    day = now.date()
    if day_match is not None:
        spans.append(day_match.span())
        word = day_match.group("day")
        if word in ("today", "tonight"):
            label = "today"
        elif word in ("tomorrow", "tmrw"):
            day, label = day + timedelta(days=1), "tomorrow"
        elif word == "yesterday":
            day, label = day - timedelta(days=1), "yesterday"
        elif word.startswith("day after"):
            day = day + timedelta(days=2)
        elif day_match.group("wd"):
            target = next(
                i for i, d in enumerate(WEEKDAYS) if d.startswith(day_match.group("wd")[:3])
            )
            ahead = (target - day.weekday()) % 7
            if ahead == 0 and day_match.group("mod") in ("next", None, "on", "coming"):
                ahead = 7 if day_match.group("mod") == "next" else 0
            if day_match.group("mod") == "next" and ahead == 0:
                ahead = 7
            day = day + timedelta(days=ahead)
        elif day_match.group("iso"):
            day = date.fromisoformat(day_match.group("iso"))
            if day_match.group("isot"):
                hh, mm = day_match.group("isot").split(":")
                start = datetime.combine(day, time(int(hh), int(mm)), tz)
                return When("moment", start, tuple(spans), True)
        else:
            mon = day_match.group("mon") or day_match.group("mon2")
            mday = int(day_match.group("mday") or day_match.group("mday2"))
            month = next(i for i, m in enumerate(MONTHS, 1) if m.startswith(mon[:3]))
            try:
                day = date(now.year, month, mday)
            except ValueError:
                return None
            if day < now.date():
                day = date(now.year + 1, month, mday)
        if word == "tonight":
            clock_time: time | None = _PARTS["tonight"]
        else:
            clock_time = None
    else:
        clock_time = None
    if clock is not None and (day_match is None or not _overlaps(clock.span(), day_match.span())):
        spans.append(clock.span())
        clock_time = _clock(clock)
    if clock_time is None:
        return When("day", datetime.combine(day, time(0), tz), tuple(spans), False, label)
    start = datetime.combine(day, clock_time, tz)
    if day_match is None and start < now:  # "at 3pm" already passed today: tomorrow
        start += timedelta(days=1)
    return When("moment", start, tuple(spans), True, label)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def humanize(value: str, now: datetime | None = None) -> str:
    """'2025-12-22T15:00:00+01:00' -> 'tomorrow (Mon 22 Dec) at 15:00'."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return value
    now = now or local_now()
    if moment.tzinfo is not None:
        moment = moment.astimezone(now.tzinfo)
    delta = (moment.date() - now.date()).days
    rel = {0: "today ", 1: "tomorrow ", -1: "yesterday "}.get(delta, "")
    if rel:
        text = f"{rel}({moment:%a %d %b})"
    else:
        text = f"{moment:%a %d %b}" if moment.year == now.year else f"{moment:%a %d %b %Y}"
    if (moment.hour, moment.minute) != (0, 0) or "T" in value:
        text += f" at {moment:%H:%M}"
    return text
