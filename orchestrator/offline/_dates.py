"""Dates, times, ranges and durations in a request, in the local time zone (`TZ` respected).

They are read from the normalized text (`_tokens.Text.norm`: lower case, typos corrected):
`find_when` gives the date and/or time named ("tomorrow at 3pm", "next Friday", "in 2 hours",
"2025-12-25", "3 days ago", "the 15th of next month", "this week", "last month", "2026-03",
"from 2026-11-02 to 2026-11-08", "this weekend": its Saturday, "end of month": its last day,
"by eod": today at the end of the working day), and `find_duration` a length ("for 45
minutes", "1h30", "half an hour"); each with the spans of `norm` it used. A weekday means the
next one to come (`last monday` the last one past), a time alone the next time that clock
reads, a week Monday to Sunday, a month its first to its last day. Every word comes from the
lexicon.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from typing import Literal

from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "DEFAULT_TIME",
    "When",
    "bare_slashed",
    "find_duration",
    "find_when",
    "humanize",
    "last_of",
    "local_now",
    "since_until",
]

DEFAULT_TIME = time(*LEX.default_time)
_PARTS = {word: time(*hm) for word, hm in LEX.day_parts.items()}


def _alt(words: tuple[str, ...] | frozenset[str] | list[str]) -> str:
    """A regex alternative of the words (phrases' spaces match any space), longest first."""
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s+") for w in sorted(set(words), key=lambda w: (-len(w), w))
    )


