"""A call for each of several codes (user trial 38, `get_price(coin_symbol)` and
`add_holding(coin_symbol, amount)`, whose symbol's examples are codes, "e.g., "BTC/USDT" or
"btc""):
- a read: "compare btc and eth prices", "price of sol and doge" (the router read "eth" alone,
  or a symbol "sol and doge"). When the request's plan is a read that fills its one code
  parameter (`_counted_code.code_params`) from a run of two codes or more joined by commas and
  joining words (lexicon `LIST_JOINERS`: "btc and eth", "sol, ada & dot"), the read is made
  once for each code;
- a write: "add 0.25 btc and 2 eth" (it asked which tool). A run of amounts each with its code
  is said as that many requests, the words around the run in each ("add 0.25 btc", "add 2
  eth"); each planned alone must be ready at once, for the same tool that makes records, with
  its own code, else the request is read whole.
The calls are made in the order said, one a turn (`_several.one_a_turn`), a failure ending
them. A code is a word of letters the lexicon does not know, never a tool's own noun. Two
values of a shape ("D2O and H2O") at a request's end are `_halves._two_values`'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from orchestrator.offline._counted_code import a_code, code_params
from orchestrator.offline._plan import Planner
from orchestrator.offline._read import Request
from orchestrator.offline._several import one_a_turn
from orchestrator.offline._tokens import Token, singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import CallTool, Conversation, Step
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["each_code_step"]


def _runs(tokens: Sequence[Token], tool: ToolView) -> list[list[str]]:
    """The runs of codes joined by commas and joining words, as typed."""

    def code(tok: Token) -> bool:
        return a_code(tok) and singular(tok.norm) not in tool.nouns

    runs: list[list[str]] = []
    at = 0
    while at < len(tokens):
        if not code(tokens[at]):
            at += 1
            continue
        run, end = [tokens[at].text], at + 1
        while end < len(tokens) and tokens[end].norm in LEX.list_joiners:
            nxt = end + 1
            while nxt < len(tokens) and tokens[nxt].norm in LEX.list_joiners:  # ", and"
                nxt += 1
            if nxt >= len(tokens) or not code(tokens[nxt]):
                break
            run.append(tokens[nxt].text)
            end = nxt + 1
        runs.append(run)
        at = end
    return [run for run in runs if len(run) > 1]


def _counted(tokens: Sequence[Token], nouns: frozenset[str]) -> list[range] | None:
    """The spans of a run of two amounts or more each with its code ("0.25 btc and 2 eth"),
    joined by commas and joining words; None when the request says no such run, or two."""
    found: list[list[range]] = []
    at = 0
    while at + 1 < len(tokens):
        if not _a_counted_code(tokens, at, nouns):
            at += 1
            continue
        run, end = [range(at, at + 2)], at + 2
        while end < len(tokens) and tokens[end].norm in LEX.list_joiners:
            nxt = end + 1
            while nxt < len(tokens) and tokens[nxt].norm in LEX.list_joiners:
                nxt += 1
            if not _a_counted_code(tokens, nxt, nouns):
                break
            run.append(range(nxt, nxt + 2))
            end = nxt + 2
        found.append(run)
        at = end
    runs = [run for run in found if len(run) > 1]
    return runs[0] if len(runs) == 1 else None


def _a_counted_code(tokens: Sequence[Token], at: int, nouns: frozenset[str]) -> bool:
    return (
        at + 1 < len(tokens)
        and tokens[at].kind == "number"
        and a_code(tokens[at + 1])
        and singular(tokens[at + 1].norm) not in nouns
    )


def _each_write(
    conv: Conversation,
    tools: Sequence[ToolView],
    read_one: Callable[[str], Request],
    reading: Request,
    spans: list[range],
) -> Step | None:
    """A record for each amount and its code ("add 0.25 btc and 2 eth"): the request said of
    each alone, each planned alone, all of them ready at once for the same tool that makes
    records, each with its own code; else None (the request read whole)."""
    tokens, text = reading.text.tokens, reading.text.original
    head, tail = text[: tokens[spans[0][0]].start], text[tokens[spans[-1][-1]].end :]
    steps: list[CallTool] = []
    for span in spans:
        said = text[tokens[span[0]].start : tokens[span[-1]].end]
        step = Planner(read_one(f"{head}{said}{tail}"), list(tools), (), conv.earlier).next()
        if not isinstance(step, CallTool):
            return None
        steps.append(step)
    tool = next((t for t in tools if t.name == steps[0].tool), None)
    if tool is None or tool.kind != "create" or any(s.tool != tool.name for s in steps):
        return None
    params = code_params(tool)
    codes = [tokens[span[-1]].text.lower() for span in spans]
    if len(params) != 1 or [str(s.arguments.get(params[0].name)).lower() for s in steps] != codes:
        return None
    return one_a_turn(conv, tool, steps)


def each_code_step(
    conv: Conversation, tools: Sequence[ToolView], read_one: Callable[[str], Request]
) -> Step | None:
    """This turn's step for a read of several codes or a write of several amounts each with its
    code, or None to read the request whole: the next call, or, all made (or one failed), the
    answer."""
    coded = [t for t in tools if len(code_params(t)) == 1]
    words = set(conv.request.lower().replace(",", " , ").split())
    if not coded or not words & set(LEX.list_joiners):
        return None  # no tool of a code, or no run of them: the request read whole
    reading = read_one(conv.request)
    nouns = frozenset(n for t in coded for n in t.nouns)
    spans = _counted(reading.text.tokens, nouns)
    if spans is not None:
        return _each_write(conv, tools, read_one, reading, spans)
    if not any(_runs(reading.text.tokens, t) for t in coded if t.kind == "read"):
        return None
    step = Planner(reading, list(tools), (), conv.earlier).next()
    if not isinstance(step, CallTool):
        return None
    tool = next((t for t in tools if t.name == step.tool), None)
    if tool is None or tool.kind != "read":
        return None
    params = code_params(tool)
    value = step.arguments.get(params[0].name) if len(params) == 1 else None
    if not isinstance(value, str):
        return None
    said = {w.lower() for w in value.replace(",", " ").split()} - set(LEX.list_joiners)
    runs = [r for r in _runs(reading.text.tokens, tool) if said <= {c.lower() for c in r}]
    if len(runs) != 1:
        return None
    steps = [CallTool(tool.name, {**step.arguments, params[0].name: c}) for c in runs[0]]
    return one_a_turn(conv, tool, steps)
