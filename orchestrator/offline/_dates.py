"""Dates, times, ranges and durations in a request, in the local time zone (`TZ` respected).

They are read from the normalized text (`_tokens.Text.norm`: lower case, typos corrected):
`find_when` gives the date and/or time named ("tomorrow at 3pm", "next Friday", "in 2 hours",
"2025-12-25", "this week", "from 2026-11-02 to 2026-11-08"), and `find_duration` a length
("for 45 minutes", "1h30", "half an hour"); each with the spans of `norm` it used. A weekday
means the next one to come (`last monday` the last one past), a time alone the next time that
clock reads, a week Monday to Sunday.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Literal

__all__ = [
    "DEFAULT_TIME",
    "When",
    "find_duration",
    "find_when",
    "humanize",
    "local_now",
    "since_until",
]

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
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "ninety": 90,
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
_MON = "|".join(MONTHS) + "|" + "|".join(m[:3] for m in MONTHS if m != "may")
_NUM = r"\d+|" + "|".join(_NUMBERS)
_LEAD = r"(?:(?:due|by|on|at|for|before|starting)\s+)*"
_DAY = re.compile(
    rf"\b{_LEAD}(?P<day>day after tomorrow|today|tonight|tomorrow|tmrw|tmr|yesterday"
    rf"|(?P<mod>next|this|coming|last|on)?\s*(?P<wd>{_WD})\b"
    rf"|in\s+(?P<n>{_NUM})\s+(?P<unit>days?|weeks?)"
    rf"|(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})(?:[t ](?P<isot>\d{{2}}:\d{{2}}))?"
    rf"|(?P<mon>{_MON})\s+(?P<mday>\d{{1,2}})(?:st|nd|rd|th)?"
    rf"|(?:the\s+)?(?P<mday2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{_MON}))\b"
)
_CLOCK = re.compile(
    r"\b(?:at\s+|by\s+)?(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.)"
    r"|\b(?:at\s+|by\s+)?(?P<h24>\d{1,2}):(?P<m24>\d{2})\b"
    r"|\bat\s+(?P<bare>\d{1,2})\b(?!\s*(?:minutes?|mins?|hours?|days?|%|/|\.\d))"
    r"|\b(?:at\s+|in\s+the\s+|this\s+)?(?P<part>morning|noon|midday|afternoon|evening|night"
    r"|midnight)\b"
)
_RELATIVE = re.compile(rf"\bin\s+(?P<n>{_NUM})\s+(?P<unit>minutes?|mins?|hours?|hrs?)\b")
_WEEK = re.compile(r"\b(?:for\s+|in\s+|during\s+)?(?P<which>this|next|last)\s+week\b")
_RANGE = re.compile(r"\b(?:from|between)\s+(?P<a>.+?)\s+(?:to|and|until|till)\s+(?P<b>.+)")
_DURATION = re.compile(
    rf"(?<!\bin )\b(?:for\s+)?(?:(?P<n>{_NUM}|\d+\.\d+)(?:\s+and\s+a\s+(?P<half>half))?[\s-]*"
    r"(?P<unit>minutes?|mins?|m|hours?|hrs?|h)\b"
    r"|(?P<compact>\d+)h(?P<cm>\d+)?m?"
    r"|(?P<halfhour>half\s+an\s+hour)"
    r"|(?P<anhour>an\s+hour))"
)


@dataclass(frozen=True)
class When:
    """A date and/or time named in a request. `end` is set for a week or a range."""

    kind: Literal["moment", "day", "week", "range"]
    start: datetime
    spans: tuple[tuple[int, int], ...]
    has_date: bool = True
    has_time: bool = False
    label: str | None = None  # "today", "tomorrow", "this_week", "next_week", "last_week"
    end: datetime | None = None
    exact: bool = False  # "in 2 hours": a moment from now, not a clock time

    def iso(self) -> str:
        """The moment, ISO 8601 with the offset (a day alone at `DEFAULT_TIME`)."""
        moment = (
            self.start
            if self.has_time
            else datetime.combine(self.start.date(), DEFAULT_TIME, self.start.tzinfo)
        )
        return moment.isoformat(timespec="seconds")

    def day(self) -> date:
        return self.start.date()

    def onto(self, current: datetime) -> datetime:
        """This date or time laid over `current`: a day keeps its clock time, a time its day."""
        if self.exact or (self.has_date and self.has_time):
            return self.start
        current = current.astimezone(self.start.tzinfo)
        if self.has_time:
            return datetime.combine(current.date(), self.start.timetz())
        return datetime.combine(self.start.date(), current.timetz())


def local_now() -> datetime:
    return datetime.now().astimezone()


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _clock(m: re.Match[str]) -> time:
    if m.group("part"):
        return _PARTS[m.group("part")]
    if m.group("h24"):
        return time(int(m.group("h24")) % 24, int(m.group("m24")) % 60)
    if m.group("bare"):
        hour = int(m.group("bare"))
        return time(hour + 12 if 1 <= hour <= 6 else hour % 24)
    hour = int(m.group("h")) % 12
    if m.group("ampm").startswith("p"):
        hour += 12
    return time(hour, int(m.group("m") or 0) % 60)


def _day(m: re.Match[str], today: date) -> tuple[date, str | None] | None:
    word = m.group("day")
    if word in ("today", "tonight"):
        return today, "today"
    if word in ("tomorrow", "tmrw", "tmr"):
        return today + timedelta(days=1), "tomorrow"
    if word == "yesterday":
        return today - timedelta(days=1), "yesterday"
    if word.startswith("day after"):
        return today + timedelta(days=2), None
    if m.group("wd"):
        target = next(i for i, d in enumerate(WEEKDAYS) if d.startswith(m.group("wd")[:3]))
        mod = m.group("mod")
        if mod == "last":
            return today - timedelta(days=(today.weekday() - target - 1) % 7 + 1), None
        if mod == "this":
            return today + timedelta(days=(target - today.weekday()) % 7), None
        return today + timedelta(days=(target - today.weekday() - 1) % 7 + 1), None
    if m.group("n"):
        unit = 7 if m.group("unit").startswith("week") else 1
        return today + timedelta(days=_count(m.group("n")) * unit), None
    if m.group("iso"):
        try:
            return date.fromisoformat(m.group("iso")), None
        except ValueError:
            return None
    mon = m.group("mon") or m.group("mon2")
    mday = int(m.group("mday") or m.group("mday2"))
    month = next(i for i, name in enumerate(MONTHS, 1) if name.startswith(mon[:3]))
    try:
        found = date(today.year, month, mday)
    except ValueError:
        return None
    return (found if found >= today else found.replace(year=today.year + 1)), None


def _point(text: str, now: datetime, offset: int = 0) -> When | None:
    """The first date and/or time in `text` (spans shifted by `offset`)."""
    tz = now.tzinfo
    rel = _RELATIVE.search(text)
    if rel:
        n, unit = _count(rel.group("n")), rel.group("unit")
        delta = timedelta(minutes=n) if unit.startswith("m") else timedelta(hours=n)
        span = (rel.start() + offset, rel.end() + offset)
        return When("moment", now + delta, (span,), True, True, exact=True)
    day_m = _DAY.search(text)
    clock_m = _CLOCK.search(text)
    if day_m and clock_m and clock_m.start() < day_m.end() and day_m.start() < clock_m.end():
        clock_m = _CLOCK.search(text, day_m.end())
    if day_m is None and clock_m is None:
        return None
    spans: list[tuple[int, int]] = []
    day, label = now.date(), None
    clock: time | None = None
    if day_m is not None:
        found = _day(day_m, now.date())
        if found is None:
            return None
        day, label = found
        spans.append((day_m.start() + offset, day_m.end() + offset))
        if day_m.group("isot"):
            hh, mm = day_m.group("isot").split(":")
            clock = time(int(hh), int(mm))
        elif day_m.group("day") == "tonight":
            clock = _PARTS["tonight"]
    if clock_m is not None:
        spans.append((clock_m.start() + offset, clock_m.end() + offset))
        clock = _clock(clock_m)
    if clock is None:
        return When("day", datetime.combine(day, time(0), tz), tuple(spans), True, False, label)
    start = datetime.combine(day, clock, tz)
    if day_m is None and start < now:  # "at 3pm" when 3pm has passed: tomorrow
        start += timedelta(days=1)
    return When("moment", start, tuple(spans), day_m is not None, True, label)


def find_when(text: str, now: datetime | None = None) -> When | None:
    """The date, time, week or range `text` names (see the module docstring), or None."""
    now = now or local_now()
    week = _WEEK.search(text)
    if week:
        monday = now.date() - timedelta(days=now.weekday())
        shift = {"this": 0, "next": 7, "last": -7}[week.group("which")]
        start = datetime.combine(monday + timedelta(days=shift), time(0), now.tzinfo)
        return When(
            "week",
            start,
            (week.span(),),
            label=f"{week.group('which')}_week",
            end=start + timedelta(days=6),
        )
    ranged = _RANGE.search(text)
    if ranged:
        a = _point(ranged.group("a"), now, ranged.start("a"))
        b = _point(ranged.group("b"), now, ranged.start("b"))
        if a and b and a.has_date and b.has_date:
            spans = ((ranged.start(), a.spans[-1][1]), (a.spans[-1][1], b.spans[-1][1]))
            return When("range", a.start, spans, has_time=a.has_time, end=b.start)
    return _point(text, now)


def since_until(when: When) -> tuple[date, date]:
    """The first and last day a date, week or range covers."""
    first = when.start.date()
    last = when.end.date() if when.end is not None else first
    return first, last


def find_duration(text: str) -> tuple[int, tuple[int, int]] | None:
    """The length named in `text`, in minutes, and its span: "for 45 minutes", "1h30"."""
    m = _DURATION.search(text)
    if m is None:
        return None
    if m.group("compact"):
        minutes = int(m.group("compact")) * 60 + int(m.group("cm") or 0)
    elif m.group("halfhour"):
        minutes = 30
    elif m.group("anhour"):
        minutes = 60
    else:
        raw = m.group("n")
        amount = float(raw) if "." in raw else float(_count(raw))
        if m.group("half"):
            amount += 0.5
        unit = m.group("unit")
        minutes = round(amount * (1 if unit.startswith("m") else 60))
    return minutes, m.span()


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