_WD = _alt([*LEX.weekdays, *(d[:3] for d in LEX.weekdays)])
_MON = _alt(
    [
        *LEX.months,
        *LEX.month_short_forms,  # "sept"
        *(m[:3] for m in LEX.months if m not in LEX.month_abbreviation_skip),
    ]
)
_NUM = r"\d+|" + _alt(list(LEX.number_words))
_ORD = rf"(?:{_alt(LEX.ordinal_suffixes)})"
_LEAD = rf"(?:(?:{_alt(LEX.date_leads)})\s+)*"
_FOLLOWERS = _alt(LEX.ordinal_date_followers)  # "the 15th at": a date; "the 2nd todo": not
_REPEATED = re.compile(  # "every monday", "each morning", "every other day": not one date
    rf"\b(?:{_alt(LEX.repeat_leads)})(?:\s+(?:{_alt(LEX.repeat_between)}))?\s*$"
)
_NEXT, _THIS, _LAST = _alt(LEX.next_words), _alt(LEX.this_words), _alt(LEX.last_words_date)
_DAYWORDS = _alt(
    [
        *LEX.day_after_tomorrow,
        *LEX.day_before_yesterday,
        *LEX.today,
        *LEX.tomorrow,
        *LEX.yesterday,
    ]
)
_IN, _AGO, _THE, _OF = LEX.in_word, LEX.ago_word, LEX.the_word, LEX.of_word
_YEAR = r"(?:\s*,?\s+(?P<year{n}>\d{{4}})(?![-/:.\d]))?"  # "4 July 2027", "May 8, 2026"
_DAY = re.compile(
    rf"\b{_LEAD}(?P<day>(?P<eod>{_alt(LEX.end_of_day)})"
    rf"|(?:(?P<wkmod>{_NEXT}|{_THIS})\s+)?(?:{_THE}\s+)?(?P<wkend>{LEX.weekend_word})"
    rf"|(?:{_alt(LEX.end_of)})\s+(?:{_THE}\s+)?(?:(?P<eommod>{_NEXT}|{_THIS})\s+)?"
    rf"(?P<eom>{LEX.month_word})"
    rf"|(?:{_alt(LEX.end_of)})\s+(?P<eomname>{_MON}){_YEAR.format(n=3)}"
    rf"|(?:{_alt(LEX.mid_of)})\s*(?P<midname>{_MON}){_YEAR.format(n=4)}"
    rf"|{_DAYWORDS}"
    rf"|(?P<mod>{_NEXT}|{_THIS}|{_LAST}|on)?\s*(?P<wd>{_WD})\b"
    rf"|{_IN}\s+(?P<n>{_NUM})\s+(?P<unit>{_alt(LEX.day_units + LEX.week_units)})"
    rf"|(?P<ago_n>{_NUM})\s+(?P<ago_unit>{_alt(LEX.day_units + LEX.week_units)})\s+{_AGO}"
    rf"|(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})(?:[t ](?P<isot>\d{{2}}:\d{{2}})(?::\d{{2}})?"
    rf"(?P<isoz>z|[+-]\d{{2}}:?\d{{2}})?)?"
    rf"|(?P<mon>{_MON})\s+(?P<mday>\d{{1,2}}){_ORD}?{_YEAR.format(n=1)}"
    rf"|(?:{_THE}\s+)?(?P<mday2>\d{{1,2}}){_ORD}?\s+(?:{_OF}\s+)?(?P<mon2>{_MON}){_YEAR.format(n=2)}"
    rf"|(?:{_THE}\s+)?(?P<mday3>\d{{1,2}}){_ORD}\s+(?:{_OF}\s+)?"
    rf"(?P<rel>{_NEXT}|{_THIS}|{_LAST})\s+{LEX.month_word}"
    rf"|{_THE}\s+(?P<mday4>\d{{1,2}}){_ORD}\b(?!\s+(?!(?:{_FOLLOWERS})\b)[a-z§])"
    rf"|(?:{_alt(LEX.date_leads)})\s+(?P<sa>\d{{1,2}})/(?P<sb>\d{{1,2}})"
    rf"(?:/(?P<sy>\d{{4}}|\d{{2}}))?(?![\d/]))\b"
)
_CLOCK = re.compile(
    rf"\b(?:(?:{_alt(LEX.clock_leads)})\s+)?(?<![\d.])(?P<h>\d{{1,2}})(?::(?P<m>\d{{2}}))?\s*"
    rf"(?P<ampm>{_alt(LEX.am_pm)})(?![a-z])"  # ("-79.39 America/Toronto": no 9 am)
    rf"|\b(?:(?:{_alt(LEX.clock_leads)})\s+)?(?P<h24>\d{{1,2}}):(?P<m24>\d{{2}})\b"
    rf"|\b{LEX.clock_leads[0]}\s+(?P<bare>[01]?\d|2[0-3])\b(?!\s*(?:"  # "at 55 kg": no hour
    rf"{_alt(LEX.minute_units + LEX.hour_units + LEX.day_units + tuple(LEX.unit_names))}\b"
    rf"|%|/|\.\d))"
    rf"|\b(?:{LEX.clock_leads[0]}\s+|{_IN}\s+{_THE}\s+|{_THIS}\s+|(?:{_LAST})\s+)?"
    rf"(?P<part>{_alt(list(_PARTS))})\b"
)
_AMPM = _alt(LEX.am_pm)
_CLOCK_RANGE = re.compile(  # "12:30 to 1:30", "7-8am", "from 6pm to 7pm", "10:00-10:30"
    rf"(?<![\d:./-])(?:(?P<lead>{_alt(LEX.range_starts + LEX.clock_leads)})\s+)?"
    rf"\b(?P<a>\d{{1,2}})(?::(?P<am>\d{{2}}))?\s*(?P<ap>{_AMPM})?"
    rf"\s*(?P<link>{_alt(LEX.clock_range_links)})\s*(?:(?:{_alt(LEX.clock_leads)})\s+)?"
    rf"(?P<b>\d{{1,2}})(?::(?P<bm>\d{{2}}))?(?:\s*(?P<bp>{_AMPM}))?(?![\d:./-])"
)
_RELATIVE = re.compile(
    rf"\b{_IN}\s+(?P<n>{_NUM})\s+(?P<unit>{_alt(LEX.minute_units[:-1] + LEX.hour_units[:-1])})\b"
)
_WEEK = re.compile(
    rf"\b(?:(?:{_alt(LEX.week_leads)})\s+)?(?P<which>{_NEXT}|{_THIS}|{_LAST})\s+{LEX.week_word}\b"
)
_MONTH = re.compile(
    rf"\b(?:(?:{_alt(LEX.week_leads)})\s+)?(?P<which>{_NEXT}|{_THIS}|{_LAST})\s+{LEX.month_word}\b"
    rf"|\b(?:(?:{_alt(LEX.week_leads)})\s+)?(?P<ym>\d{{4}}-\d{{2}})\b(?!-)"
    rf"|\b(?:(?:{_alt(LEX.week_leads)})\s+)?(?P<name>{_MON})(?:\s+(?P<year>\d{{4}}))?\b"
    rf"(?!\s+\d{{1,2}}\b)"
)
_RANGE = re.compile(
    rf"\b(?:{_alt(LEX.range_starts)})\s+(?P<a>.+?)\s+(?:{_alt(LEX.range_ends)})\s+(?P<b>.+)"
)
_HALF = LEX.and_a_half.split()
_HALF_LEAD = r"\s+".join(_HALF[:-1])
_DURATION = re.compile(
    rf"(?<!\b{_IN} )\b(?:{LEX.duration_lead}\s+)?(?:(?P<n>{_NUM}|\d+\.\d+)"
    rf"(?:\s+{_HALF_LEAD}\s+(?P<half>{_HALF[-1]}))?[\s-]*"
    rf"(?P<unit>{_alt(LEX.second_units + LEX.minute_units + LEX.hour_units)})\b"
    rf"|(?P<compact>\d+){LEX.hour_units[-1]}(?P<cm>\d+)?{LEX.minute_units[-1]}?"
    rf"|(?P<halfhour>{_alt(LEX.half_hour)})"
    rf"|(?P<anhour>{_alt(LEX.an_hour)}))"
)

