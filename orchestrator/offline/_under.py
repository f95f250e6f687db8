"""A new record under another ("and give it a subtask: ...", "add a subitem to the trip"): the
parameter that names the record it goes under, whether the request says it makes a child, and a
title that only names the kind of thing made ("subtask"), which is no title."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["kind_only", "parent_param", "says_child"]


def kind_only(value: Any, tool: ToolView) -> bool:
    """A title that only names the kind of thing ("subtask", "task", "item"): no title."""
    if not isinstance(value, str):
        return False
    words = [singular(w) for w in words_of(value.lower())]
    kinds = tool.nouns | LEX.generic_nouns | LEX.child_words
    return bool(words) and all(w in kinds or is_function(w) for w in words)


def parent_param(tool: ToolView) -> Param | None:
    """The parameter that names the record a new one goes under (`parent`, `parent_id`)."""
    return next((p for p in tool.params.values() if set(p.words) & LEX.parent_words), None)


def says_child(reading: Request) -> bool:
    """Whether the request says it makes a child record ("subtask", lexicon `CHILD_WORDS`)."""
    return any(t.norm in LEX.child_words for t in reading.text.tokens)
