"""Where else the item a request names may be, when every plan found none of it: another kind
of thing that holds it ("cancel the dentist appt": no agent's task, a todo), or the same kind
of thing kept by another server ("mark buy eggs as done": no line of the `todotxt` server's
file, a todo of the `todo` server's). A change goes to the server of the record it names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from orchestrator.offline._tokens import singular

if TYPE_CHECKING:
    from orchestrator.offline._choose import Scored
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import ToolView

__all__ = ["found_elsewhere"]


class _Plan(Protocol):  # `_plan.Plan`, as this module reads it
    tool: ToolView
    state: str
    item: dict[str, Any] | None


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
