"""A new record of two texts said as a pair: "make a flashcard: capital of Australia -> Canberra",
"new card: la mesa = the table". A create tool whose required values are two texts (a front and
a back, a term and its definition, a key and its value) takes what is said after the colon,
around the one pair mark there (lexicon `PAIR_MARKS`): the text before it for the first, the
text after it for the second, as typed. Any other shape is left to the other fillers (and so
asked about).
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["pair_values"]


def pair_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The two texts of a pair said after a colon (see the module docstring)."""
    required = [p for p in tool.params.values() if p.required]
    if tool.kind != "create" or len(required) != 2:
        return
    if any(p.type not in ("string", None) or p.enum or p.name in f.args for p in required):
        return
    tokens = reading.text.tokens
    colon = next((i for i, t in enumerate(tokens) if t.text in LEX.title_breaks), None)
    if colon is None:
        return
    end = len(tokens)
    while end > colon + 1 and tokens[end - 1].kind == "punct":
        end -= 1  # "... -> Canberra."
    marks = [i for i in range(colon + 1, end) if tokens[i].text in LEX.pair_marks]
    if len(marks) != 1:
        return
    left, right = list(range(colon + 1, marks[0])), list(range(marks[0] + 1, end))
    if not left or not right or f.used & {*left, *right}:
        return
    first, second = required
    f.set(first, text_of(reading, left), [colon, *left], reading.text.slice(left))
    f.set(second, text_of(reading, right), [marks[0], *right], reading.text.slice(right))
