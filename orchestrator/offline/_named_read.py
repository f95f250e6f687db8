"""A record read by its name where the read tool wants its exact key ("what's the netflix
password" for `get_secret(name)`, "Secret title or slug"): the listed items of the tool's kind
whose titles hold the words the request says (those that name some item: "netflix", not "was"
or "again"), a word read as an optional filter too ("netflix" as a category). One is read by its
own title; several are asked about; none leaves the key unfound. Only a read: a write still
needs the key said exactly."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._fill import Fill
from orchestrator.offline._items import item_title
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["named_read"]


def _words(text: str) -> set[str]:
    return {w for w in text.lower().replace("-", " ").split() if w not in LEX.match_skip}


def _of_kind(items: list[dict[str, Any]], tool: ToolView) -> list[dict[str, Any]]:
    """The items a field marks as of the tool's kind ("kind": "secret"), where any is marked."""
    marked = [i for i in items if any(str(v).lower() in tool.nouns for v in i.values())]
    return marked or items


def named_read(
    f: Fill, tool: ToolView, ident: Param, items: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The items the request names by words of their titles; a filter the word was read as is
    dropped once one is found by it."""
    if tool.kind != "read" or not ident.required:
        return []
    items = [i for i in _of_kind(items, tool) if item_title(i)]
    titles = [_words(str(item_title(i))) for i in items]
    known = set().union(*titles) if titles else set()
    optional = {
        p.name: _words(str(f.evidence.get(p.name, "")))
        for p in tool.params.values()
        if not p.required and p.name in f.args and isinstance(f.args[p.name], str)
    }
    said = (_words(f.reference) | set().union(*optional.values())) & known
    if not said:
        return []
    found = [i for i, t in zip(items, titles, strict=True) if said <= t]
    if len(found) == 1:
        for name, words in optional.items():
            if words & said:
                f.args.pop(name, None)
                f.evidence.pop(name, None)
    return found