Label = str  # "today", "tomorrow", "this_week", "last_month", ...


@dataclass(frozen=True)
class When:
    """A date and/or time named in a request. `end` is set for a week, a month or a range."""

    kind: Literal["moment", "day", "week", "month", "range"]
    start: datetime
    spans: tuple[tuple[int, int], ...]
    has_date: bool = True
    has_time: bool = False
    label: Label | None = None
    end: datetime | None = None
    exact: bool = False  # "in 2 hours": a moment from now, not a clock time
    part: bool = False  # its time is a part of the day, no clock time ("tonight", "this morning")

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

    def month(self) -> str:
        """`YYYY-MM` of the month it names (or of its first day)."""
        return f"{self.start:%Y-%m}"

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
    return int(word) if word.isdigit() else LEX.number_words[word]


def _words_in(value: str, phrases: tuple[str, ...]) -> bool:
    return " ".join(value.split()) in phrases


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


def _hour_in_part(m: re.Match[str], part: str) -> time | None:
    """An hour said with a day part ("tonight at 9", "at 7 in the evening", "tomorrow morning
    at 5"): of its am and pm readings the one inside the part's hours, or None when neither is
    (an hour with am/pm or past 12 has one reading)."""
    read = _clock(m)
    hours = LEX.day_part_hours.get(part)
    if hours is None or m.group("part"):  # ("11:40 to 6:50 last night": the part alone)
        return read
    said = int(m.group("h") or m.group("h24") or m.group("bare"))
    if m.group("ampm") or not 1 <= said <= 12:
        readings = [read]
    else:
        readings = [read.replace(hour=said % 12), read.replace(hour=said % 12 + 12)]
    return next((r for r in readings if hours[0] <= r.hour <= hours[1]), None)


def _range_clocks(m: re.Match[str], part: str | None) -> tuple[time, time] | None:
    """The start and end a clock range says ("12:30 to 1:30": 12:30 and 13:30; "7-8am": both
    in the morning), or None when it is no clock range (neither side has minutes nor am/pm;
    "and" without "between"; an hour no clock has)."""
    a, b, ap, bp = int(m.group("a")), int(m.group("b")), m.group("ap"), m.group("bp")
    am, bm = int(m.group("am") or 0), int(m.group("bm") or 0)
    if not (m.group("am") or m.group("bm") or ap or bp) or max(am, bm) > 59:
        return None
    if (m.group("link") == LEX.range_ends[1]) != (m.group("lead") == LEX.between_word):
        return None
    if a > (12 if ap else 23) or b > (12 if bp else 23):
        return None

    def hour(said: int, ampm: str | None) -> int:
        return said % 12 + (12 if ampm.startswith("p") else 0) if ampm else said

    end = hour(b, bp)
    start = hour(a, ap or bp)
    if not ap and bp and start * 60 + am > end * 60 + bm:  # "11-1pm": 11 in the morning
        start = hour(a, LEX.am_pm[0] if bp.startswith("p") else LEX.am_pm[1])
    hours = LEX.day_part_hours.get(part or "")
    if hours and not (ap or bp) and start < 12 and not hours[0] <= start <= hours[1]:
        start, end = start + 12, end + 12 if end < 12 else end  # "this evening 7:30-9"
    if not bp and end * 60 + bm <= start * 60 + am and end < 12:
        end += 12  # "12:30 to 1:30": half past one in the afternoon
    if end > 23 or end * 60 + bm <= start * 60 + am:
        return None
    return time(start, am), time(end, bm)


