"""The name of what a new record belongs to, for the field named for it: a create tool with a
name of its own to give (its required title, `subject`) that also takes another name (`set_name`:
the set the card is of) reads that other name where the request says it ends with the field's
noun ("a 1999 Base Set Charizard": Base Set), or after "from" right after the record's own words
("a Blastoise from Base Set", "Umbreon VMAX 215 from Evolving Skies"), or right before the
record's number after a comma ("Charizard ex, Obsidian Flames #125"), unless a verb of getting
it says where it came from ("bought it from Kim": its source).

A name must stand out (capitalised) to be read so; anything else is left to the other steps.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["member_of"]


def member_of(reading: Request, f: Fill, tool: ToolView) -> None:
    """The name of what the new record belongs to, for the one field named for it."""
    holders = _holders(tool, f)
    if len(holders) != 1 or reading.text.original.isupper():
        return
    param = holders[0]
    run = (
        _ending_with_noun(reading, f, param)
        or _said_from(reading, f)
        or _before_its_number(reading, f, tool)
    )
    if run:
        named = run[1:] if reading.text.tokens[run[0]].norm == LEX.from_word else run
        f.set(param, reading.text.slice(named), run, reading.text.slice(run))


def _holders(tool: ToolView, f: Fill) -> list[Param]:
    """The open text fields named `<noun>_name` of a create tool whose record has a required
    name of its own: names of what it belongs to."""
    if tool.kind != "create" or not any(p.required for p in tool.role("title")):
        return []
    return [
        p
        for p in tool.role("label")
        if p.name not in f.args
        and p.type in ("string", None)
        and len(p.words) == 2
        and p.words[-1] == LEX.name_word
        and singular(p.words[0]) not in tool.nouns
    ]


def _capital(reading: Request, i: int) -> bool:
    tok = reading.text.tokens[i]
    return i > 0 and tok.kind == "word" and tok.text[:1].isupper() and not is_function(tok.norm)


def _ending_with_noun(reading: Request, f: Fill, param: Param) -> list[int]:
    """ "Base Set": capitalised words ending with the field's noun, capitalised too."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if singular(tok.norm) != param.words[0] or i in f.used or not _capital(reading, i):
            continue
        start = i
        while start - 1 not in f.used and _capital(reading, start - 1):
            start -= 1
        if start < i:
            return list(range(start, i + 1))
    return []


def _before_its_number(reading: Request, f: Fill, tool: ToolView) -> list[int]:
    """ "Charizard ex, Obsidian Flames #125": the capitalised words right before the number a
    `<noun>_number` field took, after a comma (the set's name, then the card's number in it)."""
    tokens = reading.text.tokens
    for param in tool.params.values():
        span = f.spans.get(param.name)
        if not span or param.words[-1:] != (LEX.number_word,):
            continue
        start = min(span)
        run: list[int] = []
        k = start - 1
        while k not in f.used and _capital(reading, k):
            run.insert(0, k)
            k -= 1
        if run and k >= 0 and tokens[k].text == ",":
            return run
    return []


def _said_from(reading: Request, f: Fill) -> list[int]:
    """ "a Blastoise from Base Set": "from" right after the record's words (no function word),
    then capitalised words; never after a verb of getting ("bought a Charizard from Kim")."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        if tok.norm != LEX.from_word or i in f.used or i == 0:
            continue
        before = tokens[i - 1]
        if before.kind not in ("word", "number") or is_function(before.norm):
            continue
        if any(t.norm in LEX.acquire_verbs for t in tokens[:i]):
            return []
        run = [i]
        k = i + 1
        while k < len(tokens) and k not in f.used and _capital(reading, k):
            run.append(k)
            k += 1
        if len(run) > 1:
            return run
    return []
