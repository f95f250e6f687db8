"""Proper names among the words of a request (user trial 37).

A name written in a script of ideographs or syllables (Chinese, Japanese, Korean) among words
of another script is the whole of a name parameter's value ("is 赵六 even in the system? whats
his score": 赵六, never "赵六 even in the system? whats his"; "what did the guy surnamed 王
score": 王), for a parameter named for a name (`name`, `player_name`), never a title or a text
of the record's, which may mix them. The other words are left as they were read.

Two names joined as one record's name ("pls register 孙七 and 周八, token 智元": one player
"孙七 and 周八"): each is a proper name alone, written so or capitalised where no sentence
starts, and the joined names are two records, not one. The record keeps the first name and the
rest is left unaccounted for, so the router asks rather than write a record nobody meant."""

from __future__ import annotations

import unicodedata

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["joined_names", "name_in_script"]


def _unspaced(tok: Token) -> bool:
    """A word written in a script of ideographs or syllables: 孙七, 김민수, やまだ."""
    return tok.kind == "word" and all(unicodedata.category(c) == "Lo" for c in tok.text)


def name_in_script(reading: Request, f: Fill, tool: ToolView) -> None:
    """A name parameter's value cut to its one run of words in an unspaced script, where the
    value mixes scripts and the request says no other such run (see the module)."""
    tokens = reading.text.tokens
    runs = [i for i, t in enumerate(tokens) if _unspaced(t)]
    if not runs or runs != list(range(runs[0], runs[-1] + 1)):
        return
    ident = tool.identifier
    if (
        ident is not None
        and LEX.name_word in ident.words
        and set(runs) < set(f.reference_tokens)
        and ident.name not in f.args
    ):  # "is 赵六 even in the system?": the player looked up is 赵六
        f.used.difference_update(set(f.reference_tokens) - set(runs))
        f.reference, f.reference_tokens = reading.text.slice(runs), runs
    for param in tool.params.values():
        span = sorted(f.spans.get(param.name, ()))
        if (
            LEX.name_word not in param.words
            or not isinstance(f.args.get(param.name), str)
            or not set(runs) < set(span)
        ):
            continue
        if not all(tokens[i].kind == "word" or tokens[i].kind == "punct" for i in span):
            continue
        f.set(param, reading.text.slice(runs), runs, reading.text.slice(runs))
        f.used.difference_update(set(span) - set(runs))


def _proper(tok: Token, at: int) -> bool:
    """A proper name on its own: written in an unspaced script, or capitalised past the start."""
    if tok.kind != "word":
        return False
    if _unspaced(tok):
        return True
    return at > 0 and tok.text[:1].isupper() and tok.text[1:].islower()


def joined_names(reading: Request, f: Fill, tool: ToolView) -> None:
    """A new record's name of two or more proper names joined (see the module): the first."""
    if tool.kind != "create":
        return
    tokens = reading.text.tokens
    for param in tool.role("title"):
        span = sorted(f.spans.get(param.name, ()))
        if len(span) < 3 or span != list(range(span[0], span[-1] + 1)):
            continue
        names = span[0::2]
        joins = span[1::2]
        if (
            len(span) % 2 == 0
            or not all(_proper(tokens[i], i) for i in names)
            or not all(tokens[i].norm in LEX.list_joiners for i in joins)
        ):
            continue
        first = span[0]
        f.set(param, tokens[first].text, [first], tokens[first].text)
        f.used.difference_update(span[1:])
