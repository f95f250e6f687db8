"""A score said against its scale: "rate the tomato soup 4 out of 5", "3 stars", for the one
number parameter named for a score (lexicon `SCORE_WORDS`: `rating`, `score`, `stars`). The
words of the scale after the number (`SCORE_SCALES`, and the number that ends "out of 5") are
the score's, so they name no record.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["scored"]


def scored(reading: Request, f: Fill, tool: ToolView) -> None:
    """The score said with its scale, for the tool's one score parameter (docstring)."""
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.type in ("integer", "number")
        and set(p.words) & LEX.score_words
    ]
    if len(params) != 1:
        return
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    for value in reading.typed("number"):
        if f.used & set(value.tokens):
            continue
        k = value.tokens[-1] + 1
        for scale in LEX.score_scales:
            said = scale.split()
            if norms[k : k + len(said)] != said or f.used & set(range(k, k + len(said))):
                continue
            end = k + len(said)
            if end < len(tokens) and tokens[end].kind == "number" and end not in f.used:
                end += 1  # "out of 5"
            whole = float(value.value).is_integer()
            if params[0].type == "integer" and not whole:
                return
            span = [*value.tokens, *range(k, end)]
            number = int(value.value) if whole else value.value
            f.set(params[0], number, span, reading.text.slice(span))
            return
