"""A span of days before or after a day: "15 business days after Nov 20 2026", "10 working
days before Dec 24", "20 working days before 6/30/2027", for a tool that takes a day and a
count of the unit said (`add_business_days(start_date, days)`: the number parameter named
for the unit, lexicon `DAY_UNITS`, `WEEK_UNITS`, ...). The count is the number said, below
zero before the day (lexicon `OFFSET_BEFORE`, `OFFSET_AFTER`) or taken from it ("subtract 10
days from Dec 24", `OFFSET_SUBTRACTS`; "add ... to", `OFFSET_ADDS`); the day is read as any
date is.
Up to two words stand between the number and its unit ("business", "working"). A span said
fits a tool that moves a day better than one that counts between two days (`_choose`); "how many
business days ...?" asks the count such a tool is given, so it fits it worse."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView, unit_count
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["asks_its_count", "moves_a_day", "offset_count"]

_BETWEEN = 2  # words between the number and its unit


def _units() -> frozenset[str]:
    return frozenset((*LEX.day_units, *LEX.week_units, *LEX.month_units, *LEX.year_units))


def _count(text: str) -> int | None:
    try:
        return int(text.replace(",", ""))
    except ValueError:
        return None


def said_offset(reading: Request) -> tuple[int, int, int, int] | None:
    """The span said: its number's token, its unit's, the link's after it, and +1 after the
    day or -1 before it; None when none is."""
    tokens = reading.text.tokens
    units = _units()
    adds = reading.words & set(LEX.offset_adds)  # "add 15 business days to Nov 20"
    subtracts = reading.words & set(LEX.offset_subtracts)  # "subtract 10 days from Dec 24"
    for i, tok in enumerate(tokens):
        if tok.kind != "number" or _count(tok.norm) is None:
            continue
        for j in range(i + 1, min(i + 2 + _BETWEEN, len(tokens) - 1)):
            norm = tokens[j].norm
            if norm in units:
                link = tokens[j + 1].norm
                if subtracts and link == LEX.offset_subtract_link:
                    return i, j, j + 1, -1
                if link in LEX.offset_after or (adds and link == LEX.offset_add_link):
                    return i, j, j + 1, 1
                if link in LEX.offset_before:
                    return i, j, j + 1, -1
                break
            if tokens[j].kind != "word":
                break
    return None


def moves_a_day(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a span before or after a day the tool moves by."""
    said = said_offset(reading)
    return (
        said is not None and unit_count(tool.params, reading.text.tokens[said[1]].norm) is not None
    )


def offset_count(reading: Request, f: Fill, tool: ToolView) -> None:
    """The span's count, for the parameter named for its unit (see the module docstring)."""
    said = said_offset(reading)
    if said is None:
        return
    number, unit, _, sign = said
    param = unit_count(tool.params, reading.text.tokens[unit].norm)
    count = _count(reading.text.tokens[number].norm)
    if param is None or param.name in f.args or count is None or number in f.used:
        return
    span = tuple(range(number, unit + 1))
    f.set(param, sign * count, span, reading.text.slice(span))


def asks_its_count(reading: Request, tool: ToolView) -> bool:
    """Whether the request asks how many of the unit a tool that moves a day is given ("how
    many business days is that from the start date to the deadline?"): the count is what is
    asked, never what the tool can be given."""
    tokens = reading.text.tokens
    units = _units()
    for i in range(len(tokens) - 2):
        if (tokens[i].norm, tokens[i + 1].norm) != LEX.count_asked:
            continue
        for j in range(i + 2, min(i + 3 + _BETWEEN, len(tokens))):
            if tokens[j].norm in units:
                return unit_count(tool.params, tokens[j].norm) is not None
    return False
