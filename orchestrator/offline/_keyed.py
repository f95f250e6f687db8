"""The key of a tool that sets a value under a key (`ToolView.upserts`: `set_word_status(word,
status)`, `set_preference(key, value)`): once the value is read ("with status 2"), the words
left, one run of them, name what it is set for ("add Quintessential with status 2": the word
Quintessential). A text in quotes among them is the key alone ("i nailed 'meticulous'"); a
pronoun, or words in two places, leave it unsaid (and so asked for).

Said as a change of one record ("update meticulous to 2", "mark 'conundrum' as not mastered",
lexicon `CHANGE_MARKERS`), the words before the marker are the key and a number after it the
value, when the tool takes one text and one number; words after it that no value is read from
("fully mastered") leave the value to be asked for, the key said.

A record deleted by its one text key (`delete_event_chart(label, confirm)`) is named by the one
run of words left beside its noun ("delete the lisbon-quake event chart", "delete the event
chart lisbon-quake"): the key.
"""

from __future__ import annotations

from itertools import pairwise

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, free_tokens, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["deleted_by_key", "key_left"]

_NUMBERS = ("integer", "number")
_KEYS = ("label", "key", "title")


def key_left(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one text key `tool` sets a value under, from the words left (see the module)."""
    if not tool.upserts:
        return
    keys = [p for p in tool.required if p.type == "string" and p.name not in f.args]
    values = [p for p in tool.required if p not in keys]
    if len(keys) == 1 and len(values) == 1 and values[0].name not in {*f.args, *f.misfits}:
        _changed_to(reading, f, keys[0], values[0])
        if keys[0].name in f.args:
            return
    if len(keys) != 1 or not values or any(p.name not in {*f.args, *f.misfits} for p in values):
        return  # (the value first: "add Quintessential" alone sets nothing; "status 4" of 1-3
        # is said, and asked about)
    tokens = reading.text.tokens
    free = [i for i in free_tokens(reading, f) if tokens[i].kind != "punct"]
    quoted = [i for i in free if tokens[i].kind == "quoted"]
    kept = quoted if len(quoted) == 1 else trim(reading, free)
    if _names_key(reading, kept):
        f.set(keys[0], text_of(reading, kept), kept, reading.text.slice(kept))


def deleted_by_key(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one text key a delete takes, from the one run of words left (see the module)."""
    if tool.kind != "delete":
        return
    keys = [p for p in tool.required if p.role != "flag"]
    if len(keys) != 1 or keys[0].name in f.args or keys[0].type != "string":
        return
    if keys[0].role not in _KEYS or keys[0].enum:
        return
    tokens = reading.text.tokens
    free = [i for i in free_tokens(reading, f) if tokens[i].kind != "punct"]
    quoted = [i for i in free if tokens[i].kind == "quoted"]
    kept = quoted if len(quoted) == 1 else trim(reading, free)
    if _names_key(reading, kept):
        f.set(keys[0], text_of(reading, kept), kept, reading.text.slice(kept))


def _names_key(reading: Request, kept: list[int]) -> bool:
    """Whether `kept` is one run of words that can name a key: no pronoun ("set status 2 for
    it": for what?), not function words alone."""
    tokens = reading.text.tokens
    if not kept or any(b - a != 1 for a, b in pairwise(kept)):
        return False
    if any(tokens[i].norm in LEX.object_pronouns for i in kept):
        return False
    return not all(is_function(tokens[i].norm) for i in kept)


def _changed_to(reading: Request, f: Fill, key: Param, value: Param) -> None:
    """ "meticulous to 2", "'conundrum' as not mastered": the key before the change marker,
    and the number after it, the value (see the module)."""
    if value.type not in _NUMBERS:
        return
    tokens = reading.text.tokens
    free = [i for i in free_tokens(reading, f) if tokens[i].kind != "punct"]
    marks = [i for i in free if tokens[i].norm in LEX.change_markers]
    if len(marks) != 1:
        return
    mark = marks[0]
    before = [i for i in free if i < mark]
    after = [i for i in free if i > mark]
    if not after or any(b - a != 1 for a, b in pairwise([*before, mark, *after])):
        return  # (one run: the key, the marker, what it is changed to)
    kept = trim(reading, before)
    if not _names_key(reading, kept) or kept[-1] != mark - 1:
        return
    if len(after) == 1 and tokens[after[0]].kind == "number":
        number = float(tokens[after[0]].norm)
        if value.type == "integer" and not number.is_integer():
            return
        said = int(number) if value.type == "integer" else number
        f.set(value, said, [mark, after[0]], reading.text.slice([mark, after[0]]))
    elif any(tokens[i].kind != "word" for i in after):
        return
    f.set(key, text_of(reading, kept), kept, reading.text.slice(kept))
