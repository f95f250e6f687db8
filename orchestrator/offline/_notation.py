"""A value written in the notation a parameter's examples show, unquoted ("Dice to roll, e.g.
d20, 1d20+5, 2d6+1d4+3"): the one word of the request written only in the examples' letters,
digits and signs, with a letter and a digit ("roll a d20+5 for Torvald's perception": d20+5),
is the value, never the words left over ("Torvald's")."""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["notation_values"]

_EXAMPLE = re.compile(r"^(?=.*\d)(?=.*[a-z])[^\s,;]+$")
_AT_LEAST = 2  # examples a description gives before they show a notation


@lru_cache(maxsize=4096)
def _alphabet(text: str) -> frozenset[str]:
    """The characters of the notation a parameter's description (`text`) shows by unquoted
    examples, or none when it gives fewer than two such examples (read once per description:
    every turn fills many tools)."""
    for lead in LEX.example_leads:
        at = text.find(lead)
        if at < 0:
            continue
        said = text[at + len(lead) :].split(")")[0].split(".")[0]
        examples = [w.strip() for w in re.split(r",|\bor\b", said) if w.strip()]
        shaped = [w for w in examples if _EXAMPLE.match(w)]
        if len(shaped) >= _AT_LEAST and len(shaped) == len(examples):
            return frozenset("".join(shaped))
    return frozenset()


def notation_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one word written in a text parameter's notation, for it (see the module)."""
    tokens = reading.text.tokens
    for param in tool.params.values():
        if param.type != "string" or param.name in f.args or param.enum:
            continue
        alphabet = _alphabet(param.describe)
        if not alphabet:
            continue
        found = [
            i
            for i, t in enumerate(tokens)
            if i not in f.used
            and _EXAMPLE.match(t.text.lower())
            and set(t.text.lower()) <= alphabet
        ]
        if len(found) == 1:
            f.set(param, tokens[found[0]].text, found, tokens[found[0]].text)
