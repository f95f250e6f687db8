"""What a question asks for, said by a word no tool is named for: "any patterns in my journal?"
asks for an analysis, "what's my balance?" for a budget (lexicon `ASKED_FOR`: the word, and the
words of the names of the tools that give it). And a total asked of a thing that only a write
names ("what's my total income?", where only `add_income` says income) is asked of that
server's reports (lexicon `REPORT_NOUNS` and `TOTALS_NOUNS`, or a report verb), never of
another server's statistics. What money was spent on ("how much did I spend on groceries?") is
asked of a read that filters by its class, before a report of every class. A condition asked
of a thing ("is my vault healthy?", lexicon `CONDITION_WORDS`) is asked of the read whose name
or description says it checks that ("Read-only health and safety audit": `CHECKER_WORDS`), and
two words asked side by side ("whats my cost basis now") of the read whose description says
them so ("Cost-basis summary across the collection")."""

from __future__ import annotations

from itertools import pairwise

from orchestrator.offline._account import is_function
from orchestrator.offline._read import Request
from orchestrator.offline._spending import money_asked
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["asked_for", "kept_words", "meant", "phrase_described"]


def asked_for(reading: Request, tools: list[ToolView]) -> dict[str, tuple[float, str]]:
    """Each read the question asks for by what it gives, with its weight and why."""
    action = reading.action
    out: dict[str, tuple[float, str]] = {}
    reads = [t for t in tools if t.kind in (None, "read", "check")]
    if action.kind in (None, "read"):  # ("define monad": a verb of no tool, said alone)
        out.update(_meaning_asked(reading, tools, reads))
    if action.kind not in (None, "read") or action.bare:
        return out
    said = {
        singular(t.norm)
        for i, t in enumerate(reading.text.tokens)
        if t.kind == "word" and i not in action.tokens
    }
    named = {n for t in tools for n in t.nouns}
    given = {g for w in said - named for g in LEX.asked_for.get(w, ())}  # none named for it
    for tool in reads:
        if given & set(words_of(tool.name)):
            out[tool.name] = (W.asked_for, "what it gives asked for")
    checks = action.question and bool(said & LEX.condition_words)
    for tool in reads:  # "is my vault healthy?": the read whose name or description checks it
        described = set(words_of(tool.name)) | tool.describe_words
        if checks and described & LEX.checker_words and not tool.destructive:
            out[tool.name] = (W.asked_for, "checks the condition asked")
    kept = kept_words(tools)
    for tool in reads:  # "whats my cost basis now": the read whose description says it
        if phrase_described(reading, tool, kept):
            before, _ = out.get(tool.name, (0.0, ""))
            out[tool.name] = (before + W.described_phrase, "its description's words asked")
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


def kept_words(tools: list[ToolView]) -> frozenset[str]:
    """The words of every tool's nouns and parameters: what the tools are named by."""
    return frozenset(
        {n for t in tools for n in t.nouns}
        | {w for t in tools for p in t.params.values() for w in p.words}
    )


def phrase_described(reading: Request, tool: ToolView, kept: frozenset[str]) -> bool:
    """Whether a question says two words side by side that the read's description says so
    ("whats my cost basis now": "Cost-basis summary across the collection"), neither a
    function word, the request's verb, nor a word that names a tool's thing or parameter
    (`kept`: those name the tool their own way)."""
    if not reading.action.question or tool.destructive or tool.kind not in (None, "read", "check"):
        return False
    tokens = reading.text.tokens
    said = [
        singular(t.norm)
        if t.kind == "word"
        and i not in reading.action.tokens
        and not is_function(t.norm)
        and singular(t.norm) not in kept
        else ""
        for i, t in enumerate(tokens)
    ]
    words = [singular(w) for w in words_of(tool.description)]
    return bool({(a, b) for a, b in pairwise(said) if a and b} & set(pairwise(words)))


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


def _meaning_asked(
    reading: Request, tools: list[ToolView], reads: list[ToolView]
) -> dict[str, tuple[float, str]]:
    """ "what does idempotent mean?", "define monad": the read that gets one entry by its name,
    on a server that keeps what words mean (a write with a `definition`)."""
    out: dict[str, tuple[float, str]] = {}
    if meant(reading):  # "what does idempotent mean?": the entry of that word, on a
        keepers = {  # server that keeps what words mean (`add_term(definition)`)
            t.server
            for t in tools
            for p in t.params.values()
            if set(p.words) & LEX.meaning_words and t.kind == "create"
        }
        for tool in reads:
            named_by = [p for p in tool.required if p.role in ("title", "label")]
            if tool.server in keepers and named_by and len(tool.required) == 1:
                out[tool.name] = (W.asked_for, "the meaning asked")
    return out


def meant(reading: Request) -> list[int]:
    """The word whose meaning a request asks ("what does idempotent mean?", "define monad for
    me", "the definition of backpressure"): the words before "mean", or after "define" and
    the words that lead a name ("of the"), to the next function word; none when it asks none."""
    tokens = reading.text.tokens
    for at, tok in enumerate(tokens):
        if tok.norm not in LEX.meaning_words:
            continue
        step = -1 if tok.norm in LEX.meaning_verbs else 1
        k = at + step
        while 0 <= k < len(tokens) and step > 0 and is_function(tokens[k].norm):
            k += step  # ("definition of the", "define a")
        found = []
        while 0 <= k < len(tokens) and tokens[k].kind in ("word", "quoted", "other"):
            if is_function(tokens[k].norm) or tokens[k].norm in LEX.question_words:
                break
            found.append(k)
            k += step
        if found:
            return sorted(found)
    return []
