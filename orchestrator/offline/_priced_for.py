"""What a price is for, for the one text a tool still lacks: "quoted $1,850 for a timing belt
job on my honda accord", "1.2k to replace the alternator on my 2014 ford" give
`check_repair_estimate` its `repair_type` (user trial 35: every such quote asked for the repair
it was told).

The words are the run right after an amount the tool took, led by "for" (lexicon `PRICED_FOR`)
or by "to" and a verb ("to replace the"), its article let go, up to a preposition, a mark or a
word another value took. Only a tool that writes nothing, left lacking exactly one required text
after every other reader, takes them ("paid 30 for a haircut" never writes a category).
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
