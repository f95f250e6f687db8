"""A request of two halves: a write, then "and" and a request of its own on the user ("spent 8
on stamps and remind me to post the letter tomorrow"). Each half is read as a request of its
own and, when each alone would be written at once (a new record or a thing started, no
question, no listing first), both are written, one a turn, in the order said; a half that fails
leaves the other said undone, never dropped in silence. Otherwise the request is left whole,
and its question names the words of the other half it did not take (`_clauses`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from orchestrator.offline._answer import call_failure, describe_result, say
from orchestrator.offline._clauses import second_clause
from orchestrator.offline._plan import Planner
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import CallTool, Conversation, Done, Refuse, Step

__all__ = ["halves_step"]


def _halves(reading: Request) -> tuple[str, str] | None:
    """The two requests `reading` says, when its second clause is a request of its own."""
    clause = second_clause(reading)
    if clause is None or clause.same:
        return None
    count = len(reading.text.tokens)
    first = reading.text.slice(range(clause.join))
    second = reading.text.slice(range(clause.join + 1, count))
    return (first, second) if first.strip() and second.strip() else None


def halves_step(
    conv: Conversation, tools: Sequence[ToolView], read_one: Callable[[str], Request]
) -> Step | None:
    """This turn's step for a request of two halves, or None to read it whole: the next
    half's call, or, both made (or one failed), the answer."""
    parts = _halves(read_one(conv.request))
    if parts is None:
        return None
    by_name = {t.name: t for t in tools}
    steps: list[CallTool] = []
    for part in parts:
        step = Planner(read_one(part), list(tools), (), conv.earlier).next()
        if not isinstance(step, CallTool) or by_name[step.tool].kind not in ("create", "run"):
            return None
        steps.append(step)
    made = list(conv.calls)
    if any(c.name != s.tool or not c.done for c, s in zip(made, steps, strict=False)):
        return None
    failed = [c for c in made if call_failure(by_name[c.name], c.status, c.output) is not None]
    if len(made) < len(steps) and not failed:
        return steps[len(made)]
    lines = [describe_result(by_name[c.name], c.arguments, c.status, c.output) for c in made]
    if len(made) < len(steps):  # the first failed: the second was not tried
        lines.append(say("half_untried", part=parts[len(made)]))
    return Refuse("\n".join(lines)) if failed else Done("\n".join(lines))
