"""Times in the form a parameter takes. A length in its unit ("7.5 hours" for `hours`: 7.5).
A parameter for a clock time of day alone (`wake_time`, `start_time`; "HH:MM" said for it, no
date in its name or format): it takes the clock time said ("woke at 7:30": "07:30" where it is
written HH:MM), never a day alone ("today") nor the time a part of the day stands for ("last
night" is no wake time of 20:00). A record of what happened dated today, with no other place
for the day ("last night" too, for a sleep), is the record the server dates now: the day's words
are accounted for, nothing sent.
"""

from __future__ import annotations

import re

from orchestrator.offline._dates import When
from orchestrator.offline._happened import records_what_happened
from orchestrator.offline._measured_amounts import described_words
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import presents, singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["clock_of_day", "clock_only", "duration_value", "length_value", "named_clocks"]

_HH_MM = "hh:mm"
_TIME = "time"
_CLOCK_PATTERNS = (r"^\d{2}:\d{2}$", r"^\d{1,2}:\d{2}$", r"^([01]\d|2[0-3]):[0-5]\d$")
_CLOCK = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?$")


def length_value(reading: Request, f: Fill, tool: ToolView) -> None:
    """The length said ("for 45 minutes", "30 min before") in the tool's length it is for
    (`_length_param`), in that one's unit."""
    if reading.duration is None:
        return
    seconds, used = reading.duration
    params = [p for p in tool.role("duration") if p.name not in f.args]
    param = _length_param(reading, params, used)
    if param is None or used & f.used:
        return
    amount = duration_value(param, seconds)
    after = max(used) + 1
    if after < len(reading.text.tokens) and reading.text.tokens[after].norm in LEX.offset_words:
        used = used | {after}  # "remind me 30 min before": the lead is the length's
    if amount is not None:
        f.set(param, amount, used, reading.text.slice(used))


def _length_param(
    reading: Request, params: list[Param], used: frozenset[int] | set[int]
) -> Param | None:
    """Which of a tool's lengths a length said goes to: the only one, else the one whose name
    or description names what the request says ("45 minutes of exercise": `workout_minutes`,
    "Minutes of exercise"; "slept 8 hours": `sleep_hours`), else the one that is a length and
    nothing else, never the first of several by chance; None when no one of them is named.
    One named for the unit said comes first ("every 10 minutes": `step_minutes`)."""
    if len(params) < 2:
        return params[0] if params else None
    tokens = reading.text.tokens
    units = {singular(tokens[i].norm) for i in used}
    exact = [p for p in params if units & set(p.words) and not set(p.words) & LEX.elapsed_words]
    if len(exact) == 1:  # "every 10 minutes": `step_minutes`, never `hours`
        return exact[0]
    near = tokens[max(0, min(used) - 2) : max(used) + 4]  # the words said beside the length
    said = {t.norm for t in near} | {w for t in near for w in presents(t.norm)}
    plain = (
        LEX.duration_words
        | LEX.stop_words
        | LEX.function_words
        | set(LEX.second_units + LEX.minute_units + LEX.hour_units)
    )
    named = [p for p in params if ((set(p.words) | described_words(p.describe)) - plain) & said]
    if not named:  # none named: the one that is a length and nothing else (`duration`)
        named = [p for p in params if not set(p.words) - plain]
    return named[0] if len(named) == 1 else None


def duration_value(param: Param, seconds: int) -> float | None:
    """A length in the unit `param` takes (its name or description says: seconds, hours, else
    minutes); None when a whole number of that unit cannot say it ("90 seconds" in minutes)."""
    said = set(param.words) | described_words(param.describe)
    if said & set(LEX.second_units):
        amount: float = seconds
    elif said & set(LEX.hour_units):  # "7.5 hours" for `hours`: 7.5, never 450 (minutes)
        amount = seconds // 3600 if seconds % 3600 == 0 else round(seconds / 3600, 2)
    else:
        amount = seconds // 60 if seconds % 60 == 0 else seconds / 60
    if param.type == "integer" and not float(amount).is_integer():
        return None
    return amount


