"""A month said by its name for a whole number named for a month ("fiscal year with an april
start" for `start_month`: 4): its number in the year, the name no word left over. Only a name
the request's date does not hold, and only for one such parameter; a name that is an everyday
word too ("may", "march", lexicon `EVERYDAY_MONTHS`) only capitalised after the first word or
after a word that leads a month (`MONTH_LEADS`: "weather in march")."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["month_number", "month_params"]


def month_params(tool: ToolView) -> list[Param]:
    """The tool's whole numbers named for a month (`month`, "1-12")."""
    return [
        p
        for p in tool.params.values()
        if p.type == "integer" and set(p.words) & LEX.month_param_words
    ]


def month_number(reading: Request, f: Fill, tool: ToolView) -> None:
    params = [p for p in month_params(tool) if p.name not in f.args]
    if len(params) != 1:
        return
    said = [
        i
        for i, tok in enumerate(reading.text.tokens)
        if tok.kind == "word"
        and tok.norm in LEX.months
        and i not in f.used
        and (
            tok.norm not in LEX.everyday_months
            or (i > 0 and tok.text[:1].isupper())
            or (i > 0 and reading.text.tokens[i - 1].norm in LEX.month_leads)
        )
    ]  # "May" inside a sentence is the month, "in march" too; "may I ..." is no month
    if len(said) != 1:
        return
    (i,) = said
    tok = reading.text.tokens[i]
    f.set(params[0], LEX.months.index(tok.norm) + 1, (i,), tok.text)
