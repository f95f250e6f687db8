"""A text or a list an earlier call returned, carried into this call where the request points
back at it: "pull the keywords out of that posting", after a posting was fetched
(`fetch_job_posting` returned `{"text": ...}`), sends that text as `job_text`; "check it
against those keywords", after `extract_keywords` returned `{"keywords": [...]}`, sends that
list as `keywords`. Tools made to be chained by a model say so ("Use the ranked keyword list as
input to ats_gap_check"); the words "that posting" are no value of their own.

It points back by a word of the lexicon's `POINTING_WORDS` ("that", "those") before a noun of
the earlier call (a word of its tool's name or of the output's field: "posting", "keywords"),
or by "it"/"them" at the latest call. The value is carried when exactly one field of that
output fits the parameter: a text of a few words for a text parameter, a list of plain values
for a list, each named by a word of the parameter's name (`text` for `job_text`, `keywords`
for `keywords`). Else nothing is carried, and the parameter is filled or asked for as before.
Only what a read or a computation returned is carried, and only into a required parameter of
a tool that makes no record: a record's fields ("add a note to it" after a contact was made,
its `notes`) are never sent as a new value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._items import json_text
from orchestrator.offline._notation import fits_notation
from orchestrator.offline._phrase import Fill, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["carried", "carried_context", "carried_ids", "carried_input"]

_LOOK_BACK = 3  # the calls a request may point back at: the latest few
_TEXT_WORDS = 3  # a text carried has at least this many words ("out of that posting": none)
_RECORDS = ("create", "update", "delete")  # tools whose output is a record, never carried


def carried(
    reading: Request,
    f: Fill,
    tool: ToolView,
    earlier: Sequence[MadeCall],
    tools: Sequence[ToolView],
) -> None:
    """Each of `tool`'s required parameters the request fills with what an earlier call
    returned (see the module docstring), over what its own words filled where those words
    point back."""
    if tool.kind in _RECORDS:
        return
    kinds = {t.name: t.kind for t in tools}
    for back, call in enumerate(reversed(earlier[-_LOOK_BACK:])):
        output = call.output if isinstance(call.output, Mapping) else json_text(call.output)
        if not call.done or call.status != "ok" or not isinstance(output, Mapping):
            continue
        if kinds.get(call.name, "create") in _RECORDS:
            continue  # a record made or changed: its fields are no text to carry on
        said = _pointing(reading, call, output, latest=back == 0)
        if not said:
            continue
        filled = []
        for param in tool.required:
            value = _fitting(param, output)
            if value is None:
                continue
            spans = f.spans.get(param.name, set())
            if param.name in f.args and not spans & set(said):
                continue  # its own words, apart from the pointing ones: kept
            f.set(param, value, {*spans, *said}, reading.text.slice(said))
            filled.append(param.name)
        if filled:
            _without(reading, f, said, filled)
        return


def _without(reading: Request, f: Fill, said: list[int], filled: list[str]) -> None:
    """The pointing words taken out of the other texts that took them ("'Python developer'
    against those keywords": the quoted text alone)."""
    for name, spans in list(f.spans.items()):
        if name in filled or not spans & set(said) or not isinstance(f.args.get(name), str):
            continue
        tokens = reading.text.tokens
        kept = [i for i in sorted(spans) if i < min(said)]
        quoted = [i for i in kept if tokens[i].kind == "quoted"]
        if len(quoted) == 1:
            kept = quoted
        while kept and (
            tokens[kept[-1]].norm in LEX.prepositions or is_function(tokens[kept[-1]].norm)
        ):
            kept.pop()  # "... against"
        own = f.tool.params[name].words if name in f.tool.params else ()
        while kept and singular(tokens[kept[0]].norm) in own:
            kept.pop(0)  # "text '...'" for `resume_text`
        kept = trim(reading, kept)
        f.used.update(spans)  # (the words between stay accounted for: "against")
        if kept:
            f.set(name, text_of(reading, kept), kept, reading.text.slice(kept))
        else:
            del f.args[name]
            f.evidence.pop(name, None)
            f.spans.pop(name, None)


def _pointing(
    reading: Request, call: MadeCall, output: Mapping[str, Any], latest: bool
) -> list[int]:
    """The tokens that point back at `call`'s output: "that posting", "those keywords", or
    "it" when `call` is the latest."""
    tokens = reading.text.tokens
    nouns = {singular(w) for w in words_of(call.name)}
    nouns |= {singular(w) for key in output for w in words_of(str(key))}
    for i, token in enumerate(tokens[:-1]):
        if token.norm in LEX.pointing_words and singular(tokens[i + 1].norm) in nouns:
            return [i, i + 1]
    if latest:
        said = [i for i, t in enumerate(tokens) if t.norm in LEX.object_pronouns]
        said += [i for i, t in enumerate(tokens) if t.norm in LEX.possessive_pronouns]  # "its"
        words = [i for i, t in enumerate(tokens) if t.kind != "punct"]
        if words and tokens[words[-1]].norm in LEX.pointing_words:  # "molar mass of that"
            said.append(words[-1])
        return sorted(said)[:1]
    return []


def _fitting(param: Param, output: Mapping[str, Any]) -> Any:
    """The one field of `output` that fits `param`, by a word of its name and its type."""
    own = {singular(w) for w in words_of(param.name)}
    named = [
        value for key, value in output.items() if own & {singular(w) for w in words_of(str(key))}
    ]
    fits: list[Any]
    if param.type == "string":
        named += [  # "molar mass of that" after a lookup: its first match's `formula`
            v for k, v in _first_match(output).items() if own & {singular(w) for w in words_of(k)}
        ]
        fits = [
            v
            for v in named
            if isinstance(v, str)
            and (
                len(v.split()) >= _TEXT_WORDS  # a text, or one code for a parameter that
                or (fits_notation(param, v) is not None and len(v.split()) == 1)  # takes one
            )
        ]
    elif param.type == "array":
        fits = [
            v
            for v in named
            if isinstance(v, list) and v and all(isinstance(x, (str, int, float)) for x in v)
        ]
    else:
        fits = []
    return fits[0] if len(fits) == 1 else None


def carried_input(
    reading: Request,
    f: Fill,
    tool: ToolView,
    earlier: Sequence[MadeCall],
    tools: Sequence[ToolView],
) -> None:
    """The text the latest call worked on, sent again to another tool that takes it under the
    same name, where the request points back at it ("flesch score for: <text>", then "now the
    grade level for the same text", or "and does it sound upbeat?"): `text` as it was. Only
    from a read or a computation, only into a required text no word of the request gave
    (the pointing words "the same text" give none), and never into a tool that makes a
    record."""
    if tool.kind in _RECORDS or not earlier:
        return
    call = earlier[-1]
    kinds = {t.name: t.kind for t in tools}
    if not call.done or call.status != "ok" or kinds.get(call.name, "create") in _RECORDS:
        return
    tokens = reading.text.tokens
    for param in tool.required:
        value = call.arguments.get(param.name)
        if not isinstance(value, str) or len(value.split()) < _TEXT_WORDS:
            continue
        if param.type not in ("string", None):
            continue
        own = {singular(w) for w in param.words}
        said = (
            _same_said(reading, own)
            or [i for i, t in enumerate(tokens) if t.norm in LEX.object_pronouns][:1]
        )
        if not said:
            continue
        spans = f.spans.get(param.name, set())
        current = f.args.get(param.name)
        if param.name in f.args and not spans <= set(said) and not _loose(reading, current, spans):
            continue  # its own words: kept
        f.set(param, value, {*said, *spans}, reading.text.slice(said))


def _loose(reading: Request, value: object, spans: set[int]) -> bool:
    """Whether a text filled from the request is a few loose words, not a text to work on
    ("does it sound upbeat?": "sound"), where the request points back at one."""
    tokens = reading.text.tokens
    return (
        isinstance(value, str)
        and len(value.split()) < _TEXT_WORDS
        and not any(tokens[i].kind == "quoted" for i in spans)
    )


def _same_said(reading: Request, own: set[str]) -> list[int]:
    """The tokens of "the same text", "that text", "this one": pointing words and the
    parameter's own noun after them."""
    tokens = reading.text.tokens
    for i, token in enumerate(tokens[:-1]):
        if token.norm in LEX.pointing_words | {LEX.same_word}:
            nxt = singular(tokens[i + 1].norm)
            if nxt in own or nxt in LEX.generic_nouns:
                before = [i - 1] if i and tokens[i - 1].norm in LEX.determiners else []
                return [*before, i, i + 1]
    return []


def _first_match(output: Mapping[str, Any]) -> Mapping[str, Any]:
    """The first item of the one list of items a result holds (a search's preferred match),
    or nothing."""
    lists = [v for v in output.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    return lists[0][0] if len(lists) == 1 else {}


def carried_ids(f: Fill, tool: ToolView, earlier: Sequence[MadeCall]) -> None:
    """A list of ids a required parameter takes, none said, that an earlier call returned under
    that very name ("compare them" after `submit_rfq` returned `{"rfq_ids": [...]}`:
    `compare_quotes(rfq_ids)`), the latest such call's, of the last few."""
    for param in tool.required:
        if param.name in f.args or param.type != "array" or param.role not in ("keys", "list"):
            continue
        for call in reversed(earlier[-_LOOK_BACK:]):
            output = call.output if isinstance(call.output, Mapping) else json_text(call.output)
            if not call.done or call.status != "ok" or not isinstance(output, Mapping):
                continue
            held = output.get(param.name)
            if isinstance(held, list) and held and all(isinstance(v, str | int) for v in held):
                f.args[param.name] = list(held)
                f.evidence[param.name] = call.name
                break


def carried_context(
    f: Fill, tool: ToolView, earlier: Sequence[MadeCall], tools: Sequence[ToolView]
) -> None:
    """The id of what a conversation goes on in ("show me the last 5 log entries" after
    `new_game` returned `{"session_id": "6e22..."}`: `check_latest_logs(session_id)`): a
    required text id, none said, of a thing the tool does not act on itself (`session_id` of
    `observe`, never `todo_id` of `update_todo`, whose record is found as any reference is),
    that the latest call on the same server to return it gave under that very name. Never for
    a tool that deletes, nor where the request names a thing by words of its own."""
    if tool.destructive or tool.kind == "delete" or f.reference:
        return  # (words that name something else: "take the first one, ..." is no log)
    servers = {t.name: t.server for t in tools}
    for param in tool.required:
        if param.name in f.args or param.role != "id" or param.type not in ("string", None):
            continue
        if {w for w in param.words if w not in LEX.id_words} & tool.nouns:
            continue  # (the record the tool acts on: "it", or its name, says which)
        for call in reversed(earlier):
            output = call.output if isinstance(call.output, Mapping) else json_text(call.output)
            if servers.get(call.name) != tool.server or not isinstance(output, Mapping):
                continue
            held = output.get(param.name)
            if call.done and call.status == "ok" and isinstance(held, str) and held:
                f.args[param.name] = held
                f.evidence[param.name] = call.name
                break
