"""Values said one after another between commas, dashes or colons, for a record that takes
two texts or more ("physics - electrostatics, wrong, concept gap, 300 seconds" for
`log_performance_input(subject, concept, result, ...)`; "log: chemistry, thermodynamics,
unattempted"): where the other values are read and one required text is still unfilled, the
one part left whole is that text, and a text read across a dash or a colon ("physics -
electrostatics") is two, the first the text before it, in the order the schema gives them.

Only a part that is all its own words counts: never one that says what happened ("ran out of
time", "i misread the question": a past verb, "I"), nor one of two or more such parts (which
is which is asked). A text of the tool that has no other text to share with keeps its words."""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, free_tokens
from orchestrator.offline._read import Request, is_past
from orchestrator.offline._tokens import Token
from orchestrator.offline._tools import VERBS, Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["segment_values"]

_TEXTS = ("title", "label")
_VALUED = 2  # parts read as values, at least, for the request to be a list of them


def _open_texts(f: Fill, tool: ToolView) -> list[Param]:
    """The required plain texts still unfilled (no choices, no pattern, no format)."""
    return [
        p
        for p in f.missing()
        if p.role in _TEXTS
        and p.type == "string"
        and not p.enum
        and not p.allowed
        and not p.schema.get("pattern")
        and not p.schema.get("format")
    ]


def _parts(reading: Request) -> list[list[int]]:
    """The request's tokens in parts, between marks (lexicon `SEGMENT_MARKS`)."""
    parts: list[list[int]] = [[]]
    for i, tok in enumerate(reading.text.tokens):
        if _mark(tok):
            parts.append([])
        else:
            parts[-1].append(i)
    return [p for p in parts if p]


def _opens_part(reading: Request, at: int) -> bool:
    """Whether token `at` opens the request or a part of it, after a mark or a heading's colon."""
    return at == 0 or _mark(reading.text.tokens[at - 1])


def _mark(token: Token) -> bool:
    return token.kind in ("punct", "other") and token.text in LEX.segment_marks


def _says_what_happened(reading: Request, part: list[int]) -> bool:
    """Whether a part says what was done or is to be done ("ran out of time", "i misread
    it", "put it under"): a verb, "I" or "it", no value."""
    tokens = reading.text.tokens
    return any(
        tokens[i].norm in LEX.self
        or tokens[i].norm in LEX.object_pronouns
        or tokens[i].norm in VERBS
        or is_past(tokens[i].norm)
        for i in part
    )


def segment_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one text a record still needs, from the one part of the request left whole; or the
    two texts a part read as one holds, split at its mark."""
    if tool.kind != "create" or "," not in reading.text.original:
        return
    open_texts = _open_texts(f, tool)
    if len(open_texts) != 1:
        return
    wanted = open_texts[0]
    tokens = reading.text.tokens
    free = set(free_tokens(reading, f))
    valued = [  # parts that are a value each ("wrong", "concept gap", "300 seconds")
        part
        for part in _parts(reading)
        if any(i in set().union(*f.spans.values()) for i in part)
        and all(i not in free or is_function(tokens[i].norm) for i in part)
        and not set(part) & set(reading.action.tokens)  # (the verb's own part: no value)
    ]
    if len(valued) < _VALUED:  # a list of values, not a sentence with a remark after a dash
        return
    whole = [
        words
        for part in _parts(reading)
        if (words := [i for i in part if not is_function(tokens[i].norm)])
        and all(i in free for i in words)
        and tokens[words[0]].kind == "word"
        and not _says_what_happened(reading, part)
    ]
    if len(whole) == 1:
        part = range(whole[0][0], whole[0][-1] + 1)
        f.set(wanted, reading.text.slice(part), part, reading.text.slice(part))
        return
    if whole:
        return
    order = list(tool.params)
    for name, span in list(f.spans.items()):  # "physics - electrostatics": two texts
        param = tool.params.get(name)
        if (
            param is None
            or param.role not in _TEXTS
            or order.index(name) > order.index(wanted.name)
        ):
            continue
        marks = [i for i in sorted(span) if _mark(tokens[i])]
        value = f.args.get(name)
        if len(marks) != 1 or not isinstance(value, str) or tokens[marks[0]].text not in value:
            continue  # (the value itself holds the mark: "physics - electrostatics")
        first = [i for i in sorted(span) if i < marks[0]]
        second = [i for i in sorted(span) if i > marks[0]]
        if not first or not second or not _opens_part(reading, first[0]):
            continue  # (a value said after the verb, "add Lena ... - CTO", is one text)
        f.set(param, reading.text.slice(first), first, reading.text.slice(first))
        f.set(wanted, reading.text.slice(second), second, reading.text.slice(second))
        f.used.add(marks[0])
        return
