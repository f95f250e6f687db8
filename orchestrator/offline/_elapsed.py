"""A number of days (weeks, hours) said as gone by, for a parameter that counts them: "surgery
was 90 days ago" is `days_since_surgery` 90, "injured 3 weeks ago" `weeks_since_injury` 3. The
words read as a date ("90 days ago") are no date for such a tool: it takes how long, not when.
A tool that takes a date, and took those words for it, keeps them."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["elapsed_values"]


def _unit(param: Param) -> tuple[str, ...] | None:
    """The unit a parameter counts gone by (`days_since_surgery`: days), or None."""
    if param.type != "integer" or param.role not in ("number", "count", "duration"):
        return None
    words = set(param.words)
    if not words & LEX.elapsed_words:
        return None
    for units in (LEX.day_units, LEX.week_units, LEX.hour_units):
        if words & {singular(u) for u in units}:
            return units
    return None


def elapsed_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "N <unit> ago" for the one parameter that counts that unit gone by."""
    tokens = reading.text.tokens
    taken = {i for span in f.spans.values() for i in span}
    for param in tool.params.values():
        units = _unit(param)
        if units is None or param.name in f.args:
            continue
        for i in range(len(tokens) - 2):
            number, unit, ago = tokens[i : i + 3]
            if (
                number.kind == "number"
                and number.norm.isdigit()
                and unit.norm in units
                and ago.norm == LEX.ago_word
                and not {i, i + 1, i + 2} & taken
            ):
                span = (i, i + 1, i + 2)
                f.set(param, int(number.norm), span, reading.text.slice(span))
                break