def _beside(first: re.Match[str], second: re.Match[str], text: str) -> bool:
    """Whether two matches are next to each other, nothing but spaces or a comma between."""
    a, b = sorted((first, second), key=lambda m: m.start())
    return not text[a.end() : b.start()].strip(LEX.beside_gap)


def _month_number(name: str) -> int:
    return next(i for i, full in enumerate(LEX.months, 1) if full.startswith(name[:3]))


def _shift_month(day: date, months: int) -> date:
    month = day.month - 1 + months
    year = day.year + month // 12
    return date(year, month % 12 + 1, 1)


def _mod(word: str | None) -> int:
    """+1 for "next", -1 for "last", 0 for "this" (or none)."""
    if word is None:
        return 0
    if word in LEX.next_words:
        return 1
    if word in LEX.last_words_date:
        return -1
    return 0


def _offset(said: str) -> tzinfo:
    """The zone an ISO time's suffix says: "z" UTC, "+05:30", "-0800"."""
    if said == "z":
        return UTC
    sign = -1 if said[0] == "-" else 1
    digits = said[1:].replace(":", "")
    return timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))


def _day(m: re.Match[str], today: date) -> tuple[date, str | None] | None:
    if m.group("eod"):
        return today, "today"
    if m.group("wkend"):  # "this weekend": its first day; "next weekend": next week's
        opens = LEX.weekdays.index(LEX.weekend_first_day)
        ahead = 0 if today.weekday() >= opens else opens - today.weekday()
        if _mod(m.group("wkmod")) > 0:
            ahead = opens - today.weekday() + 7
        return today + timedelta(days=ahead), None
    if m.group("eom"):  # "end of month": its last day
        first_day = _shift_month(today, _mod(m.group("eommod")))
        return first_day.replace(day=calendar.monthrange(first_day.year, first_day.month)[1]), None
    named = m.group("eomname") or m.group("midname")
    if named:  # "end of december", "mid march": that month's, this year's unless it has passed
        year = m.group("year3") or m.group("year4")
        first = date(int(year) if year else today.year, _month_number(named), 1)
        last = calendar.monthrange(first.year, first.month)[1]
        found = first.replace(day=last if m.group("eomname") else LEX.mid_month_day)
        if not year and found < today:
            found = found.replace(year=found.year + 1)
        return found, None
    word = m.group("day")
    if word is not None:
        word = " ".join(word.split())
        if word in LEX.today:
            return today, "today"
        if word in LEX.tomorrow:
            return today + timedelta(days=1), "tomorrow"
        if word in LEX.yesterday:
            return today - timedelta(days=1), "yesterday"
        if word in LEX.day_after_tomorrow:
            return today + timedelta(days=2), None
        if word in LEX.day_before_yesterday:
            return today - timedelta(days=2), None
    if m.group("wd"):
        target = next(i for i, d in enumerate(LEX.weekdays) if d.startswith(m.group("wd")[:3]))
        mod = m.group("mod")
        if mod in LEX.last_words_date:
            return today - timedelta(days=(today.weekday() - target - 1) % 7 + 1), None
        if mod in LEX.this_words:
            return today + timedelta(days=(target - today.weekday()) % 7), None
        return today + timedelta(days=(target - today.weekday() - 1) % 7 + 1), None
    if m.group("n"):
        unit = 7 if m.group("unit") in LEX.week_units else 1
        return today + timedelta(days=_count(m.group("n")) * unit), None
    if m.group("ago_n"):
        unit = 7 if m.group("ago_unit") in LEX.week_units else 1
        return today - timedelta(days=_count(m.group("ago_n")) * unit), None
    if m.group("iso"):
        try:
            return date.fromisoformat(m.group("iso")), None
        except ValueError:
            return None
    if m.group("mday3"):  # "the 15th of next month"
        first = _shift_month(today, _mod(m.group("rel")))
        try:
            return first.replace(day=int(m.group("mday3"))), None
        except ValueError:
            return None
    if m.group("mday4"):  # "the 15th": this month's, else next month's
        mday = int(m.group("mday4"))
        for shift in (0, 1, 2):
            first = _shift_month(today, shift)
            try:
                found = first.replace(day=mday)
            except ValueError:
                continue
            if found >= today:
                return found, None
        return None
    if m.group("sa"):
        return _slashed(m, today)
    mon = m.group("mon") or m.group("mon2")
    mday = int(m.group("mday") or m.group("mday2"))
    year = m.group("year1") or m.group("year2")
    try:
        found = date(int(year) if year else today.year, _month_number(mon), mday)
        if year:  # "4 July 2027": that year's, said
            return found, None
        return (found if found >= today else found.replace(year=today.year + 1)), None
    except ValueError:
        return None


