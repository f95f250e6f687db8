"""The two ends of a route: "from JFK to SFO", "Newark to Phoenix", "SFO->MCO", for a tool's
pair of parameters whose names say where from and where to (lexicon `ROUTE_FROM_NAMES`,
`ROUTE_TO_NAMES`: `origin`, `destination`; never time zones, units, ...: `ROUTE_NOT_NAMES`),
the first end said first.

"from X to Y" takes up to `_END_WORDS` words a side, each end stopping at a function word, a
date or a mark; without "from", each end is one word written as a code or a name (capital
first), or any word right after the tool's noun ("flights seattle to atlanta"), so "send it to
Bob" is no route. A route said makes a tool that takes one a better fit
(`_choose`)."""

from __future__ import annotations

import re
from collections.abc import Collection

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token, singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["route_ends", "route_params", "said_route"]

_END_WORDS = 3
_JOINED = re.compile(r"([A-Z]{3,4})\s*(?:->|→|=>|-|/)\s*([A-Z]{3,4})")  # "SFO->MCO", "JFK-SFO"


def route_params(tool: ToolView, taken: Collection[str] = ()) -> tuple[Param, Param] | None:
    """The tool's parameters for where from and where to, both free text not in `taken`."""
    free = [
        p
        for p in tool.params.values()
        if p.type in ("string", None)
        and not p.enum
        and p.name not in taken
        and not set(p.words) & LEX.route_not_names
    ]
    start = next((p for p in free if set(p.words) & LEX.route_from_names), None)
    end = next((p for p in free if p is not start and set(p.words) & LEX.route_to_names), None)
    return (start, end) if start is not None and end is not None else None


def _word(reading: Request, used: Collection[int], i: int) -> bool:
    tok = reading.text.tokens[i]
    return (
        tok.kind == "word"
        and i not in used
        and i not in reading.when_tokens
        and (not is_function(tok.norm) or (i > 0 and _named(tok)))  # ("New York": a name)
        and tok.norm not in LEX.route_links
    )


def _named(tok: Token) -> bool:
    """A word written as a code ("JFK") or a name ("Newark")."""
    return tok.text[:1].isupper() and tok.text.replace("'", "").isalpha()


Route = tuple[tuple[str, str], list[int], list[int]]  # (from, to), their tokens and the links'


def said_route(
    reading: Request, used: Collection[int] = (), nouns: Collection[str] = ()
) -> Route | None:
    """The route the request says, outside the tokens `used` (see the module docstring); right
    after one of `nouns` (a tool's), its ends may be written in lower case ("flights seattle to
    atlanta")."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if i in used:
            continue
        joined = _JOINED.fullmatch(tok.text)
        if joined:
            return (joined.group(1), joined.group(2)), [i], []
        if tok.norm not in LEX.route_links or not 0 < i < len(tokens) - 1:
            continue
        after: list[int] = []
        while len(after) < _END_WORDS and i + 1 + len(after) < len(tokens):
            if not _word(reading, used, i + 1 + len(after)):
                break
            after.append(i + 1 + len(after))
        before: list[int] = []
        while len(before) < _END_WORDS and i - 1 - len(before) >= 0:
            if not _word(reading, used, i - 1 - len(before)):
                break
            before.insert(0, i - 1 - len(before))
        if not before or not after:
            continue
        opened = before[0] > 0 and tokens[before[0] - 1].norm in LEX.route_opens
        if not opened:  # "Newark to Phoenix": one word a side, each a code or a name
            before, after = before[-1:], after[:1]
            headed = before[0] > 0 and singular(tokens[before[0] - 1].norm) in nouns
            if not headed and not (_named(tokens[before[0]]) and _named(tokens[after[0]])):
                continue
        links = [*([before[0] - 1] if opened else []), i]
        ends = (reading.text.slice(before), reading.text.slice(after))
        return ends, [*before, *after], links
    return None


def route_ends(reading: Request, f: Fill, tool: ToolView) -> None:
    """Where from and where to, said as a route (see the module docstring), into `f`."""
    params = route_params(tool, f.args)
    if params is None:
        return
    route = said_route(reading, f.used, tool.nouns)
    if route is None:
        return
    (start, end), ends, links = route
    f.set(params[0], start, [*ends, *links], start)
    f.set(params[1], end, [], end)
