"""What "it" stands for, from the calls made before: the one item the last call listed, or the
record an earlier call made, changed or read, by the id its result gives ("Task created
successfully with ID: 1", "Added: #5 ...") or its arguments hold."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from orchestrator.offline._grouped import grouped
from orchestrator.offline._items import item_id, item_title, items_of, json_text, text_items
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "current_id",
    "earlier_id",
    "in_words",
    "listed_before",
    "listed_server",
    "made_id",
    "made_record",
    "named_before",
    "names_tool",
    "nouns_of",
    "place_of",
    "place_said",
    "record_of",
    "said_id",
]


def earlier_id(earlier: Sequence[MadeCall], tool: ToolView, ident: Param) -> str | int | None:
    """The id "it" stands for: the record an earlier call made, changed or read, or the one
    item the last call listed ("what's tagged devops?" / "mark it done"; for an exact title, its
    title: "what's in review?" / "approve it")."""
    last = earlier[-1] if earlier else None
    listed = (items_of(last.output) or text_items(last.output)) if last and last.done else None
    if last is not None and last.status == "ok" and listed and len(listed) == 1:
        title = item_title(listed[0]) if ident.role == "title" else None
        found = title or item_id(listed[0], ident.name)
        if found is not None:
            return found
    for call in reversed(earlier):
        named = names_tool(tool, call.name)
        if not (set(nouns_of(call.name)) & tool.nouns or call.name == tool.name or named):
            if set(nouns_of(call.name)) & tool.describe_words and call.status == "ok":
                keyed = _keyed(call.output, ident)  # `mark_applied(row)`, "Record that the user
                if keyed is not None:  # submitted an application ...", after
                    return keyed  # `add_application` returned {"row": 2, ...}
            continue
        words = in_words(call.output)
        if words is not None and call.status == "ok":
            said = said_id(words, ident)  # "Task created successfully with ID: 1"
            if said is not None:
                return said
        for source in (json_text(call.output), call.output, call.arguments):  # JSON in a text
            if isinstance(source, dict) and isinstance(source.get(ident.name), str):
                return str(source[ident.name])
            found = item_id(source, ident.name) if isinstance(source, dict) else None
            if found:
                return found
    return None


def _keyed(output: Any, ident: Param) -> str | int | None:
    """The value a result gives under the identifier's own name ({"row": 2} for `row`)."""
    for source in (json_text(output), output):
        if isinstance(source, dict):
            value = source.get(ident.name)
            if isinstance(value, (str, int)) and not isinstance(value, bool) and value != "":
                return value
    return None


def current_id(
    earlier: Sequence[MadeCall], tool: ToolView, ident: Param, tools: Sequence[ToolView]
) -> str | int | None:
    """The id of the record the conversation is about, for a request that names none: the
    latest record of the id's noun that a call on the tool's own server made, joined or showed
    ("e2e4" after "start a chess game": that game, `finishTurn(game_id, move)`). Only where no
    tool lists such records (where one does, the record is named, or asked for)."""
    nouns = {w for w in ident.words if w not in LEX.id_words}
    if not nouns or any(t.kind == "read" and t.nouns & nouns for t in tools):
        return None
    by_name = {t.name: t for t in tools}
    for call in reversed(earlier):
        maker = by_name.get(call.name)
        if maker is None or maker.server != tool.server or call.status != "ok":
            continue
        if not (maker.nouns & nouns or {w for p in maker.role("id") for w in p.words} & nouns):
            continue
        held = call.arguments.get(ident.name)
        if isinstance(held, str | int) and not isinstance(held, bool):
            return held  # `joinGame(game_id)`: the game joined
        words = in_words(call.output)
        said = said_id(words, ident) if words is not None else None
        if said is not None:
            return said  # "Game Created Successfully! - Game ID: e3bb22d4"
    return None


_PLACE = re.compile(rf"(\d{{1,3}})(?:{'|'.join(LEX.ordinal_suffixes)})")


def place_of(reference: str) -> int | None:
    """The place in a list an ordinal reference names ("2nd", "second", "last"): 1 for the
    first, -1 for the last; None when the reference is anything else."""
    words = reference.lower().split()
    if len(words) != 1:
        return None
    if words[0] in LEX.ordinal_places:
        return LEX.ordinal_places[words[0]]
    m = _PLACE.fullmatch(words[0])
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None


def place_said(reading: Request) -> bool:
    """Whether the request names an item by its place in the list shown before, with no noun of
    its own ("mark the first one as done", "delete the 2nd one"): an item of that listing."""
    tokens = reading.text.tokens
    return any(
        place_of(tok.norm) is not None
        and 0 < i < len(tokens) - 1
        and i not in reading.when_tokens  # "move it to the 20th": a day
        and tokens[i - 1].norm in LEX.determiners
        and tokens[i + 1].norm in LEX.place_one_words
        for i, tok in enumerate(tokens)
    )