_BARE_SLASHED = re.compile(r"(?P<sa>\d{1,2})/(?P<sb>\d{1,2})(?:/(?P<sy>\d{4}|\d{2}))?")


def bare_slashed(text: str, today: date) -> date | None:
    """A day typed with slashes and no word that leads a date ("5/28"), read as `_slashed`
    reads one that has: only when its order cannot be in doubt."""
    m = _BARE_SLASHED.fullmatch(text)
    found = _slashed(m, today) if m else None
    return found[0] if found else None


def _slashed(m: re.Match[str], today: date) -> tuple[date, str | None] | None:
    """ "by 24/12", "on 12/24", "due 5/31/2027": a day and a month typed with slashes after a
    word that leads a date, read only when their order cannot be in doubt (one of the two is
    over 12, or both are the same). "by 3/4" (the 3rd of April, or March 4th?) is not read, nor
    "pages 10/20" (no date said); a title that ends with one is asked about (`_titles.doubt`)."""
    first, second = int(m.group("sa")), int(m.group("sb"))
    if first > 12 >= second:
        mday, month = first, second
    elif second > 12 >= first or first == second:
        month, mday = first, second
    else:
        return None
    said = m.group("sy")
    year = (2000 + int(said) if len(said) == 2 else int(said)) if said else today.year
    try:
        found = date(year, month, mday)
    except ValueError:
        return None
    return (found if said or found >= today else found.replace(year=year + 1)), None


def _repeated(text: str, m: re.Match[str]) -> bool:
    """Whether the day or time `m` found is said as one that comes again ("every monday")."""
    return _REPEATED.search(text, 0, m.start()) is not None


def _no_day(m: re.Match[str]) -> bool:
    """Whether a weekend `m` found names no day: "weekend" alone ("plan weekend trip": a kind of
    trip), or after "before" (the day before it is not said)."""
    if not m.group("wkend"):
        return False
    said = m.group(0).split()
    return len(said) == 1 or said[0] in LEX.weekend_not_after


