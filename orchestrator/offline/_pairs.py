"""A new record of two texts said as a pair: "make a flashcard: capital of Australia -> Canberra",
"new card: la mesa = the table". A create tool whose required values are two texts (a front and
a back, a term and its definition, a key and its value) takes what is said after the colon (or
the last comma: "another one, el gato = the cat"), around the one pair mark there (lexicon
`PAIR_MARKS`): the text before it for the first, the text after it, up to values read already
(", deck spanish"), for the second, as typed. Any other shape is left to the other fillers (and so
asked about).

A free map of texts (a secret's `fields`: an object of no properties whose every value is a
text) takes the fields said by their names (lexicon `FIELD_NAMES`), each before its one-word
value, a link between them or not (`FIELD_LINKS`): "user ana@example.com password Tr0ub4dor",
"network is HomeNet and password is blue-otter-42", "code 4417"; or the one field the record's
name says, its one-word value after the colon: "store my PSA account password as a secret:
hunter2-psa" (the last field's name before the colon, the name keeping its words). A value of
more than one word leaves the map to be asked for; a value taken into the map is never a
title's word.
"""

from __future__ import annotations

import re

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request, Token
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["field_values", "inline_pairs", "pair_values"]


def pair_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The two texts of a pair said after a colon, and a map's fields (see the module
    docstring)."""
    inline_pairs(reading, f, tool)  # "time:2h"
    field_values(reading, f, tool)
    required = [p for p in tool.params.values() if p.required]
    if tool.kind != "create" or len(required) != 2:
        return
    if any(p.type not in ("string", None) or p.enum or p.name in f.args for p in required):
        return
    tokens = reading.text.tokens
    marks = [i for i, t in enumerate(tokens) if t.text in LEX.pair_marks]
    asked = [i for i, t in enumerate(tokens) if t.text in LEX.question_marks]
    if not marks and len(asked) == 1 and asked[0] < len(tokens) - 1:
        marks = asked  # "add a card: what year did the berlin wall fall? 1989": a question,
    if len(marks) != 1:  # then its answer
        return
    breaks = [i for i in range(marks[0]) if tokens[i].text in (*LEX.title_breaks, ",")]
    if not breaks:
        return
    colon, end = breaks[-1], _pair_end(reading, f, marks[0])
    left, right = list(range(colon + 1, marks[0])), list(range(marks[0] + 1, end))
    if marks == asked:
        left.append(marks[0])  # the question keeps its mark
    if not left or not right or f.used & {*left, *right}:
        return
    first, second = required
    f.set(first, text_of(reading, left), [colon, *left], reading.text.slice(left))
    f.set(second, text_of(reading, right), [marks[0], *right], reading.text.slice(right))


def _pair_end(reading: Request, f: Fill, mark: int) -> int:
    """Where the second text of a pair ends: at the request's end, or at the comma after which
    only values read already are said ("el perro -> the dog, deck spanish")."""
    tokens = reading.text.tokens
    end = len(tokens)
    for i in range(mark + 1, end):
        rest = range(i + 1, end)
        if (
            tokens[i].text == ","
            and rest
            and all(k in f.used or tokens[k].kind == "punct" for k in rest)
        ):
            end = i
            break
    while end > mark + 1 and tokens[end - 1].kind == "punct":
        end -= 1  # "... -> Canberra."
    return end


_INLINE = re.compile(r"([a-z][a-z_-]*):([^\s:]+)$", re.I)


def inline_pairs(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "fixed the login bug #work time:2h", "walk by the river #exercise distance:8km": each
    `key:value` written as one word is a field of the tool's one free map of texts
    (`metadata`), as written; never a word of its text."""
    maps = [p for p in tool.params.values() if _text_map(p) and p.name not in f.args]
    if len(maps) != 1:
        return
    said: dict[str, str] = {}
    spans: list[int] = []
    for i, token in enumerate(reading.text.tokens):
        m = _INLINE.match(token.text) if token.kind == "other" and i not in f.used else None
        if m is not None:
            said[m.group(1)] = m.group(2)
            spans.append(i)
    if said:
        f.set(maps[0], said, spans, reading.text.slice(spans))


