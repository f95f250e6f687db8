"""A range of two numbers said for a tool's two bounds: "a random number from 1 to 6", "between
10 and 20", "(1 to 6)" fill the one parameter named for the low bound (`min_val`, `minimum`) and
the one named for the high bound (`max_val`, lexicon `LOW_BOUND_WORDS`, `HIGH_BOUND_WORDS`), in
the order said; a range that runs down, or a tool with more than one of either, takes nothing.
"""

from __future__ import annotations

import math
import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["bounds_fit", "counted_units", "high_bound", "number_bounds"]


def _bound(tool: ToolView, f: Fill, words: frozenset[str]) -> Param | None:
    found = [
        p
        for p in tool.params.values()
        if p.type in ("integer", "number") and p.name not in f.args and set(p.words) & words
    ]
    return found[0] if len(found) == 1 else None


def _range(reading: Request, used: set[int]) -> tuple[int, float, float] | None:
    """The first token of a range of two numbers said ("1 and 100", "50 to 60"), and its ends."""
    tokens = reading.text.tokens
    for i in range(len(tokens) - 2):
        a, link, b = tokens[i], tokens[i + 1], tokens[i + 2]
        if a.kind != "number" or b.kind != "number" or link.norm not in LEX.range_ends:
            continue
        if {i, i + 2} & used:
            continue
        try:
            return i, float(a.norm), float(b.norm)
        except ValueError:
            return None
    return None


def bounds_fit(reading: Request, tool: ToolView) -> float:
    """A range said ("between 1 and 100") for a tool with a low and a high bound: more for
    bounds of the numbers' own type (whole numbers, for integers), none for a tool without."""
    low = _bound(tool, Fill(tool), LEX.low_bound_words)
    high = _bound(tool, Fill(tool), LEX.high_bound_words)
    found = _range(reading, set())
    if low is None or high is None or low is high or found is None:
        return 0.0
    whole = found[1].is_integer() and found[2].is_integer()
    return W.fit_bounds * (2 if whole == (low.type == "integer") else 1)


def number_bounds(reading: Request, f: Fill, tool: ToolView) -> None:
    """The low and the high bound of `tool` from a range of two numbers (see the module)."""
    low = _bound(tool, f, LEX.low_bound_words)
    high = _bound(tool, f, LEX.high_bound_words)
    if low is None or high is None or low is high:
        return
    tokens = reading.text.tokens
    found = _range(reading, f.used)
    if found is None:
        return
    i, lo, hi = found
    if lo > hi:
        return
    start = i - 1 if i and tokens[i - 1].norm in LEX.range_starts else i
    for param, value, span in ((low, lo, range(start, i + 1)), (high, hi, (i + 1, i + 2))):
        number = int(value) if param.type == "integer" or value.is_integer() else value
        f.set(param, number, span, reading.text.slice(list(span)))


def high_bound(reading: Request, f: Fill, tool: ToolView) -> None:
    """A number said as a high bound alone ("a secure random integer below 1000"), for a tool
    whose one bound is a high one (`upper_bound`), or whose low one it need not be given."""
    high = _bound(tool, f, LEX.high_bound_words)
    low = _bound(tool, f, LEX.low_bound_words)
    if high is None or (low is not None and low.required):
        return
    tokens = reading.text.tokens
    words = [t.norm for t in tokens]
    for lead in LEX.high_bound_leads:
        said = lead.split()
        for i in range(len(tokens) - len(said)):
            at = i + len(said)
            if words[i:at] != said or tokens[at].kind != "number" or at in f.used:
                continue
            try:
                value = float(tokens[at].norm)
            except ValueError:
                continue
            number = int(value) if high.type == "integer" or value.is_integer() else value
            f.set(high, number, range(i, at + 1), reading.text.slice(list(range(i, at + 1))))
            return


_COUNTED = re.compile(r"^(\d+)-([a-z]+)$")  # "64-byte"
_NUMBER_OF = re.compile(r"\bnumber of (?:\w+ )?(\w+)")  # "Number of random bytes to generate"


def _units_of(param: Param) -> set[str]:
    """The things a number parameter counts: its name's nouns (`days`; `nbytes`: bytes) and
    the noun its description counts ("Number of random bytes")."""
    words = {singular(w) for w in param.words}
    words |= {singular(w[1:]) for w in param.words if len(w) > 3 and w.startswith("n")}
    words |= {singular(m.group(1)) for m in _NUMBER_OF.finditer(param.describe)}
    return {w for w in words if len(w) > 2}


_TIME_UNITS = (
    (LEX.second_units, 1),
    (LEX.minute_units, 60),
    (LEX.hour_units, 3600),
    (LEX.day_units, 86400),
    (LEX.week_units, 7 * 86400),
)


def _seconds_in(unit: str) -> int | None:
    """The seconds in a time unit said or named (`minute`, "mins", "days"), else None."""
    return next((n for names, n in _TIME_UNITS if unit in names or unit + "s" in names), None)


def _counts(reading: Request, used: set[int]) -> list[tuple[int, str, list[int]]]:
    """Each whole number said with what it counts: "16 byte", "64-byte", "10 minutes"."""
    tokens = reading.text.tokens
    out = []
    for i, tok in enumerate(tokens):
        if i in used:
            continue
        joined = _COUNTED.match(tok.text.lower())
        if joined:
            out.append((int(joined.group(1)), singular(joined.group(2)), [i]))
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.kind == "number" and tok.norm.isdigit() and nxt is not None and i + 1 not in used:
            out.append((int(tok.norm), singular(nxt.norm), [i, i + 1]))
    return out


def _span_lead(words: list[str], at: int) -> int:
    """How many words before `at` lead a count of a span ("over the next", "every"), or 0."""
    for lead in LEX.span_leads:
        said = lead.split()
        if at >= len(said) and words[at - len(said) : at] == said:
            return len(said)
    return 0


def counted_units(reading: Request, f: Fill, tool: ToolView) -> None:
    """A number said of what a number parameter counts ("a 16 byte hex token": `nbytes` 16,
    "over the next 90 days": `days` 90, "every 10 minutes": `step_minutes` 10); a time said
    in another unit than a time parameter counts, converted into the nearest unit counted
    ("the next 3 days": `hours` 72, not `step_minutes`), where none counts the unit said."""
    numbers = [p for p in tool.params.values() if p.type in ("integer", "number")]
    words = [t.norm for t in reading.text.tokens]
    for count, unit, span in _counts(reading, f.used):
        lead = _span_lead(words, span[0])  # "over the next 3 days": its lead with it
        span = [*range(span[0] - lead, span[0]), *span]
        free = [p for p in numbers if p.name not in f.args]
        exact = [p for p in free if unit in _units_of(p)]
        if len(exact) == 1:
            f.set(exact[0], count, span, reading.text.slice(span))
            continue
        said = _seconds_in(unit)
        if said is None or any(unit in _units_of(p) for p in numbers):
            continue
        timed = [(p, n) for p in free for u in _units_of(p) if (n := _seconds_in(u))]
        if not timed:
            continue
        param, seconds = min(timed, key=lambda t: abs(math.log(said / t[1])))  # the nearest
        value = count * said / seconds
        if param.type == "integer" and not value.is_integer():
            continue
        f.set(param, int(value) if value.is_integer() else value, span, reading.text.slice(span))
