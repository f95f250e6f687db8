"""A choice among the options a tool showed: "choose the second option", "pick 1", "go with
option 1, note: just getting started", "choose option fourteen" (user trial 37: a game's
`take_action(session_id, choice, notes)`, "One-based choice id from ``observe`` choices"; the
router found no tool, or asked which). The tool takes the choice as a whole number, in a
required parameter named by a word of lexicon `CHOICE_WORDS`; the request opens with a verb of
`CHOICE_VERBS` and says the option's number after its word ("option 2"), its place ("the second
option", "the first one"), or the number alone right after the verb ("pick 1"). Such a tool is
the one meant, and its choice is that number."""

from __future__ import annotations

from collections.abc import Sequence

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["choice_param", "choice_tools", "chosen", "chosen_value"]


def choice_param(tool: ToolView) -> Param | None:
    """The tool's required whole-number parameter for a choice (`choice`, `option`), if one."""
    found = [
        p
        for p in tool.required
        if p.type == "integer" and p.words and set(p.words) <= LEX.choice_words
    ]
    return found[0] if len(found) == 1 else None


def _number(text: str) -> int | None:
    norm = text.lower().lstrip("#")
    return int(norm) if norm.isdigit() else LEX.number_words.get(norm)


def chosen(reading: Request) -> tuple[int, list[int]] | None:
    """The option's number the request chooses and its tokens, or None (see the module)."""
    tokens = reading.text.tokens
    opening = [
        i for i, t in enumerate(tokens[: LEX.choice_verb_reach]) if t.norm in LEX.choice_verbs
    ]
    if not opening:
        return None
    start = opening[0] + 1
    for i in range(start, len(tokens)):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if singular(tok.norm) in LEX.choice_words and nxt is not None:
            value = _number(nxt.text)
            if value is not None and value > 0:
                return value, [i, i + 1]  # "option 2", "option fourteen"
        place = LEX.ordinal_places.get(tok.norm, 0)
        if (
            place > 0
            and nxt is not None
            and (singular(nxt.norm) in LEX.choice_words or nxt.norm in LEX.place_one_words)
        ):
            return place, [i, i + 1]  # "the second option", "the first one"
    first = tokens[start] if start < len(tokens) else None
    if first is not None and first.norm.isdigit() and int(first.norm) > 0:
        return int(first.norm), [start]  # "pick 1"
    return None


def choice_tools(reading: Request, tools: Sequence[ToolView]) -> frozenset[str]:
    """The tools that take the choice the request makes."""
    if chosen(reading) is None:
        return frozenset()
    return frozenset(t.name for t in tools if choice_param(t) is not None)


def chosen_value(reading: Request, f: Fill, tool: ToolView) -> None:
    """The choice the request makes into the tool's choice parameter."""
    param = choice_param(tool)
    said = chosen(reading)
    if param is None or said is None or param.name in f.args:
        return
    value, span = said
    f.used.difference_update(span)
    f.set(param, value, span, reading.text.slice(span))