def _point(text: str, now: datetime, offset: int = 0) -> When | None:
    """The first date and/or time in `text` (spans shifted by `offset`)."""
    tz = now.tzinfo
    rel = _RELATIVE.search(text)
    if rel:
        n, unit = _count(rel.group("n")), rel.group("unit")
        minutes = unit in LEX.minute_units
        delta = timedelta(minutes=n) if minutes else timedelta(hours=n)
        span = (rel.start() + offset, rel.end() + offset)
        return When("moment", now + delta, (span,), True, True, exact=True)
    day_m = next(
        (m for m in _DAY.finditer(text) if not _repeated(text, m) and not _no_day(m)), None
    )
    clocks = [
        m
        for m in _CLOCK.finditer(text)
        if (day_m is None or not (m.start() < day_m.end() and day_m.start() < m.end()))
        and not _repeated(text, m)
    ]
    ranged = next(
        (
            m
            for m in _CLOCK_RANGE.finditer(text)
            if day_m is None or not (m.start() < day_m.end() and day_m.start() < m.end())
        ),
        None,
    )
    if ranged is not None:  # its two clock times are no others
        clocks = [m for m in clocks if m.end() <= ranged.start() or m.start() >= ranged.end()]
    hour_m = next((m for m in clocks if not m.group("part")), None)
    part_m = next((m for m in clocks if m.group("part")), None)
    clock_m = hour_m or part_m
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
            if day_m.group("isoz"):  # "2026-12-05T03:00Z": that moment, in the user's zone
                moment = datetime.combine(day, clock, _offset(day_m.group("isoz")))
                moment = moment.astimezone(now.tzinfo)
                day, clock = moment.date(), moment.time()
        elif day_m.group("day") == LEX.tonight:
            clock = _PARTS[LEX.tonight]
        elif day_m.group("eod"):  # "by eod": the end of the working day
            clock = time(*LEX.end_of_day_time)
    part = None
    said = ranged or hour_m
    if said is not None and part_m is not None and _beside(said, part_m, text):
        part = part_m.group("part")  # "at 7 in the evening", "tomorrow evening at 7"
        spans.append((part_m.start() + offset, part_m.end() + offset))
    elif said is not None and day_m is not None and day_m.group("day") == LEX.tonight:
        part = LEX.tonight
    this_part = (  # "this morning": today's, even when it has passed
        part_m is not None
        and (part is not None or clock_m is part_m)
        and part_m.group(0).split()[0] in LEX.this_words
    )
    last_part = (  # "last night": yesterday's
        part_m is not None
        and clock_m is part_m
        and part_m.group(0).split()[0] in LEX.last_words_date
    )
    if this_part and day_m is None:
        day_m_said, label = True, LEX.today[0]
    elif last_part and day_m is None:
        day_m_said, label, day = True, LEX.yesterday[0], day - timedelta(days=1)
    else:
        day_m_said = day_m is not None
    clocks_said = _range_clocks(ranged, part) if ranged is not None else None
    if clocks_said is not None and ranged is not None:  # "tomorrow 12:30 to 1:30"
        spans.append((ranged.start() + offset, ranged.end() + offset))
        start = datetime.combine(day, clocks_said[0], tz)
        end = datetime.combine(day, clocks_said[1], tz)
        if not day_m_said and start < now:
            start, end = start + timedelta(days=1), end + timedelta(days=1)
        return When("moment", start, tuple(spans), day_m_said, True, label, end=end)
    if clock_m is not None:
        spans.append((clock_m.start() + offset, clock_m.end() + offset))
        clock = _clock(clock_m) if part is None else _hour_in_part(clock_m, part)
        if clock is None:  # "tonight at 2": neither reading is in the evening; asked
            return When("day", datetime.combine(day, time(0), tz), tuple(spans), True, False)
    if clock is None:
        return When("day", datetime.combine(day, time(0), tz), tuple(spans), True, False, label)
    start = datetime.combine(day, clock, tz)
    if not day_m_said and start < now:  # "at 3pm" when 3pm has passed: tomorrow
        start += timedelta(days=1)
    isot = day_m is not None and bool(day_m.group("isot"))  # "2026-12-01 14:30": its clock
    part = hour_m is None and ranged is None and not isot
    if part and clock_m is None and start < now:  # "tonight" said after its 20:00: the day only
        return When("day", datetime.combine(day, time(0), tz), tuple(spans), True, False, label)
    return When("moment", start, tuple(spans), day_m_said, True, label, part=part)


def _month(text: str, now: datetime) -> When | None:
    """ "this month", "last month", "2026-03", "in March", "March 2025": a whole month."""
    m = _MONTH.search(text)
    if m is None:
        return None
    today = now.date()
    label = None
    if m.group("which"):
        which = m.group("which")
        shift = _mod(which)
        first = _shift_month(today, shift)
        label = f"{'next' if shift > 0 else 'last' if shift < 0 else 'this'}_month"
    elif m.group("ym"):
        year, month = (int(p) for p in m.group("ym").split("-"))
        if not 1 <= month <= 12:
            return None
        first = date(year, month, 1)
    else:
        month = _month_number(m.group("name"))
        year = int(m.group("year")) if m.group("year") else today.year
        led = m.group(0).split()[0] in LEX.week_leads
        if m.group("name") in LEX.month_abbreviation_skip and not (led or m.group("year")):
            return None  # "you may": not a month
        first = date(year, month, 1)
    last = first.replace(day=calendar.monthrange(first.year, first.month)[1])
    start = datetime.combine(first, time(0), now.tzinfo)
    end = datetime.combine(last, time(0), now.tzinfo)
    return When("month", start, (m.span(),), label=label, end=end)


