"""Items a listing returns grouped under the values of one of its own filters: a board's
`{"BACKLOG": ["Plan Q1 roadmap"], "TODO": [...]}` where `list_tasks(column)` filters on
BACKLOG, TODO, ... Each entry is an item, its group kept under that filter's name
(`{"title": "Plan Q1 roadmap", "column": "BACKLOG"}`), so a tool that names its item by its exact
title finds it there, and the parameters that say where the item is (`column`, `from_column`)
take its group, and the one that says where it goes (`to_column`) a group the request names.
"""

from __future__ import annotations

import re
from typing import Any

from orchestrator.offline._items import json_text
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "Groups",
    "goes_by_itself",
    "group_params",
    "grouped",
    "item_nouns",
    "moved_by",
    "said_group",
    "says_member",
]

Groups = tuple[str, list[str]]  # the items' field for their group, and the groups, in order


def grouped(payload: Any, lister: ToolView) -> tuple[Groups, list[dict[str, Any]]] | None:
    """The groups of a listing grouped by a filter of `lister`'s, and its items, or None: a
    mapping of two or more lists of titles (or of items), most of whose keys are values the
    filter lists."""
    inner = json_text(payload)
    payload = inner if inner is not None else payload
    if not isinstance(payload, dict) or len(payload) < 2:
        return None
    if not all(isinstance(v, list) for v in payload.values()):
        return None
    keys = {str(k).lower() for k in payload}
    field = next(
        (
            p.name
            for p in lister.params.values()
            if 2 * len(keys & {str(v).lower() for v in p.enum}) >= len(keys)
        ),
        None,
    )
    if field is None:
        return None
    items: list[dict[str, Any]] = []
    for key, entries in payload.items():
        for entry in entries:
            if isinstance(entry, str):
                items.append({LEX.item_title_keys[0]: entry, field: key})
            elif isinstance(entry, dict):
                items.append({**entry, field: key})
            else:
                return None
    return (field, [str(k) for k in payload]), items


def group_params(tool: ToolView, field: str) -> tuple[list[Param], list[Param]]:
    """`tool`'s parameters that say where its item is (the group's own name, or it after "from":
    `column`, `from_column`) and where it goes (after "to": `to_column`)."""
    words = tuple(singular(w) for w in words_of(field))
    start, end = LEX.pair_words
    here = [p for p in tool.params.values() if p.words in (words, (start, *words))]
    there = [p for p in tool.params.values() if p.words == (end, *words)]
    return here, there


def item_nouns(tools: list[ToolView], tool: ToolView, ident: Param) -> frozenset[str]:
    """The nouns of what `ident` names: its own words but "id", else the tool's; for an exact
    title, the tool's and those its description names that a read lists ("title of the task
    currently in DOING": tasks)."""
    if ident.role == "path":  # "Entry path (folder/filename.txt)": where the entry is kept
        return tool.own_nouns or tool.nouns
    if ident.role != "title":
        return frozenset(ident.words) - LEX.id_words or tool.nouns
    said = {singular(w) for w in words_of(ident.describe or ident.own)}
    listed = {t.item_noun for t in tools if t.kind == "read"}
    return tool.nouns | (said & listed)


def said_group(
    reading: Request, tool: ToolView, groups: Groups | None
) -> tuple[Param, str, list[int]] | None:
    """Where `tool` moves its item (`to_column`), when the request says one of the listing's
    groups right after "to", "into" or "in" (and "the": "back to the backlog"): that parameter,
    the group as the listing spells it, and the words that say it (the marker's too); None when
    the request says none, or several."""
    there = group_params(tool, groups[0])[1] if groups else []
    if groups is None or len(there) != 1:
        return None
    found = _said_after(reading, LEX.moved_to, groups[1])
    return (there[0], *found[0]) if len(found) == 1 else None


def _said_after(
    reading: Request, markers: tuple[str, ...], groups: list[str]
) -> list[tuple[str, list[int]]]:
    """Each group the request says right after one of `markers` (and "the"), with the words
    that say it, the marker's too."""
    tokens = reading.text.tokens
    found: list[tuple[str, list[int]]] = []
    for i, tok in enumerate(tokens):
        if tok.norm not in markers:
            continue
        at = i + 1 + (i + 1 < len(tokens) and tokens[i + 1].norm == LEX.the_word)
        for group in groups:
            words = words_of(group)
            span = list(range(at, at + len(words)))
            if span and span[-1] < len(tokens) and [tokens[k].bare.lower() for k in span] == words:
                found.append((group, list(range(i, span[-1] + 1))))
    return found


def goes_by_itself(reading: Request, tool: ToolView, groups: Groups | None) -> list[int]:
    """The words that say where `tool` moves its item when its description says it moves it
    there ("moving it from DOING to REVIEW"), said after "to" or "for" ("send it for review"):
    they are the tool's, no part of the item's name."""
    if groups is None or group_params(tool, groups[0])[1]:
        return []
    said = [
        (group, span)
        for group, span in _said_after(reading, (*LEX.moved_to, *LEX.goes_for), groups[1])
        if _to_group(group).search(tool.description)
    ]
    return said[0][1] if len(said) == 1 else []


def _to_group(group: str) -> re.Pattern[str]:
    return re.compile(rf"\b{LEX.pair_words[1]}\s+{re.escape(group)}\b")


def moved_by(tools: list[ToolView], tool: ToolView, group: str) -> ToolView | None:
    """The one other tool that moves the same kind of item, by its exact title, to `group` and
    nowhere else: its description says so ("Propose a task as done, moving it from DOING to
    REVIEW"), and it takes no destination of its own. "Send the login card to review" is that
    tool's move, never `move_task`'s (a board may do more on the way: a review asked for)."""
    ident = tool.identifier
    if ident is None or ident.role != "title":
        return None
    nouns = item_nouns(tools, tool, ident)
    said = _to_group(group)
    found = [
        t
        for t in tools
        if t is not tool
        and t.kind not in ("read", "check", "create")
        and t.identifier is not None
        and t.identifier.role == "title"
        and item_nouns(tools, t, t.identifier) & nouns
        and said.search(t.description) is not None
        and not any(p.words[:1] == (LEX.pair_words[1],) for p in t.params.values())
    ]
    return found[0] if len(found) == 1 else None


def says_member(reading: Request, tool: ToolView) -> bool:
    """Whether the request says, right after "to", "into" or "in" (and "the"), a value one of
    `tool`'s own parameters lists ("to todo": a column of `add_task(title, column)`)."""
    tokens = reading.text.tokens
    members = {str(v).lower() for p in tool.params.values() for v in p.enum if isinstance(v, str)}
    for i, tok in enumerate(tokens[:-1]):
        at = i + 1 + (i + 2 < len(tokens) and tokens[i + 1].norm == LEX.the_word)
        if tok.norm in LEX.moved_to and tokens[at].bare.lower() in members:
            return True
    return False
