"""What a price is for, for the one text a tool still lacks: "quoted $1,850 for a timing belt
job on my honda accord", "1.2k to replace the alternator on my 2014 ford" give
`check_repair_estimate` its `repair_type` (user trial 35: every such quote asked for the repair
it was told).

The words are the run right after an amount the tool took, led by "for" (lexicon `PRICED_FOR`)
or by "to" and a verb ("to replace the"), its article let go, up to a preposition, a mark or a
word another value took. Only a tool that writes nothing, left lacking exactly one required text
after every other reader, takes them ("paid 30 for a haircut" never writes a category).
The same words said before the price and a verb that prices them (lexicon `QUOTED_VERBS`:
"water pump and thermostat quoted at $900") are read back to a function word or a mark.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["priced_for"]


def priced_for(reading: Request, f: Fill, tool: ToolView) -> None:
    """The run of words a price is said for, into the one required text left (see the module)."""
    if tool.kind not in (None, "read", "check"):
        return  # ("paid 30 for a haircut": an expense's category is asked for, never guessed)
    left = [
        p
        for p in tool.required
        if p.name not in f.args and p.type in ("string", None) and not p.enum
    ]
    if len(left) != 1 or left[0].role not in ("label", "title", "body"):
        return
    amounts = [p.name for p in tool.params.values() if p.role == "amount" and p.name in f.args]
    tokens = reading.text.tokens
    for name in amounts:
        after = max(f.spans.get(name) or {-1}) + 1
        if after <= 0 or after >= len(tokens):
            continue
        lead = [after] if tokens[after].norm in LEX.priced_for else []
        verb = tokens[after + 1].norm if after + 1 < len(tokens) else ""
        if not lead and tokens[after].norm in LEX.to_words and verb in LEX.fix_verbs:
            lead = [after, after + 1]  # "to replace the alternator"
        if not lead:
            continue
        i = lead[-1] + 1
        while i < len(tokens) and tokens[i].norm in LEX.articles:
            lead.append(i)
            i += 1
        run: list[int] = []
        while (
            i < len(tokens)
            and tokens[i].kind == "word"
            and i not in f.used
            and tokens[i].norm not in LEX.prepositions
            and tokens[i].norm not in LEX.function_words
        ):
            run.append(i)
            i += 1
        if run:
            words = reading.text.slice(run)
            f.set(left[0], words, [*lead, *run], words)
            return
    for name in amounts:
        before = min(f.spans.get(name) or {0}) - 1
        lead = [before] if before > 0 and tokens[before].norm in LEX.quoted_at else []
        quoted = (lead[0] if lead else before + 1) - 1
        if quoted < 1 or tokens[quoted].norm not in LEX.quoted_verbs:
            continue
        run = _named_before(reading, f, quoted)
        if run:
            words = reading.text.slice(run)
            f.set(left[0], words, [*run, quoted, *lead], words)
            return


def _named_before(reading: Request, f: Fill, end: int) -> list[int]:
    """The words right before `end` that name one thing or several joined by "and" ("water
    pump and thermostat"), back to a function word, a mark or a word another value took."""
    tokens = reading.text.tokens
    run: list[int] = []
    i = end - 1
    while i >= 0 and tokens[i].kind == "word" and i not in f.used:
        norm = tokens[i].norm
        joins = norm in LEX.list_joiners and run and i > 0 and tokens[i - 1].kind == "word"
        if not joins and (norm in LEX.function_words or norm in LEX.prepositions):
            break
        run.insert(0, i)
        i -= 1
    while run and tokens[run[0]].norm in LEX.list_joiners:
        run.pop(0)
    return run
