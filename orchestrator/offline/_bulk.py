"""A change of all the items in a state the request says ("delete all completed todos"): done one
item at a time, never all at once, but the answer names the items it would act on, as their
listing shows them in that state (a field holding the state said), and asks which one (user
trial 14, d25: it had said only "one at a time"); the one item in that state, when there is
one, is acted on (trial 24, 140). With no state said ("delete all my todos"), or no listing,
only one at a time is said, as before."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import noun_of, plural_of, say
from orchestrator.offline._grouped import item_nouns
from orchestrator.offline._items import item_title
from orchestrator.offline._lists import Listings
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, stem
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["bulk"]


def _states_said(reading: Request, tools: list[ToolView]) -> frozenset[str]:
    """The stems of the words that may say a state ("completed"): neither the verb, nor a
    function word, a word for all, nor a kind of thing the tools keep."""
    kinds = {n for t in tools for n in t.nouns}
    return frozenset(
        stem(t.norm)
        for i, t in enumerate(reading.text.tokens)
        if t.kind == "word"
        and i not in reading.action.tokens
        and i not in reading.lead
        and not is_function(t.norm)
        and t.norm not in LEX.all_words
        and singular(t.norm) not in kinds
    )


def _in_state(item: dict[str, Any], states: frozenset[str]) -> bool:
    """Whether every state said is a value the item holds (its status "completed")."""
    held = {stem(v.lower()) for v in item.values() if isinstance(v, str) and " " not in v}
    return states <= held


def bulk(
    reading: Request, tools: list[ToolView], lists: Listings, tool: ToolView, ident: Param
) -> tuple[str, list[ToolView], dict[str, Any] | None]:
    """What to say of a change of all the items (one at a time; which items are in the state
    said), the listing still to make to say it, and the one item in that state when there is
    only one ("remove all completed todos" with one completed: that one)."""
    noun = noun_of(tool)
    plain = say("bulk", noun=noun)
    states = _states_said(reading, tools)
    if not states:
        return plain, [], None
    listers = lists.listers(tool, item_nouns(tools, tool, ident))
    if not listers:
        return plain, [], None
    items = lists.listed(listers[0])
    if items is None:
        return plain, listers[:1], None
    meant = [i for i in items if _in_state(i, states)]
    if len(meant) == 1:
        return "", [], meant[0]
    names = [item_title(i) for i in meant]
    if not names:
        return plain, [], None
    shown = ", ".join(f"“{n}”" for n in names if n)
    return say("bulk_which", noun=noun, plural=plural_of(noun), names=shown), [], None
