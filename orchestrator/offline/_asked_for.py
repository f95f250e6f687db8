"""What a question asks for, said by a word no tool is named for: "any patterns in my journal?"
asks for an analysis, "what's my balance?" for a budget (lexicon `ASKED_FOR`: the word, and the
words of the names of the tools that give it). And a total asked of a thing that only a write
names ("what's my total income?", where only `add_income` says income) is asked of that
server's reports (lexicon `REPORT_NOUNS` and `TOTALS_NOUNS`, or a report verb), never of
another server's statistics. What money was spent on ("how much did I spend on groceries?") is
asked of a read that filters by its class, before a report of every class."""

from __future__ import annotations

from orchestrator.offline._read import Request
from orchestrator.offline._spending import money_asked
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["asked_for"]


def asked_for(reading: Request, tools: list[ToolView]) -> dict[str, tuple[float, str]]:
    """Each read the question asks for by what it gives, with its weight and why."""
    action = reading.action
    if action.kind not in (None, "read") or action.bare:
        return {}
    said = {
        singular(t.norm)
        for i, t in enumerate(reading.text.tokens)
        if t.kind == "word" and i not in action.tokens
    }
    reads = [t for t in tools if t.kind in (None, "read", "check")]
    out: dict[str, tuple[float, str]] = {}
    named = {n for t in tools for n in t.nouns}
    given = {g for w in said - named for g in LEX.asked_for.get(w, ())}  # none named for it
    for tool in reads:
        if given & set(words_of(tool.name)):
            out[tool.name] = (W.asked_for, "what it gives asked for")
    if money_asked(reading) and _class_said(reading):
        for tool in reads:
            if any(set(p.words) & LEX.class_param_words for p in tool.params.values()):
                out[tool.name] = (W.class_filter, "filters by the class spent on")
    if not action.question or not reading.words & LEX.amount_words_asked:
        return out
    written = said & {n for t in tools if t.kind == "create" for n in t.own_nouns}
    written -= {n for t in reads for n in t.nouns}  # "total income": a thing only written
    servers = {t.server for t in tools if t.kind == "create" and t.server and t.own_nouns & written}
    for tool in reads:
        if tool.server not in servers:
            continue
        if tool.nouns & LEX.report_nouns or LEX.in_group(tool.verb, "report"):
            weight = W.report_of_written  # (its report noun already weighed as a total's)
        elif tool.nouns & LEX.totals_nouns:
            weight = W.report_of_written + W.amount_question
        else:
            continue
        before, _ = out.get(tool.name, (0.0, ""))
        out[tool.name] = (before + weight, "a report of what its server keeps")
    return out


def _class_said(reading: Request) -> bool:
    """Whether the request says what money was spent on: "on groceries", no day ("on monday")."""
    tokens = reading.text.tokens
    return any(
        tok.norm in LEX.spent_class_leads
        and i + 1 < len(tokens)
        and tokens[i + 1].kind == "word"
        and i + 1 not in reading.when_tokens
        and tokens[i + 1].norm not in LEX.stop_words
        for i, tok in enumerate(tokens)
    )
