"""A change that takes the field it sets as a choice and the new value apart
(`update_profile(profile_id, field: name | birth_date | birth_time, value)`, lexicon
`FIELD_CHOICE_WORDS`, `FIELD_VALUE_WORDS`): "update Maya's birth time to 08:50" names the field
(`birth_time`), the words after "to" are the value ("08:50"), and what is left names the record
("Maya"). Such a change is chosen for a request that names one of its fields (`_choose`)."""

from __future__ import annotations

from functools import lru_cache

from orchestrator.offline._enums import find_enum
from orchestrator.offline._phrase import Fill, free_tokens
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["field_choice_value", "field_named"]


@lru_cache(maxsize=4096)  # (views are kept by the router: one per tool)
def _params(tool: ToolView) -> tuple[list[Param], Param | None]:
    choices = [p for p in tool.params.values() if p.enum and set(p.words) & LEX.field_choice_words]
    value = next(
        (p for p in tool.params.values() if p.words and set(p.words) <= LEX.field_value_words),
        None,
    )
    return choices, value


def field_named(reading: Request, tool: ToolView, nouns: set[int]) -> bool:
    """Whether `tool` is such a change and the request names one of its fields."""
    choices, value = _params(tool)
    return value is not None and any(
        find_enum(reading, p, nouns, tool) is not None for p in choices
    )


def _renamed(reading: Request, choice: Param) -> tuple[str, list[int]] | None:
    """ "rename Daniel to Dan": the field that is a name (lexicon `TITLE_WORDS`), said by the
    verb, up to the record it names."""
    verb = reading.action.tokens
    if not verb or reading.text.tokens[verb[0]].norm not in LEX.rename_verbs:
        return None
    named = next((m for m in choice.enum if isinstance(m, str) and m in LEX.title_words), None)
    tokens = reading.text.tokens
    to = next(
        (i for i in range(verb[-1] + 1, len(tokens)) if tokens[i].norm in LEX.change_to), None
    )
    if named is None or to is None:
        return None
    return named, list(range(verb[-1] + 1, to))


def field_choice_value(reading: Request, f: Fill, tool: ToolView) -> None:
    """The field named and the words after "to" (lexicon `CHANGE_TO`) after it, its value."""
    choices, value = _params(tool)
    if tool.kind != "update" or value is None:
        return
    if value.name in f.args:  # "rename Daniel to Dan", its new name read: the field it is
        for choice in (c for c in choices if c.name not in f.args):
            renamed = _renamed(reading, choice)
            if renamed is not None:
                f.args[choice.name] = renamed[0]
                f.evidence[choice.name] = reading.text.slice(reading.action.tokens)
        return
    tokens = reading.text.tokens
    for choice in choices:
        found = find_enum(reading, choice, f.used, tool) or _renamed(reading, choice)
        if found is None:
            continue
        named, span = found
        to = max(span) + 1
        if to >= len(tokens) - 1 or tokens[to].norm not in LEX.change_to:
            continue
        said = [i for i in free_tokens(reading, f) if i > to]
        if not said or said != list(range(to + 1, said[-1] + 1)):
            continue
        f.set(choice, named, span, reading.text.slice(span))
        f.set(value, reading.text.slice(said), [to, *said], reading.text.slice(said))
        return
