"""A thing to do said as an order, with a verb of no tool's and a day it is due ("call mom
tomorrow", "pay the electricity bill by next friday"), or added with no kind of thing named
("add buy eggs tomorrow 8am", or with no day and a priority or tags: "add buy printer ink, low
priority, tags office"), with nothing but words and a day (never "spotify 10.99 on the 3rd",
money jotted down): the one tool that keeps things to do (a todo, a task, lexicon
`TASK_NOUNS`) records it, its words the title and the day its due date, where that tool alone
takes every word of it with a date. Several such tools that could (one that needs a person, and
a person named), a day gone by, or no such tool at all, and the router asks which tool records
it, as for a fact said (`Planner._stated`), or which tool adds it. An order on "it" after a
comma ("buy printer ink tomorrow, tag it errands") is said of the errand before it, as after
"and" (`errand_then_it`), never a change of a record that is already there."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from orchestrator.offline._choose import Scored
from orchestrator.offline._nouns import noun_tokens
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["errand_keeper", "errand_then_it"]

_DATED = ("moment", "day", "until")
_MARKED = ("enum", "tags", "list")  # what else a thing added is said with: a priority, its tags


class _Plan(Protocol):
    state: str
    args: dict[str, Any]


def _added(reading: Request, tools: Sequence[ToolView]) -> bool:
    """Whether the request adds a thing it names by no write's noun ("add buy eggs tomorrow
    8am")."""
    action = reading.action
    if action.kind != "create" or action.group != LEX.group("create") or not action.tokens:
        return False
    writes = [t for t in tools if t.kind not in ("read", "check", None)]  # ("tag health": a
    # listing's noun, a label), but for a field of a thing to do said with it ("tags office")
    fields = {w for t in _keepers(tools) for p in t.params.values() for w in p.words}
    tokens = reading.text.tokens
    return not any(
        singular(tokens[i].norm) not in fields
        for tool in writes
        for i in noun_tokens(reading, tool)
    )


def _keepers(tools: Sequence[ToolView]) -> list[ToolView]:
    """The tools that keep things to do (lexicon `TASK_NOUNS`)."""
    return [t for t in tools if t.kind == "create" and t.own_nouns & LEX.task_nouns]


def errand_keeper(
    reading: Request, tools: Sequence[ToolView], plan: Callable[[Scored], _Plan]
) -> ToolView | None:
    """The tool that records the errand the request says, or None."""
    when = reading.when
    added = _added(reading, tools)
    if not (reading.action.errand or added) or reading.action.past:
        return None
    if reading.action.heading:  # "diary at 14:30: ...": where it goes is said
        return None
    if (when is None and not added) or any(v.kind != "name" for v in reading.values):
        return None  # "spotify 10.99 on the 3rd": money jotted down, no thing to do
    if when is not None and (when.end or when.start).date() < reading.now.date():
        return None  # "pay the bill last friday": what happened, no thing to do
    keepers = _keepers(tools)
    if any(t.kind == "create" and t not in keepers and noun_tokens(reading, t) for t in tools):
        return None  # "schedual a ticket to rotate the keys tuesday": another record's noun
        # said (an issue's), no errand to keep as a todo
    ready = []
    for tool in keepers:
        made = plan(Scored(W.min_score, tool, "errand"))
        said = [p.role for n, p in tool.params.items() if n in made.args]
        dated = any(role in _DATED for role in said)
        marked = when is None and any(role in _MARKED for role in said)  # "low priority"
        if made.state == "ready" and (dated or marked):
            ready.append(tool)
    if len(ready) != 1 or (len(keepers) > 1 and reading.typed("name")):
        return None
    return ready[0]


def errand_then_it(reading: Request, read_one: Callable[[str], Request]) -> Request:
    """ "buy printer ink tomorrow, tag it errands": the errand before the comma, and the order
    on "it" after it said of the errand, read as "... and tag it errands" is; else `reading`."""
    action, tokens = reading.action, reading.text.tokens
    if action.late is None or len(action.tokens) != 1:
        return reading
    at = action.tokens[0]
    if at < 2 or at + 1 >= len(tokens) or tokens[at + 1].norm not in LEX.object_pronouns:
        return reading
    if tokens[at - 1].norm not in LEX.clause_breaks:
        return reading
    first = reading.text.slice(range(at - 1))
    if not read_one(first).action.errand:
        return reading
    return read_one(f"{first} {LEX.joins[0]} {reading.text.slice(range(at, len(tokens)))}")