def find_when(text: str, now: datetime | None = None) -> When | None:
    """The date, time, week, month or range `text` names (see the module docstring), or None."""
    now = now or local_now()
    week = _WEEK.search(text)
    if week:
        monday = now.date() - timedelta(days=now.weekday())
        shift = 7 * _mod(week.group("which"))
        start = datetime.combine(monday + timedelta(days=shift), time(0), now.tzinfo)
        which = {7: "next", -7: "last", 0: "this"}[shift]
        return When(
            "week", start, (week.span(),), label=f"{which}_week", end=start + timedelta(days=6)
        )
    ranged = _RANGE.search(text)
    if ranged:
        a = _point(ranged.group("a"), now, ranged.start("a"))
        b = _point(ranged.group("b"), now, ranged.start("b"))
        if a and b and a.has_date and b.has_date:
            spans = ((ranged.start(), a.spans[-1][1]), (a.spans[-1][1], b.spans[-1][1]))
            start = a.start
            if start > b.start and (start.month, start.day) != (2, 29):
                moved = start.replace(year=b.start.year)  # "from April 27 to May 8, 2026"
                start = moved if moved <= b.start else start
            return When("range", start, spans, has_time=a.has_time, end=b.start)
    point = _point(text, now)
    return point if point is not None else _month(text, now)


def last_of(when: When, said: list[str], now: datetime) -> When:
    """The day `when` names, to come, moved to the last one past when its words (`said`,
    normalized) leave the year unsaid: a weekday a week back, a month's day ("nov 15") a year
    back, a day of the month alone ("the 25th") a month back, a time alone ("at 6pm", passed)
    today's. Any other, and one past already, is kept."""
    if when.kind not in ("day", "moment") or when.start.date() <= now.date():
        return when
    if not when.has_date:
        day = timedelta(days=1)
        return replace(when, start=when.start - day) if when.start - day <= now else when
    if any(n.isdigit() and len(n) == 4 for n in said):  # "nov 15 2027": its year said
        return when
    if any(n[:3] in _WEEKDAY_STEMS for n in said):
        week = timedelta(days=7)
        return replace(when, start=when.start - week, end=when.end - week if when.end else None)
    start = when.start
    if any(n[:3] in _MONTH_STEMS for n in said):
        back = _same_day(start, start.year - 1, start.month)
    elif any(n[:1].isdigit() for n in said):
        year, month = (start.year, start.month - 1) if start.month > 1 else (start.year - 1, 12)
        back = _same_day(start, year, month)
    else:
        return when
    return when if back is None else replace(when, start=back, end=None)


def _same_day(moment: datetime, year: int, month: int) -> datetime | None:
    """`moment` on its day of `month` of `year`; None when that month has no such day."""
    try:
        return moment.replace(year=year, month=month)
    except ValueError:  # "the 31st", a month back, in a month of 30 days
        return None


_WEEKDAY_STEMS = frozenset(d[:3] for d in LEX.weekdays)
_MONTH_STEMS = frozenset(m[:3] for m in LEX.months)


def since_until(when: When) -> tuple[date, date]:
    """The first and last day a date, week, month or range covers."""
    first = when.start.date()
    last = when.end.date() if when.end is not None else first
    return first, last


def find_duration(text: str) -> tuple[int, tuple[int, int]] | None:
    """The length named in `text`, in seconds, and its span: "for 45 minutes", "1h30"."""
    m = _DURATION.search(text)
    if m is None:
        return None
    if m.group("compact"):
        seconds = (int(m.group("compact")) * 60 + int(m.group("cm") or 0)) * 60
    elif m.group("halfhour"):
        seconds = 30 * 60
    elif m.group("anhour"):
        seconds = 3600
    else:
        raw = m.group("n")
        amount = float(raw) if "." in raw else float(_count(raw))
        if m.group("half"):
            amount += 0.5
        unit = m.group("unit")
        scale = 1 if unit in LEX.second_units else 60 if unit in LEX.minute_units else 3600
        seconds = round(amount * scale)
    return seconds, m.span()


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
