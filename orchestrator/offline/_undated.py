"""A day said in a write whose tool keeps no date is part of the text the write carries, when
that text is a body (a todo's text, a note's, a task's description) and the day comes after
what it says: "todo: call mum on sunday" for `add_todo(text)`, "add a task to practice five
graph problems this week", "note for Tom - he's travelling until Monday". It is the one place
the tool keeps it, never a value left over to ask about. Else the date stands apart, and is
asked about when nothing takes it: a time of day or a moment from now says when to act ("remind
me in 10 minutes to check the oven": a timer's, never a todo's text), a day said first says when
to do what follows ("tomorrow: call mum"), a title stays without it ("a note to call mom
tomorrow" for `create_note(title)`), and a tool with a parameter a date or a time goes to (a
due date, a start, a day, a clock time, a month) takes it there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from orchestrator.offline._account import is_function
from orchestrator.offline._dates import find_when
from orchestrator.offline._tokens import singular
from orchestrator.offline.lexicon import LEXICON as LEX

if TYPE_CHECKING:
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import Param, ToolView

__all__ = ["dated_text", "dates_apart", "labelled_dates"]

_DATED = ("moment", "day", "since", "until", "clock", "month")  # roles a date or a time fills


def dates_apart(reading: Request, tool: ToolView, param: Param, free: list[int]) -> set[int]:
    """The tokens of the date the request says that stand apart from the text `param` of `tool`
    takes out of the `free` tokens: none when they are the text's (see the module docstring),
    else all of them."""
    dates = set(reading.when_tokens)
    when = reading.when
    if not dates or when is None or when.has_time or param.role != "body" or tool.role(*_DATED):
        return dates
    tokens = reading.text.tokens
    said = [i for i in free if i not in dates and not is_function(tokens[i].norm)]
    return set() if said and said[0] < min(dates) else dates


def dated_text(reading: Request, kept: list[int], kind: str | None, param: Param) -> bool:
    """Whether the `kept` tokens of a new record's title say a day of their own while the
    request says another (see the module docstring; a body may: "visiting Munich in March"),
    or a new record's text holds the day the request says after the words of a date field
    (lexicon `DATE_WORDS`: "with target date march 31"), a field its tool does not keep."""
    if kind == "create" and _date_field_kept(reading, kept):
        return True
    if kind != "create" or param.role != "title" or reading.when is None:
        return False
    words = [reading.text.tokens[i].norm for i in kept if i not in reading.when_tokens]
    spans = (" ".join(words[i : i + n]) for i in range(len(words)) for n in (1, 2, 3))
    found = (find_when(span, reading.now) for span in spans)
    return any(when is not None and when.kind == "day" for when in found)  # ("in March": no day)


def _date_field_kept(reading: Request, kept: list[int]) -> bool:
    """Whether `kept` holds the request's day and, right before it, a word of a date field."""
    when = sorted(reading.when_tokens)
    if not when or not set(when) <= set(kept):
        return False
    before = when[0] - 1
    return before in kept and reading.text.tokens[before].norm in LEX.date_words


def labelled_dates(reading: Request, tool: ToolView) -> Request:
    """The request with no date of its own where every date it says is inside a text named
    with a colon after a comma (", description: kitchen sink dripping since monday", ", notes:
    the leak started on friday"), for a tool that keeps such a text: that day is part of the
    text, never a due date (the same request where it says none, or one outside such a text,
    or where the colon is the request's heading: "note: call mum on sunday")."""
    if not reading.when_tokens:
        return reading
    tokens = reading.text.tokens
    if not any(p.role == "body" for p in tool.params.values()):
        return reading
    texts = {w for p in tool.params.values() if p.role == "body" for w in p.words}
    texts |= {singular(w) for w in LEX.body_words}  # "notes:" for a `description`
    starts = [  # after a comma, never the request's heading ("note: call mum on sunday")
        i + 2
        for i in range(1, len(tokens) - 1)
        if singular(tokens[i].norm) in texts
        and tokens[i + 1].norm == ":"
        and tokens[i - 1].norm in LEX.clause_breaks
    ]
    if not starts or min(reading.when_tokens) < min(starts):
        return reading
    return replace(reading, when=None, when_tokens=frozenset())
