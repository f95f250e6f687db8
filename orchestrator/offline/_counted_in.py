"""A number said with the unit a number parameter's description counts in: "set my
workout streak to 4 days" is `current` 4 where `current` is "Current streak value in days"; the
unit's word is the value's too, never a word left over (user trial 16, w27, which asked about
"4 days"); "3 ton" is `tonnage` 3 where it is "size in tons". Lengths in seconds, minutes and
hours are durations (`_slots`); "4 days ago" is a
date, or a count gone by (`_elapsed`)."""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["counted_in"]


def _counts_in(param: Param) -> tuple[str, ...] | None:
    """The unit of time (days, weeks, months, years) the parameter's description says it counts
    in ("... in days"), or None."""
    if param.type not in ("integer", "number") or param.role not in ("number", "count"):
        return None
    for units in (LEX.day_units, LEX.week_units, LEX.month_units, LEX.year_units):
        if any(f"{LEX.in_word} {unit}" in param.describe for unit in units):
            return units
    said = re.search(rf"\b{LEX.in_word} ([a-z]{{2,8}})s?\b(?:\s|$|[(.,;])", param.describe)
    if said and said.group(1) not in LEX.stop_words:  # "AC/heat pump size in tons": "3 ton"
        unit = singular(said.group(1))
        return (unit, f"{unit}s")
    return None


def counted_in(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "N <unit>" for the one open parameter that counts in that unit."""
    tokens = reading.text.tokens
    taken = {i for span in f.spans.values() for i in span} | set(f.used)
    for param in tool.params.values():
        units = _counts_in(param)
        if units is None or param.name in f.args:
            continue
        said = [
            i
            for i in range(len(tokens) - 1)
            if tokens[i].kind == "number"
            and _number(tokens[i].norm) is not None
            and tokens[i + 1].norm in units
            and not {i, i + 1} & taken
            and (i + 2 == len(tokens) or tokens[i + 2].norm != LEX.ago_word)
        ]
        if len(said) == 1:
            span = (said[0], said[0] + 1)
            value = _number(tokens[said[0]].norm)
            if param.type == "integer" and value is not None and value != int(value):
                continue  # ("2.5 ton" for a whole number: asked)
            f.set(param, _typed(param, value), span, reading.text.slice(span))


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _typed(param: Param, value: float | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if param.type == "integer" or value == int(value) else value
