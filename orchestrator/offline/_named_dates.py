"""Dates each said after a word of its own parameter's name, for a tool that takes two or more:
"joined 2019-03-02, leaving 2024-08-31" gives `join_date` and `leave_date` (user trial 36: the
first date went to the first date parameter, the second was never read and was asked for).

The word is a word of the parameter's name other than the words every date parameter has
("date", "day"), in any of its forms ("joined", "leaving"); the date is read from the words
after it, function words skipped, up to the next mark. A date so placed is its parameter's
alone; the request's other date, if any, goes on to the parameters left (`other_date`: the one
left after the request's date, for a tool that writes no text of the request's).
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._dates import find_when
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import verb_root
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["named_dates", "other_date"]


def _own_words(param: Param) -> set[str]:
    return {verb_root(w) for w in param.words if w not in LEX.date_words}


def named_dates(reading: Request, f: Fill, tool: ToolView) -> None:
    """Each open date parameter's date, said after a word of its name (see the module)."""
    params = [p for p in tool.role("moment", "day") if p.name not in f.args]
    if len(params) < 2:
        return
    tokens = reading.text.tokens
    for param in params:
        own = _own_words(param)
        for i, tok in enumerate(tokens):
            if tok.kind != "word" or verb_root(tok.norm) not in own or i in f.used:
                continue
            start = i + 1
            while (
                start < len(tokens)
                and tokens[start].kind == "word"
                and is_function(tokens[start].norm)
            ):
                start += 1
            end = start
            while end < len(tokens) and tokens[end].kind != "punct":
                end += 1
            if start >= end or any(k in f.used for k in range(start, end)):
                continue
            text = reading.text.original[tokens[start].start : tokens[end - 1].end]
            when = find_when(text, reading.now)
            if when is None or not when.has_date or when.spans[0][0] != 0:
                continue
            span = [
                k
                for k in range(start, end)
                if tokens[k].start - tokens[start].start < when.spans[-1][1]
            ]
            if reading.when is not None and set(span) & reading.when_tokens:
                when = reading.when  # (read with the request: "applied on sept 15th", past)
            value = when.day().isoformat()
            f.set(param, value, [i, *span], reading.text.slice([i, *span]))
            break


def other_date(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "i started march 15 2020 and im quitting at the end of june 2025": one date parameter
    filled, one open, and one more date said in the words nothing took: the open one's, for a
    tool with no text of the request's to write (a title may hold a date: "the june 15
    report")."""
    params = tool.role("moment", "day")
    left = [p for p in params if p.name not in f.args]
    if len(params) != 2 or len(left) != 1 or tool.role("title", "body", "query"):
        return
    tokens = reading.text.tokens
    found = []
    start = 0
    while start < len(tokens):
        tok = tokens[start]
        if start in f.used or tok.kind in ("punct", "quoted"):
            start += 1
            continue
        end = start
        while end < len(tokens) and tokens[end].kind != "punct" and end not in f.used:
            end += 1
        text = reading.text.original[tok.start : tokens[end - 1].end]
        when = find_when(text, reading.now)
        if when is not None and when.has_date and when.spans[0][0] == 0:
            span = [k for k in range(start, end) if tokens[k].start - tok.start < when.spans[-1][1]]
            found.append((when, span))
            start = span[-1] + 1
        else:
            start += 1
    if len(found) == 1:
        when, span = found[0]
        f.set(left[0], when.day().isoformat(), span, reading.text.slice(span))
