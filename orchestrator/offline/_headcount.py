"""How many a record is for, said "for 2": "I cooked the aglio e olio tonight for 2" logs a
cook of 2 servings, "book a table for 4" a party of 4, for the one number parameter named for a
count of people (lexicon `HEADCOUNT_WORDS`: `servings`, `party_size`, `guests`). The number
closes its clause (nothing but a mark after it) and no other value took it.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["headcount"]


def headcount(reading: Request, f: Fill, tool: ToolView) -> None:
    """The count said "for N", for the tool's one parameter of how many people (docstring)."""
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.type == "integer"
        and p.role in ("number", "count")
        and set(p.words) & LEX.headcount_words
    ]
    if len(params) != 1:
        return
    tokens = reading.text.tokens
    for value in reading.typed("number"):
        i, end = value.tokens[0], value.tokens[-1] + 1
        if f.used & set(value.tokens) or i == 0 or i - 1 in f.used:
            continue
        closes = end == len(tokens) or tokens[end].kind == "punct"
        whole = float(value.value).is_integer() and value.value >= 1
        if tokens[i - 1].norm in LEX.headcount_leads and closes and whole:
            span = [i - 1, *value.tokens]
            f.set(params[0], int(value.value), span, reading.text.slice(span))
            return
