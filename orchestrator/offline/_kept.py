"""A list a server keeps whole, whose one write replaces it (`TodoWrite`: "Update the entire task
list (complete replacement)", beside a `TodoRead` that needs nothing): a change to one item is
the list read first, that one item added, changed or taken out, and the whole list written back
with every other item as it was read.

The fields of an item come from the items' schema or, when it has none, from the parameter's
description ("- status: Current status (pending, in_progress, completed)"); a value is set only
where the words name it ("high priority", "start on ...", "I've booked the flights": the done
one), the item only where the words name exactly one (its text's words), and a new item only
with its text in quotes. Anything less is asked, never guessed. Nothing here knows a server.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from orchestrator.offline._answer import describe_result
from orchestrator.offline._ask import ask_for
from orchestrator.offline._enums import find_enum, find_enum_in
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import stem, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._types import Ask, CallTool, Done, MadeCall, Step
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["Kept", "kept_list", "kept_step"]


@dataclass(frozen=True)
class Kept:
    """The tool that writes the whole list, its list parameter, and the tool that reads it."""

    writer: ToolView
    param: Param
    reader: ToolView


def kept_list(tools: Sequence[ToolView]) -> Kept | None:
    """The whole-list writer among `tools` and its reader, or None."""
    return _kept_list(tuple(tools))


@lru_cache(maxsize=64)  # the router keeps its views: the same tools come back each turn
def _kept_list(tools: tuple[ToolView, ...]) -> Kept | None:
    for tool in tools:
        if tool.kind in (None, "read", "check") or len(tool.required) != 1:
            continue
        param = tool.required[0]
        said = set(words_of(f"{tool.description} {param.describe}"))
        if param.role != "objects" or not said & LEX.whole_list_words:
            continue
        reader = next(
            (
                r
                for r in tools
                if r.kind == "read"
                and not r.required
                and r.nouns & tool.nouns
                and r.server == tool.server
            ),
            None,
        )
        if reader is not None:
            return Kept(tool, param, reader)
    return None


def _fields(param: Param) -> dict[str, list[str]]:
    """Each field of an item, with the values it takes when the schema or description says."""
    items = param.schema.get("items") or {}
    props = items.get("properties") if isinstance(items, dict) else None
    if isinstance(props, dict) and props:
        return {
            name: [v for v in (p.get("enum") or []) if isinstance(v, str)]
            for name, p in props.items()
            if isinstance(p, dict)
        }
    fields: dict[str, list[str]] = {}
    for line in param.describe.splitlines():
        found = _FIELD.match(line)
        if found:
            listed = _VALUES.search(found.group(2))
            values = [v.strip() for v in listed.group(1).split(",")] if listed else []
            fields[found.group(1)] = [v for v in values if v]
    return fields


_FIELD = re.compile(r"^\s*[-*]\s*(\w+)\s*:\s*(.*)$")
_VALUES = re.compile(r"\(([\w\s,]+)\)")


def _items(output: Any, param: Param) -> list[dict[str, Any]] | None:
    """The list of items a read returned: the list itself, or the one list of objects in it."""
    if isinstance(output, list) and all(isinstance(i, dict) for i in output):
        return list(output)
    if isinstance(output, dict):
        lists = [v for v in output.values() if isinstance(v, list)]
        if len(lists) == 1 and all(isinstance(i, dict) for i in lists[0]):
            return list(lists[0])
    return None


def _text_field(fields: dict[str, list[str]], ident: str | None) -> str | None:
    """The field that holds an item's words: one its name says is text, else the first free
    one that is not its id."""
    free = [f for f in fields if not fields[f] and f != ident]
    texts = LEX.labelish | LEX.title_words | LEX.body_words
    return next((f for f in free if f in texts), free[0] if free else None)


def _id_field(param: Param, fields: dict[str, list[str]]) -> str | None:
    """The field that identifies an item: named so, or described as unique."""
    for name in fields:
        if name in LEX.id_words:
            return name
    for line in param.describe.splitlines():
        found = _FIELD.match(line)
        if found and set(words_of(found.group(2))) & LEX.unique_words:
            return found.group(1)
    return None


def _enum_param(name: str, values: list[str]) -> Param:
    schema = {"type": "string", "enum": values}
    return Param(name, schema, "enum", False, tuple(words_of(name)), "")


def _declared_done(reading: Request) -> bool:
    """ "I've booked the flights": the user says, in the past tense, that a thing is done."""
    words = [t.norm for t in reading.text.tokens if t.kind == "word"]
    k = 1 if words[:1] and words[0] in LEX.self_contracted else 0
    if not k and words[:1] and words[0] in LEX.self:
        k = 1
    if not k:
        return reading.action.kind == "update" and reading.action.verb in LEX.done_verbs
    while k < len(words) and words[k] in LEX.declare_skip:
        k += 1
    return k < len(words) and (words[k] in LEX.past_tenses or words[k].endswith(LEX.past_suffix))


def _taken_off(reading: Request) -> bool:
    """ "take X off the list": an item taken out."""
    norms = [t.norm for t in reading.text.tokens]
    return any(
        w in LEX.taken_off and any(n in LEX.list_words | LEX.kept_list_words for n in norms[i:])
        for i, w in enumerate(norms)
    )


def _named_item(
    reading: Request, items: list[dict[str, Any]], text: str, skip: set[int]
) -> int | None:
    """The one item whose text the request's words name (the most words of it), or None."""
    said = {
        stem(t.norm)
        for i, t in enumerate(reading.text.tokens)
        if t.kind == "word"
        and i not in skip
        and i not in reading.action.tokens
        and t.norm not in LEX.plain_words
        and t.norm not in LEX.list_words | LEX.kept_list_words
    }
    scores = [len(said & {stem(w) for w in words_of(str(i.get(text, "")))}) for i in items]
    best = max(scores, default=0)
    if best == 0 or scores.count(best) > 1:
        return None
    return scores.index(best)


