"""Two readings said as one pair, "bp 128/82", "120 over 80", for a tool that takes two numbers
side by side: the first two number parameters of its schema, both required and neither filled
(`systolic`, `diastolic`). The first number is the first's, the second the second's, and the
word or slash between them is the pair's (lexicon `PAIR_JOINS`), so it names nothing else.

Never a score ("7/10": `_scored`, for a tool with a score parameter), a day ("on 12/5": a date
lead before it, or the reading's date), a read or a sum, and never where either number does not
fit its parameter (a fraction for an integer).
"""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["paired_numbers"]

_SLASHED = re.compile(r"(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)")


def _pair_params(tool: ToolView) -> tuple[Param, Param] | None:
    numeric = [
        p
        for p in tool.params.values()
        if p.type in ("integer", "number") and not p.enum and p.role != "id"
    ]
    if len(numeric) < 2 or not (numeric[0].required and numeric[1].required):
        return None
    if any(set(p.words) & LEX.score_words for p in numeric):
        return None
    return numeric[0], numeric[1]


def _fits(param: Param, value: float) -> int | float | None:
    if param.type == "integer":
        return int(value) if value.is_integer() else None
    return int(value) if value.is_integer() else value


def _pairs(reading: Request, f: Fill) -> list[tuple[float, float, list[int]]]:
    tokens = reading.text.tokens
    taken = f.used | set(reading.when_tokens) | set(reading.item_when_tokens)
    found = []
    for i, tok in enumerate(tokens):
        if i in taken or (i and tokens[i - 1].norm in LEX.date_leads):
            continue
        m = _SLASHED.fullmatch(tok.text)
        if m and tok.kind in ("path", "number", "other"):
            found.append((float(m.group(1)), float(m.group(2)), [i]))
            continue
        if (
            tok.kind == "number"
            and i + 2 < len(tokens)
            and tokens[i + 1].norm in LEX.pair_joins
            and tokens[i + 2].kind == "number"
            and not {i + 1, i + 2} & taken
        ):
            try:
                found.append((float(tok.norm), float(tokens[i + 2].norm), [i, i + 1, i + 2]))
            except ValueError:
                continue
    return found


def paired_numbers(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one pair said, for the tool's two numbers side by side (docstring)."""
    if tool.kind not in ("create", "update"):
        return
    params = _pair_params(tool)
    if params is None or any(p.name in f.args for p in params):
        return
    pairs = _pairs(reading, f)
    if len(pairs) != 1:
        return
    first, second, span = pairs[0]
    values = (_fits(params[0], first), _fits(params[1], second))
    if values[0] is None or values[1] is None:
        return
    words = " ".join(reading.text.tokens[i].text for i in span)
    f.set(params[0], values[0], span, words)
    f.set(params[1], values[1], span, words)
