"""A follow-up that asks the read just made again with a new value ("classify 100.64.3.2", then
"and 224.0.0.251?"; "is 10.0.5.77 inside 10.0.4.0/23?", then "what about 10.0.6.1"; a grade
for one text, then "and for '<another>'"): opened as going on (lexicon `FOLLOW_UP_OPENERS`), it
says nothing but values the tool of the call before takes, each for a parameter that call was
given; that call is made again with those values in their place and the rest kept. Only after
a read or a check (a write made again is `_again`'s), and only where every other word is a
function word. A follow-up led by the new value's own words ("make that 4 and 9", "actually
make it 'Jupiter'", lexicon `VALUE_LEADS`) is one too, and after a thing made where its server
changes nothing it made ("make it just 2 groups" after a puzzle dealt: another, of 2); a number
alone goes to the one number the call was given ("now 25" after 10 coin flips). "again", "roll
again", "reroll" (lexicon `AGAIN_PHRASES`, `AGAIN_PREFIX`) after a call that writes nothing
make that call once more.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import describe_result, failed_result
from orchestrator.offline._ask import changed_values
from orchestrator.offline._fill import fill
from orchestrator.offline._hinted import goes_on, opener_tokens, value_lead
from orchestrator.offline._notation import fits_notation
from orchestrator.offline._nouns import noun_tokens
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import CallTool, Done, MadeCall, Refuse
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["follow_up_answer", "follow_up_step"]


def follow_up_step(
    reading: Request, tools: Sequence[ToolView], earlier: Sequence[MadeCall]
) -> CallTool | None:
    """The read before made again with the values the follow-up says (see the module)."""
    lead = value_lead(reading)
    if not earlier:
        return None
    last = earlier[-1]
    tool = next((t for t in tools if t.name == last.name), None)
    if tool is None or tool.kind in ("update", "delete", "stop", "restart"):
        return None
    if tool.kind != "create" and last.done and last.status == "ok" and _again_alone(reading, tool):
        return CallTool(tool.name, dict(last.arguments))  # "roll again", "once more"
    if not (goes_on(reading) or lead):
        return None
    if tool.kind in ("read", "check", None):
        moved = _day_moved(reading, tool, last)  # "what about the day after?": a day on
        if moved is not None:
            return CallTool(tool.name, moved)
        sibling = _sibling(reading, tool, tools)  # "what about with one connection?"
        if sibling is not None:
            return CallTool(sibling.name, dict(last.arguments))
    if tool.kind == "create" and _changes_records(tool, tools):
        return None  # ("make it tomorrow" after a todo made: that todo, changed)
    if tool.kind == "create" and not lead and not _another_said(reading):
        return None  # ("and tomorrow?" after a meeting made: another? asked, never written)
    f = fill(reading, tool)
    if not f.args:  # "make it 5" after a puzzle of 3, "now 25": the one number it was given
        tokens = reading.text.tokens
        opened = opener_tokens(reading)
        said = [i for i in range(len(tokens)) if i not in lead and i not in opened]
        f.args = changed_values(reading.text.slice(said), tool, last.arguments, reading.now)
        f.used.update(range(len(tokens)))
    if not f.args or any(not _kept_or_led(name, tool, last, lead) for name in f.args):
        return None
    tokens = reading.text.tokens
    free = [  # "and does it sound upbeat?": words, no new text to work on ("and 'Hi there'?")
        name
        for name in f.args
        if name in tool.params
        and tool.params[name].role in ("title", "body", "query", "text")
        and not any(tokens[i].kind == "quoted" for i in f.spans.get(name, ()))
        and not lead
    ]
    if free:
        return None
    if (
        tool.kind == "create"
        and (last.status != "ok" or failed_result(tool, last.output) is not None)
        and any(name in tool.params and tool.params[name].role == "title" for name in f.args)
    ):  # "oh sorry, it's 智元" after "报名失败:裁判令牌无效。": which value it corrects is
        return None  # not said (the token, not the player's name): asked, never written
    if any(  # "and methanol?" for a formula: a name, looked up by the planner first
        fits_notation(tool.params[name], value) is False
        for name, value in f.args.items()
        if name in tool.params and isinstance(value, str)
    ):
        return None
    left = [
        i
        for i, t in enumerate(tokens)
        if i not in f.used
        and i not in lead
        and t.kind != "punct"
        and not is_function(t.norm)
        and not any(i in span for span in f.spans.values())
    ]
    if left:
        return None
    return CallTool(tool.name, {**last.arguments, **f.args})


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _said_after_opener(reading: Request) -> list[str]:
    """The words a follow-up says after its opener, no article nor mark ("the day after?":
    "day", "after")."""
    opened = set(opener_tokens(reading))
    return [
        t.norm
        for i, t in enumerate(reading.text.tokens)
        if i not in opened and t.kind != "punct" and t.norm not in LEX.articles
    ]


def _day_moved(reading: Request, tool: ToolView, last: MadeCall) -> dict[str, Any] | None:
    """The call before's arguments with its one day moved as the follow-up says ("what about
    the day after?": a day later; lexicon `DAY_SHIFTS`), or None."""
    shift = LEX.day_shifts.get(" ".join(_said_after_opener(reading)))
    if shift is None:
        return None
    days = [
        name
        for name, value in last.arguments.items()
        if name in tool.params and isinstance(value, str) and _ISO_DAY.match(value)
    ]
    if len(days) != 1:
        return None
    value = last.arguments[days[0]]
    moved = date.fromisoformat(value[:10]) + timedelta(days=shift)
    return {**last.arguments, days[0]: moved.isoformat() + value[10:]}


