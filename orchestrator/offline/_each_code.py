"""One read for each of several codes: "compare btc and eth prices", "price of sol and doge"
(user trial 38: `get_price(coin_symbol)`, whose examples are codes, "e.g., "BTC/USDT" or "btc"";
the router sent "sol and doge" as one symbol, or read "eth" alone). When the request's plan is a
read that fills its one code parameter (`_counted_code.code_params`) from a run of two codes or
more joined by commas and joining words (lexicon `LIST_JOINERS`: "btc and eth", "sol, ada &
dot"), the read is made once for each code, in the order said, one a turn, and the answer gives
each result. A code is a word of letters the lexicon does not know, never the tool's own noun.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from orchestrator.offline._answer import call_failure, describe_result
from orchestrator.offline._counted_code import a_code, code_params
from orchestrator.offline._plan import Planner
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token, singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import CallTool, Conversation, Done, Refuse, Step
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


def each_code_step(
    conv: Conversation, tools: Sequence[ToolView], read_one: Callable[[str], Request]
) -> Step | None:
    """This turn's step for a read of several codes, or None to read the request whole: the
    next code's call, or, all made (or one failed), the answer."""
    coded = [t for t in tools if t.kind == "read" and len(code_params(t)) == 1]
    words = set(conv.request.lower().replace(",", " , ").split())
    if not coded or not words & set(LEX.list_joiners):
        return None  # no read of a code, or no run of them: the request read whole
    reading = read_one(conv.request)
    if not any(_runs(reading.text.tokens, t) for t in coded):
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
    made = list(conv.calls)
    if any(c.name != tool.name or not c.done for c in made):
        return None
    failed = [c for c in made if call_failure(tool, c.status, c.output) is not None]
    if len(made) < len(steps) and not failed:
        return steps[len(made)]
    text = "\n".join(describe_result(tool, c.arguments, c.status, c.output) for c in made)
    return Refuse(text) if failed else Done(text)