def _text_map(param: Param) -> bool:
    more = param.schema.get("additionalProperties")
    return (
        param.type == "object"
        and not param.schema.get("properties")
        and isinstance(more, dict)
        and more.get("type") == "string"
    )


def _named(f: Fill, i: int, tokens: tuple[Token, ...]) -> bool:
    """Whether the tool's noun at `i` names a field ("and secret s3cr3t"), not the record ("a
    secret github token ..."): no article before it."""
    before = tokens[i - 1].norm if i else ""
    return i in f.nouns and before not in {"", *LEX.determiners, *LEX.articles_new}


def _after_colon(reading: Request, f: Fill) -> tuple[str, list[int]] | None:
    """The field the record's name says last before the colon, and the colon and the one
    token after it, its value; None for any other shape ("password is x", two values after
    the colon, a name said as the record's kind: "a secret: ...")."""
    tokens = reading.text.tokens
    colon = next((i for i, t in enumerate(tokens) if t.text in LEX.title_breaks), None)
    if colon is None:
        return None
    rest = [k for k in range(colon + 1, len(tokens)) if tokens[k].kind != "punct"]
    if len(rest) != 1 or rest[0] in f.used or tokens[rest[0]].norm in LEX.field_names:
        return None
    names = [
        i
        for i in range(colon)
        if tokens[i].norm in LEX.field_names and (i not in f.used or _named(f, i, tokens))
    ]
    if not names or tokens[names[-1] + 1].norm in LEX.field_links:
        return None
    return tokens[names[-1]].norm, [colon, rest[0]]


def _qualifies(tokens: tuple[Token, ...], k: int, f: Fill) -> bool:
    """Whether the word at `k` qualifies the field name after it ("api key", "admin password"):
    a word of its own, no value read and no function word."""
    tok = tokens[k]
    return tok.kind == "word" and k not in f.used and not is_function(tok.norm)


def field_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The fields of a new record's free map of texts, each said by its name (see the module
    docstring); none when a value runs on past one word."""
    maps = [  # (a required one: a secret's `fields`; never a note's optional `metadata`)
        p for p in tool.params.values() if _text_map(p) and p.required and p.name not in f.args
    ]
    if tool.kind != "create" or len(maps) != 1:
        return
    tokens = reading.text.tokens
    one = _after_colon(reading, f)
    if one is not None:  # "my PSA account password as a secret: hunter2-psa"
        name, said = one
        f.set(maps[0], {name: tokens[said[-1]].text}, said, text_of(reading, said))
        return
    labels = {w for p in tool.params.values() for w in p.words}
    fields: dict[str, str] = {}
    spent: list[int] = []
    for i, tok in enumerate(tokens):
        named = i not in f.used or _named(f, i, tokens)
        if tok.norm not in LEX.field_names or i in spent or not named:
            continue
        at = i + 1
        if at < len(tokens) and tokens[at].norm in LEX.field_links:
            at += 1
        if at >= len(tokens) or at in f.used or tokens[at].kind == "punct":
            continue  # "my wifi password, ...": the secret's name, no field
        value = tokens[at]
        if value.norm in LEX.field_names or is_function(value.norm):
            continue
        after = tokens[at + 1] if at + 1 < len(tokens) else None
        if after is not None and not (
            after.kind == "punct"
            or after.norm in LEX.field_names | labels
            or is_function(after.norm)
        ):
            return  # "password is blue otter": where it ends is for the user to say
        start, name = i, tok.norm
        if i > 1 and _qualifies(tokens, i - 1, f) and tokens[i - 2].kind == "punct":
            start, name = i - 1, f"{tokens[i - 1].norm}_{tok.norm}"  # ", api key X": `api_key`
        fields.setdefault(name, value.text)
        spent.extend(range(start, at + 1))
    if fields:
        f.set(maps[0], fields, spent, text_of(reading, spent))
