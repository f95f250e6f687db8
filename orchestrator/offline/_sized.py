"""A length said in characters: "a 16 char password", "a 6 digit pin" (lexicon
`TEXT_LENGTH_UNITS`) is the whole number for the one integer parameter named for a length
(`length`, `len`, lexicon `TEXT_LENGTH_WORDS`), its unit no word left over; with two such
parameters, or none, nothing is taken.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["text_length"]


def text_length(reading: Request, f: Fill, tool: ToolView) -> None:
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args
        and p.type == "integer"
        and p.words
        and p.words[-1] in LEX.text_length_words
    ]
    if len(params) != 1:
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        unit = tokens[i + 1]
        if (
            tok.kind == "number"
            and tok.norm.isdigit()
            and unit.norm in LEX.text_length_units
            and not f.used & {i, i + 1}
        ):
            f.set(params[0], int(tok.norm), (i, i + 1), f"{tok.text} {unit.text}")
            return
