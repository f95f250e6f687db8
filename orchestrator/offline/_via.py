"""How a thing was sent or where it came from, said after "via" or "through" ("applied via
Workable", "sent it through linkedin", "through a referral from my old manager"): the one
parameter named for it (lexicon `CHANNEL_WORDS`: `channel`, `source`, `method`) takes the words
after the lead, to a mark or a word read."""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["said_via"]


def said_via(reading: Request, f: Fill, tool: ToolView) -> None:
    """The channel said after "via" or "through" (the module docstring)."""
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args and p.type == "string" and set(p.words) & LEX.channel_words
    ]
    if len(params) != 1:
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in LEX.channel_leads or i in f.used:
            continue
        j = i + 1
        while j < len(tokens) and j not in f.used and is_function(tokens[j].norm):
            j += 1  # "through a referral"
        run = []
        while (
            j < len(tokens)
            and j not in f.used
            and tokens[j].kind in ("word", "path")
            and tokens[j].text not in LEX.dimension_stops
        ):
            run.append(j)
            j += 1
        if run and len(run) <= LEX.weights.channel_words_max:
            value = reading.text.slice(run)
            f.set(params[0], value, range(i, run[-1] + 1), reading.text.slice(range(i, j)))
            return