def listed_server(earlier: Sequence[MadeCall], tools: Sequence[ToolView]) -> str | None:
    """The server of the last listing the conversation shows (a read whose result lists items,
    none or more), if a server of several made it; else None."""
    for call in reversed(earlier):
        tool = next((t for t in tools if t.name == call.name), None)
        if tool is None or tool.kind != "read":
            continue
        if items_of(call.output) is not None:
            return tool.server or None
    return None


def listed_before(
    earlier: Sequence[MadeCall], listers: Sequence[ToolView]
) -> list[dict[str, Any]] | None:
    """The items the latest earlier listing by one of `listers` showed, in the order shown;
    None when no such listing was made (or it failed, or showed none)."""
    by_name = {t.name: t for t in listers}
    for call in reversed(earlier):
        lister = by_name.get(call.name)
        if lister is None or not call.done or call.status != "ok":
            continue
        by_group = grouped(call.output, lister)
        found = (by_group[1] if by_group else None) or items_of(call.output)
        return (found or text_items(call.output)) or None
    return None


def names_tool(tool: ToolView, name: str) -> bool:
    """Whether `tool`'s description or its identifier's names the tool `name` ("The ID of the
    entry to update (from log_meal or get_food_log)"): it works on what that one made."""
    base = name.rpartition("__")[2]
    ident = tool.identifier
    if ident is not None and base.lower() in ident.describe:
        return True
    compound = len(words_of(base)) > 1  # (a one-word name, "convert", is any description's word)
    return compound and base.lower() in tool.description.lower()


def record_of(earlier: Sequence[MadeCall], param: Param) -> str | int | None:
    """The id of the record the call before made, for a parameter whose description names
    that record's kind ("origin: The interaction it comes from", after `log_interaction`)."""
    last = earlier[-1] if earlier else None
    if last is None or last.status != "ok" or not last.done:
        return None
    described = {singular(w) for w in words_of(param.describe)}
    if not set(nouns_of(last.name)) & described:
        return None
    return made_record(last, param)


def named_before(earlier: Sequence[MadeCall], param: Param, tool_name: str) -> str | None:
    """The name the call before gave the record it made, for a parameter of that name and
    kind ("make a deck German Verbs and add laufen = to run": `create_note(deck_name)` after
    `create_deck(deck_name="German Verbs")`), or, for the place a record of the tool just made
    went ("the deck where the note should be added"), that place."""
    last = earlier[-1] if earlier else None
    if last is None or last.status != "ok" or not last.done:
        return None
    value = last.arguments.get(param.name)
    if not isinstance(value, str):
        return None
    if set(nouns_of(last.name)) & set(param.words):
        return value
    said = set(re.findall(r"[a-z]+", param.describe))
    if last.name == tool_name and said & LEX.where_words:  # "also la gata -> the cat": another
        return value  # card, where the one before went
    return None


def made_record(call: MadeCall, param: Param | None = None) -> str | int | None:
    """The id of the one record `call` made, changed or read, as its result gives it ("... with
    ID: 1", `{"id": "s01"}`), typed as `param` (a string when no parameter is given)."""
    if call.status != "ok" or not call.done:
        return None
    name = sorted(LEX.id_words)[0]
    ident = replace(param, name=name) if param else Param(name, {}, "id", True, (), "")
    words = in_words(call.output)
    said = said_id(words, ident) if words is not None and json_text(call.output) is None else None
    if said is not None:
        return said
    for source in (json_text(call.output), call.output):
        if isinstance(source, dict) and not items_of(source):
            found = item_id(source)
            if found is not None:
                return found
    return None


def made_id(earlier: Sequence[MadeCall], tool: ToolView, parent: Param) -> str | int | None:
    """The id of the record this tool made last in the conversation, as its result gives."""
    ident = replace(parent, name=sorted(LEX.id_words)[0])
    for call in reversed(earlier):
        if call.name != tool.name or call.status != "ok":
            continue
        words = in_words(call.output)
        said = said_id(words, ident) if words is not None else None
        if said is not None or not isinstance(call.output, dict):
            return said
        return item_id(call.output)
    return None


def nouns_of(name: str) -> list[str]:
    """The nouns of a tool's name, its server's prefix aside."""
    return [singular(w) for w in words_of(name.rpartition("__")[2])]


def in_words(output: Any) -> str | None:
    """A result in words: a string, or one string an object wraps ({"result": "Added: #5"})."""
    if isinstance(output, dict) and len(output) == 1:
        output = next(iter(output.values()))
    return output if isinstance(output, str) else None


def said_id(text: str, ident: Param) -> str | int | None:
    """The id a result in words gives ("... with ID: 1", else the first id mark: "Added: #5
    upgrade the node version"), as the parameter's type."""
    names = "|".join(sorted({*LEX.id_words, ident.name}, key=len, reverse=True))
    found = re.search(rf"\b(?:{names})\b\s*[:#=]?\s*#?([\w-]+)", text, re.I)
    marks = "|".join(map(re.escape, LEX.id_marks))
    if found is None and marks:
        found = re.search(rf"(?:^|\s)(?:{marks})(\w[\w.-]*\w|\w)", text)
    if found is None:
        return None
    value = found.group(1)
    if ident.type == "integer":
        return int(value) if value.isdigit() else None
    return value
