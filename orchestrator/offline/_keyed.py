"""The key of a tool that sets a value under a key (`ToolView.upserts`: `set_word_status(word,
status)`, `set_preference(key, value)`): once the value is read ("with status 2"), the words
left, one run of them, name what it is set for ("add Quintessential with status 2": the word
Quintessential). A text in quotes among them is the key alone ("i nailed 'meticulous'"); a
pronoun, or words in two places, leave it unsaid (and so asked for).
"""

from __future__ import annotations

from itertools import pairwise

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, free_tokens, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["key_left"]


def key_left(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one text key `tool` sets a value under, from the words left (see the module)."""
    if not tool.upserts:
        return
    keys = [p for p in tool.required if p.type == "string" and p.name not in f.args]
    values = [p for p in tool.required if p not in keys]
    if len(keys) != 1 or not values or any(p.name not in {*f.args, *f.misfits} for p in values):
        return  # (the value first: "add Quintessential" alone sets nothing; "status 4" of 1-3
        # is said, and asked about)
    tokens = reading.text.tokens
    free = [i for i in free_tokens(reading, f) if tokens[i].kind != "punct"]
    quoted = [i for i in free if tokens[i].kind == "quoted"]
    kept = quoted if len(quoted) == 1 else trim(reading, free)
    if not kept or any(b - a != 1 for a, b in pairwise(kept)):
        return
    if any(tokens[i].norm in LEX.object_pronouns for i in kept):
        return  # "set status 2 for it": for what?
    if all(is_function(tokens[i].norm) for i in kept):
        return
    f.set(keys[0], text_of(reading, kept), kept, reading.text.slice(kept))
