"""A date said in a write whose tool keeps no date is part of the text the write carries, when
that text is a body (a todo's text, a note's, a task's description: "todo: call mum on sunday"
for `add_todo(text)`, "add a task to practice five graph problems this week", "note for Tom -
he's travelling until Monday"): the one place the tool keeps it, never a value left over to ask
about. A title stays without it ("jot down a note to call mom tomorrow" for `create_note(title)`
is asked about), and a tool with a parameter a date or a time of day goes to (a due date, a
start, a day, a clock time, a month) takes the date there: the date ends the text as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import Param, ToolView

__all__ = ["dates_apart"]

_DATED = ("moment", "day", "since", "until", "clock", "month")  # roles a date or a time fills


def dates_apart(reading: Request, tool: ToolView, param: Param) -> set[int]:
    """The tokens of the date the request says that stand apart from the text `param` of `tool`
    takes: none when it is a body and the tool has nowhere else to put a date (they are the
    text's), else all of them."""
    if param.role == "body" and not tool.role(*_DATED):
        return set()
    return set(reading.when_tokens)
