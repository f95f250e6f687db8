"""A value written in the words its description's examples are made of: `pattern`, "free text
describing what you heard, e.g. "10 short", "1 long, 2 short", "continuous"", is "1 long 2
short" of "award bios 1 long 2 short beeps", never the request's other words.

The value is the longest run of the request's free words each of which is a number, a word of
the examples, or a word that joins them (lexicon `LIST_JOINERS`), with at least one word of the
examples and two words in all (or one example whole). Only a text parameter whose description
gives two quoted examples or more after a word that leads them (lexicon `EXAMPLE_LEADS`) takes
it, and only one such parameter.

An example said whole is its parameter's (`example_named`): "in the highlands" is `region`
"highland" where its description says "Region such as highland", for a parameter whose examples
are one word each, where no other parameter's examples say it, never a function word.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, free_tokens
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["example_named", "example_words"]

_SHORTEST = 2  # letters of an example said alone, more than ("the" of "e.g. the ...": none)

_QUOTED = re.compile(r"[\"“]([^\"”\n]{1,40})[\"”]|'([^'\n]{1,40})'")  # (spaces inside)


def example_words(reading: Request, f: Fill, tool: ToolView) -> None:
    """The run of words its examples are made of, into the one text parameter they show."""
    params = [
        p
        for p in tool.params.values()
        if p.name not in f.args and p.type in ("string", None) and not p.enum and _examples(p)
    ]
    if len(params) != 1:
        return
    param = params[0]
    examples = _examples(param)
    vocabulary = {w for example in examples for w in re.findall(r"[^\W\d_]+", example)}
    tokens = reading.text.tokens
    free = set(free_tokens(reading, f))
    best: list[int] = []
    run: list[int] = []
    for i, tok in enumerate([*tokens, None]):
        fits = (
            tok is not None
            and i in free
            and (tok.text.isdigit() or tok.norm in vocabulary or tok.norm in LEX.list_joiners)
        )
        if fits:
            run.append(i)
            continue
        while run and tokens[run[-1]].norm in LEX.list_joiners:
            run.pop()
        while run and tokens[run[0]].norm in LEX.list_joiners:
            run.pop(0)
        said = [tokens[k].norm for k in run]
        whole = " ".join(said) in examples
        if any(w in vocabulary for w in said) and (len(run) > 1 or whole) and len(run) > len(best):
            best = run
        run = []
    if best:
        f.set(param, reading.text.slice(best), best, reading.text.slice(best))


def _examples(param: Param) -> frozenset[str]:
    """The quoted examples its description gives after a word that leads them, two or more
    (spaces inside: "1 long, 2 short"), lower case; none when it gives fewer."""
    return _quoted_examples(param.describe, param.own)


@lru_cache(maxsize=1024)
def _quoted_examples(*texts: str) -> frozenset[str]:
    for text in texts:
        for lead in LEX.example_leads:
            at = text.find(lead)
            said = _QUOTED.findall(text[at + len(lead) :]) if at >= 0 else []
            found = [(a or b).strip().lower() for a, b in said]
            if len(found) >= 2:
                return frozenset(found)
    return frozenset()


def example_named(reading: Request, f: Fill, tool: ToolView) -> None:
    """An example its description gives, said ("in the highlands" for `region`, "Region such
    as highland"), into each text parameter whose examples are one word each, where no other
    parameter's examples say it."""
    tokens = reading.text.tokens
    params = [
        p for p in tool.params.values() if p.type in ("string", None) and not p.enum and p.one_word
    ]
    for param in params:
        if param.name in f.args:
            continue
        others = {v for p in params if p is not param for v in p.plain_examples}
        said = [
            i
            for i, t in enumerate(tokens)
            if i not in f.used
            and t.kind == "word"
            and singular(t.norm) in param.plain_examples
            and singular(t.norm) not in others
            and not is_function(t.norm)
            and len(t.norm) > _SHORTEST
        ]
        if len(said) == 1:
            at = said[0]
            value = singular(tokens[at].norm)
            before = [at - 1] if at and tokens[at - 1].norm in LEX.articles else []
            f.set(param, value, [*before, at], tokens[at].text)
