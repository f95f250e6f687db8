"""The code a quantity is counted in: "add 0.5 eth to my portfolio", "ok add 100 xrp" (user
trial 38: `add_holding(coin_symbol, amount)`, whose `Args:` line gives the symbol's examples,
"e.g., "BTC/USDT" or "btc""; the router took 0.5 for the amount and asked for the symbol,
"I did not understand "eth""). The word right after the number a tool's amount took, a word of
letters no other reading of the request took, goes into the tool's one required text parameter
still empty whose examples are all codes of lexicon `CODE_SHAPE`; never a word the lexicon knows
(a unit, a verb, a function word)."""

from __future__ import annotations

import re

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["a_code", "code_params", "counted_code"]

_CODE = re.compile(LEX.code_shape)


def code_params(tool: ToolView) -> list[Param]:
    """The tool's required text parameters whose examples are all codes (`coin_symbol`), a
    search's terms not among them ("Search term (e.g. "heart", "fire")")."""
    return [
        p
        for p in tool.required
        if p.type == "string"
        and p.role == "label"
        and not p.enum
        and p.examples
        and all(_CODE.fullmatch(e) for e in p.examples)
    ]


def a_code(tok: Token) -> bool:
    """Whether a word could be a code: letters of lexicon `CODE_SHAPE`, no word the lexicon
    knows (a function word, a verb, a unit)."""
    norm = tok.norm
    return (
        tok.kind == "word"
        and tok.text.isalpha()
        and _CODE.fullmatch(norm) is not None
        and not is_function(norm)
        and norm not in LEX.verbs
        and norm not in LEX.unit_names
        and norm not in LEX.stop_words
    )


def _code_param(tool: ToolView, f: Fill) -> Param | None:
    found = [p for p in code_params(tool) if p.name not in f.args]
    return found[0] if len(found) == 1 else None


def counted_code(reading: Request, f: Fill, tool: ToolView) -> None:
    """The code the tool's amount is counted in, into its code parameter (see the module)."""
    param = _code_param(tool, f)
    if param is None:
        return
    tokens = reading.text.tokens
    for name, span in f.spans.items():
        counted = tool.params.get(name)
        if counted is None or counted.type not in ("number", "integer") or not span:
            continue
        at = max(span) + 1
        if at >= len(tokens) or at in f.used:
            continue
        tok = tokens[at]
        if a_code(tok):
            f.set(param, tok.text, [at], tok.text)
            return
