"""A range of two numbers said for a tool's two bounds: "a random number from 1 to 6", "between
10 and 20", "(1 to 6)" fill the one parameter named for the low bound (`min_val`, `minimum`) and
the one named for the high bound (`max_val`, lexicon `LOW_BOUND_WORDS`, `HIGH_BOUND_WORDS`), in
the order said; a range that runs down, or a tool with more than one of either, takes nothing.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["number_bounds"]


def _bound(tool: ToolView, f: Fill, words: frozenset[str]) -> Param | None:
    found = [
        p
        for p in tool.params.values()
        if p.type in ("integer", "number") and p.name not in f.args and set(p.words) & words
    ]
    return found[0] if len(found) == 1 else None


def number_bounds(reading: Request, f: Fill, tool: ToolView) -> None:
    """The low and the high bound of `tool` from a range of two numbers (see the module)."""
    low = _bound(tool, f, LEX.low_bound_words)
    high = _bound(tool, f, LEX.high_bound_words)
    if low is None or high is None or low is high:
        return
    tokens = reading.text.tokens
    for i in range(len(tokens) - 2):
        a, link, b = tokens[i], tokens[i + 1], tokens[i + 2]
        if a.kind != "number" or b.kind != "number" or link.norm not in LEX.range_ends:
            continue
        if {i, i + 2} & f.used:
            continue
        lo, hi = float(a.norm), float(b.norm)
        if lo > hi:
            return
        start = i - 1 if i and tokens[i - 1].norm in LEX.range_starts else i
        for param, value, span in ((low, lo, range(start, i + 1)), (high, hi, (i + 1, i + 2))):
            number = int(value) if param.type == "integer" or value.is_integer() else value
            f.set(param, number, span, reading.text.slice(list(span)))
        return
