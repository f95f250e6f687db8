"""Query languages: a parameter that takes a query in one (`query_recipes(sql)`, a `query`
"in GraphQL syntax", a `query` in Cypher) takes only text written in
it ("SELECT title FROM recipes"), never the request's own words: "change the netflix password
to Correct-Horse-9" sends no `sql` to a recipe database, neither as the value asked for nor as a
search to find a record by. The language is the one the parameter's name or description names,
or, for the one query a tool requires, the one its description names ("Execute a read-only SQL
query"); how each language looks is data (`QUERY_LANGUAGE_SHAPES`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["in_language", "language_of", "unwritten_queries", "unwritten_query"]


@lru_cache(maxsize=1024)
def _named(text: str) -> str | None:
    """The language `text` names as a word or phrase of its own ("a read-only SQL query")."""
    low = text.lower()
    for name, language in LEX.query_language_names.items():
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", low):
            return language
    return None


def language_of(param: Param, tool: ToolView) -> str | None:
    """The query language `param` takes its value in, or None when it takes plain text."""
    if param.type not in ("string", None) or param.enum:
        return None
    named = _named(" ".join(param.words)) or _named(param.name) or _named(param.describe)
    if named is not None:
        return named
    texts = [p for p in tool.required if p.type in ("string", None) and not p.enum]
    if param.role in ("query", "expression", "label", "body") and texts == [param]:
        language = _named(tool.description)
        return language if language in LEX.query_languages_of_tool else None
    return None


def in_language(text: str, language: str) -> bool:
    """Whether `text` is written in `language` (see the module)."""
    shape = LEX.query_language_shapes.get(language)
    return shape is not None and re.search(shape, text, re.IGNORECASE) is not None


def unwritten_queries(f: Fill, tool: ToolView) -> None:
    """Each value of `tool`'s query-language parameters that is not written in the language
    taken out again: asked for, never sent."""
    for name, value in list(f.args.items()):
        param = tool.params.get(name)
        if param is None or not isinstance(value, str):
            continue
        language = language_of(param, tool)
        if language is not None and not in_language(value, language):
            del f.args[name]
            f.evidence.pop(name, None)
            f.spans.pop(name, None)


def unwritten_query(tool: ToolView, name: str, value: object) -> str | None:
    """What is wrong with `value` for `tool`'s parameter `name` when it takes a query in a
    language and `value` is not written in it; None when nothing is."""
    param = tool.params.get(name)
    language = language_of(param, tool) if param is not None else None
    if language is None or (isinstance(value, str) and in_language(value, language)):
        return None
    return f"{name} takes a query written in {language}, not the request's words"
