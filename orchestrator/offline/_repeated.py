"""A time said again and again ("remind me to take vitamins every morning") where the tool that
makes the record has no parameter that takes a repetition (lexicon `REPEAT_PARAM_WORDS`): the
record is made once, the words of the repetition kept out of its title, with no date (one date
would be a value nobody said), and the answer says it was made once. Said with a date or a
time too ("every monday at 9"), it still asks, as before."""

from __future__ import annotations

from itertools import pairwise

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["made_once", "repeat_unkept"]


def _span(reading: Request) -> list[int]:
    """The tokens of the repetition said ("every morning", "each other day"), else none."""
    tokens = reading.text.tokens
    for (i, a), (_, b) in pairwise(enumerate(tokens)):
        if a.norm in LEX.repeat_leads and b.norm in LEX.repeat_units:
            end = i + 1
            while end + 1 < len(tokens) and tokens[end].norm in LEX.repeat_between:
                if tokens[end + 1].norm not in LEX.repeat_units:
                    break
                end += 1
            return list(range(i, end + 1))
    return []


def _takes_repeat(tool: ToolView) -> bool:
    """Whether a parameter of the tool takes a repetition: named or described so."""
    for p in tool.params.values():
        said = {singular(w) for w in (*words_of(p.name), *p.describe.split(), *p.own.split())}
        if said & LEX.repeat_param_words:
            return True
    return False


def made_once(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a repetition, and no date, to a new record's tool that takes
    none: the record is made once."""
    return (
        tool.kind == "create"
        and reading.when is None
        and bool(_span(reading))
        and not _takes_repeat(tool)
    )


def repeat_unkept(reading: Request, f: Fill, tool: ToolView) -> None:
    """The repetition's words, in a request `made_once`, are understood: no title holds them."""
    if made_once(reading, tool):
        f.used.update(_span(reading))
