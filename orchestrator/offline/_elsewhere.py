"""Where else the item a request names may be, when every plan found none of it: another kind
of thing that holds it ("cancel the dentist appt": no agent's task, a todo), or the same kind
of thing kept by another server ("mark buy eggs as done": no line of the `todotxt` server's
file, a todo of the `todo` server's). A change goes to the server of the record it names.

A record none of them holds, named by its key alone ("update meticulous to 2", "mark
'conundrum' as not mastered", no todo called so), is the one a tool that sets a value under a
key it is given sets (`ToolView.upserts`: `set_word_status(word, status)`), its key said: that
tool goes on (its value asked for when no value is read), never the answer that no todo is
called so. Not when the request names the kind of thing looked for ("the milk todo"), or says
a state those things take ("as done") where no value is read for the key's tool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from orchestrator.offline._status import said_states
from orchestrator.offline._tokens import singular

if TYPE_CHECKING:
    from orchestrator.offline._choose import Scored
    from orchestrator.offline._phrase import Fill
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import Param, ToolView

__all__ = ["found_elsewhere", "set_by_key"]


class _Plan(Protocol):  # `_plan.Plan`, as this module reads it
    tool: ToolView
    state: str
    item: dict[str, Any] | None
    fill: Fill


Plan = TypeVar("Plan", bound=_Plan)


def found_elsewhere(
    reading: Request, plans: list[Plan], ranked: list[Scored], plan: Callable[[Scored], Plan]
) -> list[Plan] | None:
    """The plans of the one other kind of thing, or of the one other server keeping the same
    kind, that holds the item the top plan found none of, or those waiting for its listing;
    None when nothing else holds it, or things of several kinds do (then the top plan's
    answer stands)."""
    first = plans[0].tool
    said = {singular(t.norm) for t in reading.text.tokens if t.kind == "word"}
    named = bool(said & first.own_nouns)  # "delete the milk todo": where todos are, only
    planned = {p.tool.name for p in plans}
    others = [
        s
        for s in ranked
        if s.tool.name not in planned
        and s.score > 0
        and s.tool.identifier is not None
        and s.tool.kind in ("update", "delete")
        and (
            _kept_elsewhere(s.tool, first)
            if named or s.tool.own_nouns & first.own_nouns
            else True  # another kind of thing
        )
    ][:4]
    plans = [plan(s) for s in others]
    waiting = [p for p in plans if p.state == "list"]
    if waiting:
        return waiting
    found = [p for p in plans if p.item is not None or p.state == "ambiguous"]
    kinds = {p.tool.own_nouns for p in found}
    if len(kinds) != 1:
        return None
    return found


def _kept_elsewhere(tool: ToolView, first: ToolView) -> bool:
    """Whether `tool` acts on the same kind of thing as `first`, kept by another server."""
    same = bool(tool.own_nouns & first.own_nouns)
    return same and bool(tool.server) and bool(first.server) and tool.server != first.server


def set_by_key(
    reading: Request, plans: list[Plan], ranked: list[Scored], plan: Callable[[Scored], Plan]
) -> list[Plan] | None:
    """The plans of the tools that set a value under a key, whose key the request says, when
    no plan found the record it names (see the module); None when there are none."""
    said = {singular(t.norm) for t in reading.text.tokens if t.kind == "word"}
    if any(said & p.tool.own_nouns for p in plans):
        return None  # "mark the milk todo as 2": a todo, or none
    planned = {p.tool.name for p in plans}
    keyed = [
        plan(s)
        for s in ranked
        if s.tool.upserts and s.tool.name not in planned and s.tool.kind in ("create", "update")
    ][:4]
    keyed = [p for p in keyed if all(k.name in p.fill.args for k in _keys(p.tool))]
    states = said_states(reading)
    keyed = [p for p in keyed if not states or set(p.fill.args) > {k.name for k in _keys(p.tool)}]
    return keyed or None


def _keys(tool: ToolView) -> list[Param]:
    """The texts a tool that sets a value under a key takes as that key."""
    return [p for p in tool.required if p.type == "string"]