def _next_id(items: list[dict[str, Any]], name: str) -> Any:
    ids = [i.get(name) for i in items]
    numbers = [int(str(v)) for v in ids if str(v).isdigit()]
    if len(numbers) != len(ids):
        return None
    top = max(numbers, default=0) + 1
    return top if ids and all(isinstance(v, int) for v in ids) else str(top)


def kept_step(
    reading: Request, kept: Kept, calls: Sequence[MadeCall], best: ToolView | None, score: float
) -> Step | None:
    """This turn's step for a request about the kept list, or None when it is not one (another
    tool is well ahead, or it asks for nothing this can do)."""
    named = bool(reading.words & LEX.kept_list_words)  # "my trip checklist": this list
    if (best not in (kept.writer, kept.reader, None) and not named) or reading.everything:
        return None
    done = {c.name: c for c in calls if c.done}
    if kept.writer.name in done:
        call = done[kept.writer.name]
        return Done(
            describe_result(kept.writer, {}, call.status, call.output, None, ""),
        )
    change = reading.action.kind in ("create", "update", "delete", "run")
    change = change or _declared_done(reading) or _taken_off(reading)
    if not change and not named and (best is None or score < W.min_score - W.margin):
        return None
    read = done.get(kept.reader.name)
    if read is None:
        return CallTool(kept.reader.name, {})
    if not change:
        return Done(describe_result(kept.reader, {}, read.status, read.output, None, ""))
    items = _items(read.output, kept.param)
    fields = _fields(kept.param)
    ident = _id_field(kept.param, fields)
    text = _text_field(fields, ident)
    if items is None or text is None:
        return None
    new = _changed(reading, kept, items, fields, text, ident)
    if isinstance(new, Ask):
        return new
    return CallTool(kept.writer.name, {kept.param.name: new})


def _changed(
    reading: Request,
    kept: Kept,
    items: list[dict[str, Any]],
    fields: dict[str, list[str]],
    text: str,
    ident: str | None,
) -> list[dict[str, Any]] | Ask:
    """The whole list with the one change the request asks for, or the question back."""
    tokens = reading.text.tokens
    quoted = [t.inner for t in tokens if t.kind == "quoted"]
    request = reading.text.original
    valued: dict[str, str] = {}
    used: set[int] = set()
    for name, values in fields.items():
        if not values:
            continue
        param = _enum_param(name, values)
        found = find_enum(reading, param, (), kept.writer)
        if found is not None:
            valued[name] = found[0]
            used.update(found[1])
    if reading.action.kind == "create" and not _taken_off(reading):
        if len(quoted) != 1:
            wanted = Param(text, {"type": "string"}, "title", True, (text,), "")
            return Ask(ask_for(request, kept.writer, {}, [wanted]))
        item: dict[str, Any] = {text: quoted[0]}
        if ident is not None:
            item = {ident: _next_id(items, ident), **item}
            if item[ident] is None:
                return Ask(ask_for(request, kept.writer, {}, [_enum_param(ident, [])]))
        for name, values in fields.items():
            if not values or name in valued:
                continue
            status = find_enum_in(
                reading, _enum_param(name, values), [], kept.writer, LEX.done_word
            )
            neutral = [v for v in values if v in LEX.neutral_values]
            if status is not None:
                valued[name] = values[0]  # a new item starts in its status's first state
            elif neutral:
                valued[name] = neutral[0]  # a level not said: the middle one the field has
            else:
                return Ask(ask_for(request, kept.writer, {}, [_enum_param(name, values)]))
        return [*items, {**item, **valued}]
    index = _named_item(reading, items, text, used)
    if index is None:
        return Ask(ask_for(request, kept.writer, {}, [_enum_param(text, [])]))
    if reading.action.kind == "delete" or _taken_off(reading):
        return [i for n, i in enumerate(items) if n != index]
    if not valued and _declared_done(reading):
        for name, values in fields.items():
            done = find_enum_in(reading, _enum_param(name, values), [], kept.writer, LEX.done_word)
            if values and done is not None:
                valued[name] = done
    if not valued:
        return Ask(
            ask_for(request, kept.writer, {}, [_enum_param(f, v) for f, v in fields.items() if v])
        )
    return [({**i, **valued} if n == index else i) for n, i in enumerate(items)]
