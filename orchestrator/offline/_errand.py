"""A thing to do said as an order, with a verb of no tool's and a day it is due ("call mom
tomorrow", "pay the electricity bill by next friday"), or added with no kind of thing named
("add buy eggs tomorrow 8am"), with nothing but words and a day (never "spotify 10.99 on the
3rd", money jotted down): the one tool that keeps things to do (a todo, a task, lexicon
`TASK_NOUNS`) records it, its words the title and the day its due date, where that tool alone
takes every word of it with a date. Several such tools that could (one that needs a person, and
a person named), a day gone by, or no such tool at all, and the router asks which tool records
it, as for a fact said (`Planner._stated`), or which tool adds it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from orchestrator.offline._choose import Scored
from orchestrator.offline._nouns import noun_tokens
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["errand_keeper"]

_DATED = ("moment", "day", "until")


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
    return not any(noun_tokens(reading, tool) for tool in writes)  # listing's noun, a label)


def errand_keeper(
    reading: Request, tools: Sequence[ToolView], plan: Callable[[Scored], _Plan]
) -> ToolView | None:
    """The tool that records the errand the request says, or None."""
    when = reading.when
    if not (reading.action.errand or _added(reading, tools)) or reading.action.past:
        return None
    if reading.action.heading:  # "diary at 14:30: ...": where it goes is said
        return None
    if when is None or any(v.kind != "name" for v in reading.values):
        return None  # "spotify 10.99 on the 3rd": money jotted down, no thing to do
    if (when.end or when.start).date() < reading.now.date():
        return None  # "pay the bill last friday": what happened, no thing to do
    keepers = [t for t in tools if t.kind == "create" and t.own_nouns & LEX.task_nouns]
    ready = []
    for tool in keepers:
        made = plan(Scored(W.min_score, tool, "errand"))
        dated = any(p.role in _DATED for n, p in tool.params.items() if n in made.args)
        if made.state == "ready" and dated:
            ready.append(tool)
    if len(ready) != 1 or (len(keepers) > 1 and reading.typed("name")):
        return None
    return ready[0]