def named_clocks(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "went to bed at 23:30, woke at 6:45am": each clock time said right after a word that
    names one of the tool's clock-time parameters ("bed" for `bedtime`, "woke" for
    `wake_time`), for that one, "HH:MM" (an hour alone, "at 7", is no clock time here)."""
    params = [p for p in tool.params.values() if clock_only(p) and p.name not in f.args]
    if not params:
        return
    tokens = reading.text.tokens
    for i, token in enumerate(tokens[:-1]):
        named = [p for p in params if p.name not in f.args and _names(token.norm, p)]
        at = i + 2 if tokens[i + 1].norm in LEX.clock_leads else i + 1
        if len(named) != 1 or at >= len(tokens) or {i, at} & f.used:
            continue
        clock = _clock(tokens[at].text.lower())
        if clock is not None:
            f.set(named[0], clock, range(i, at + 1), reading.text.slice(range(i, at + 1)))


def _names(word: str, param: Param) -> bool:
    """Whether a request word names a clock-time parameter: a word of its name, its start
    ("bed" for `bedtime`), or, a past tense, its present ("woke" for `wake_time`)."""
    forms = {word, *presents(word)}
    return any(
        w == form or (len(form) >= 3 and w.startswith(form) and w != form)
        for w in param.words
        if w not in LEX.clock_param_words
        for form in forms
    )


def _clock(said: str) -> str | None:
    """ "23:30", "11pm", "6:45am" as "HH:MM"; None for an hour alone or no clock time."""
    m = _CLOCK.match(said)
    if m is None or not (m.group(2) or m.group(3)):
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m.group(3).startswith("p") else 0)
    return f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None


def clock_of_day(
    reading: Request, f: Fill, tool: ToolView, param: Param, when: When, tokens: list[int]
) -> bool:
    """Whether `param` takes a clock time alone, and `when` was placed (docstring): set, its
    words accounted for, or left for the router to ask about. Where two such parameters are
    open and no word named one (`named_clocks`), the time is neither's: asked about."""
    if not clock_only(param):
        return False
    hh_mm = (
        _HH_MM in param.describe.lower()
        or _HH_MM in tool.description.lower()
        or param.schema.get("pattern") in _CLOCK_PATTERNS
    )
    if not hh_mm and any(reading.text.tokens[i].kind == "date" for i in tokens):
        return False  # "captured 2026-12-01 14:30" for `capture_time`: a moment, its date said
    words = reading.text.slice(tokens)
    clocks = [p for p in tool.params.values() if clock_only(p) and p.name not in f.args]
    if when.has_time and not when.part and not when.exact:
        if len(clocks) > 1:
            return True
        f.set(param, when.start.strftime("%H:%M") if hh_mm else when.iso(), tokens, words)
    elif (
        records_what_happened(tool)
        and when.kind in ("moment", "day")
        and (reading.now.date() - when.day()).days in ((0, 1) if when.part else (0,))
        and not any(p.role in ("day",) for p in tool.params.values() if p.name not in f.args)
    ):
        f.used.update(tokens)  # "slept 6.5h last night": the sleep the server logs now
    return True


def _one_word_time(word: str) -> bool:
    """`bedtime`, `waketime`: a time in one word, not `datetime` (a date and its time)."""
    return word.endswith(_TIME) and not any(d in word for d in LEX.date_words)


def clock_only(param: Param) -> bool:
    """A parameter named for a clock time (its last word `time`, `hour`), no date in its name
    or format."""
    words = set(param.words)
    if param.schema.get("pattern") in _CLOCK_PATTERNS:  # `timestamp: ^\d{2}:\d{2}$`
        return True
    last = param.words[-1] if param.words else ""
    return (
        bool(last)
        and (last in LEX.clock_param_words or _one_word_time(last))  # `bedtime`
        and not words & LEX.date_words
        and param.schema.get("format") not in ("date", "date-time")
    )