def _sibling(reading: Request, tool: ToolView, tools: Sequence[ToolView]) -> ToolView | None:
    """The one other read of the same server that takes the same parameters and whose nouns are
    all the follow-up says besides function words ("what about with one connection?" after
    `search_direct_flight`: `search_onestop_flight`), or None."""
    opened = set(opener_tokens(reading))
    tokens = reading.text.tokens
    same = [
        t
        for t in tools
        if t is not tool
        and t.server == tool.server
        and t.kind in ("read", "check")
        and set(t.params) == set(tool.params)
    ]
    found = []
    for other in same:
        named = set(noun_tokens(reading, other)) - opened
        if not named:
            continue
        rest = [
            i
            for i, t in enumerate(tokens)
            if i not in opened
            and i not in named
            and t.kind not in ("punct", "number")
            and not is_function(t.norm)
            and t.norm not in LEX.fillers
            and t.norm not in LEX.only_words
        ]
        if not rest:
            found.append(other)
    return found[0] if len(found) == 1 else None


def _kept_or_led(name: str, tool: ToolView, last: MadeCall, lead: list[int]) -> bool:
    """Whether a follow-up may set `name`: the call before was given it, or a lead of a new
    value says it ("actually make it 1%": a tolerance the call left to its default), never
    free text."""
    if name in last.arguments:
        return True
    param = tool.params.get(name)
    return bool(lead) and param is not None and param.role not in LEX.free_text_roles


def _again_said(reading: Request) -> list[int]:
    """The tokens of "again", "once more", "one more time" (lexicon `AGAIN_PHRASES`), wherever
    said; else []."""
    norms = [t.norm for t in reading.text.tokens]
    for phrase in sorted(LEX.again_phrases, key=lambda p: -len(p.split())):
        said = phrase.split()
        for i in range(len(norms) - len(said) + 1):
            if norms[i : i + len(said)] == said:
                return list(range(i, i + len(said)))
    return []


def _again_alone(reading: Request, tool: ToolView) -> bool:
    """Whether the request asks for the call just made once more and says nothing else: "again",
    "roll again", "reroll", "once more pls" (the tool's own verb, fillers and function words
    aside)."""
    said = set(_again_said(reading))
    own = {tool.verb, tool.name_verb} - {None, ""}
    redone = {f"{LEX.again_prefix}{v}" for v in own}  # "reroll"
    rest = [
        t
        for i, t in enumerate(reading.text.tokens)
        if i not in said
        and t.kind != "punct"
        and t.norm not in own | redone | LEX.fillers
        and not is_function(t.norm)
    ]
    return bool(said or any(t.norm in redone for t in reading.text.tokens)) and not rest


def _another_said(reading: Request) -> bool:
    """Whether a follow-up says it wants another of the thing made ("ok now a bigger one with
    6"): a word for one thing (lexicon `GENERIC_NOUNS`)."""
    return any(t.norm in LEX.generic_nouns for t in reading.text.tokens)


def _changes_records(tool: ToolView, tools: Sequence[ToolView]) -> bool:
    """Whether a tool of `tool`'s server changes records: what it made is changed, not made
    again ("make it tomorrow" after a todo made moves that todo)."""
    return any(t.kind == "update" and t.server == tool.server for t in tools)


def follow_up_answer(
    reading: Request,
    tools: Sequence[ToolView],
    earlier: Sequence[MadeCall],
    calls: Sequence[MadeCall],
) -> Done | Refuse | None:
    """The answer, once the read made again (`follow_up_step`) came back: what it returned,
    or that it failed; None when the call made this turn is no such read."""
    again = follow_up_step(reading, tools, earlier)
    if again is None or len(calls) != 1 or not calls[0].done or calls[0].name != again.tool:
        return None
    made = calls[0]
    if dict(made.arguments) != dict(again.arguments):
        return None
    tool = next(t for t in tools if t.name == made.name)
    if tool.kind is None:  # "and for '<another text>'": what it computed, as a read's
        tool = replace(tool, kind="read")
    text = describe_result(tool, dict(made.arguments), made.status, made.output)
    if made.status != "ok" or failed_result(tool, made.output) is not None:
        return Refuse(text)
    return Done(text)
