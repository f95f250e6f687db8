"""A number of days (weeks, hours, minutes) said as gone by, for a parameter that counts them:
"surgery was 90 days ago" is `days_since_surgery` 90, "injured 3 weeks ago" `weeks_since_injury`
3, "2 hours ago" `minutes_ago` 120 (said in another unit, converted when it comes out whole).
The words read as a date ("90 days ago") are no date for such a tool: it takes how long, not
when. A tool that takes a date, and took those words for it, keeps them."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["elapsed_values"]

_UNITS = (
    (LEX.day_units, 86400),
    (LEX.week_units, 7 * 86400),
    (LEX.hour_units, 3600),
    (LEX.minute_units, 60),
)


def _unit(param: Param) -> tuple[str, ...] | None:
    """The unit a parameter counts gone by (`days_since_surgery`: days), or None."""
    if param.type != "integer" or param.role not in ("number", "count", "duration"):
        return None
    words = set(param.words)
    if not words & LEX.elapsed_words:
        return None
    for units, _ in _UNITS:
        if words & {singular(u) for u in units}:
            return units
    return None


def _seconds(units: tuple[str, ...]) -> int:
    return next(seconds for named, seconds in _UNITS if named == units)


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
            said = next((u for u, _ in _UNITS if unit.norm in u), None)
            if (
                number.kind == "number"
                and number.norm.isdigit()
                and said is not None
                and ago.norm == LEX.ago_word
                and not {i, i + 1, i + 2} & taken
            ):
                count, left = divmod(int(number.norm) * _seconds(said), _seconds(units))
                if left:
                    break  # "90 minutes ago" in hours: not whole, asked
                span = (i, i + 1, i + 2)
                f.set(param, count, span, reading.text.slice(span))
                break
