"""A number said of the records a write makes ("log 5 expenses for me", "add 3 todos"): it counts
the records, it is no value of one (trial 17, e28: an expense of 5 was logged). The number is
accounted for as the count, so the values the records need are asked for; a tool with a
parameter that takes such a count (`count`, `number`) takes it there instead.
"""

from __future__ import annotations

from orchestrator.offline._nouns import noun_matches
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["record_count"]


def record_count(reading: Request, f: Fill, tool: ToolView) -> None:
    """The number before the plural of the tool's own noun, for a write with no count to
    take it: accounted for as the count of records, never a value (docstring)."""
    if tool.kind != "create":
        return
    counts = [
        p for p in tool.params.values() if set(p.words) & (LEX.count_words | LEX.count_fields)
    ]
    if counts:
        _into_count(reading, f, counts)
        return
    tokens = reading.text.tokens
    if any(t.kind == "punct" and t.text == ":" for t in tokens):
        return  # "make 2 reminders: feed the cat, ...": the records said, each (`_several`)
    for i, token in enumerate(tokens[:-1]):
        said, noun = tokens[i + 1].text.lower(), tokens[i + 1].norm
        if (
            token.kind == "number"
            and i not in f.used
            and singular(said) != said
            and any(noun_matches(noun, n) for n in tool.nouns)
        ):
            f.used.add(i)


def _into_count(reading: Request, f: Fill, counts: list[Param]) -> None:
    """ "generate 5 uuids" for `id_generate(kind, count)`: the whole number before a plural is
    how many to make, into the tool's one whole-number count that is not yet filled."""
    whole = [p for p in counts if p.type == "integer" and p.name not in f.args]
    if len(whole) > 1:  # `count` beside `size`: the one that counts ("How many IDs ...")
        whole = [
            p
            for p in whole
            if set(p.words) & LEX.count_fields
            or (p.describe or "").lower().startswith(LEX.count_leads)
        ]
    if len(whole) != 1:
        return
    tokens = reading.text.tokens
    tool = f.tool
    fields = {w for p in tool.params.values() for w in p.words}  # "4 reps": `reps`, no count
    made = (  # what it makes of a kind ("5 uuids"), never its own records ("3 sets of 10
        tool.describe_words | {str(v).lower() for p in tool.params.values() for v in p.enum}
    ) - tool.nouns  # pull-ups" for `log_set`: counted so elsewhere)
    said = [
        i
        for i, token in enumerate(tokens[:-1])
        if token.kind == "number"
        and token.norm.isdigit()
        and i not in f.used
        and tokens[i + 1].kind == "word"
        and singular(tokens[i + 1].text.lower()) != tokens[i + 1].text.lower()
        and singular(tokens[i + 1].norm) not in fields
        and singular(tokens[i + 1].norm) in made  # "5 uuids": what `id_generate` makes
    ]
    if len(said) == 1:
        i = said[0]
        f.set(whole[0], int(tokens[i].norm), [i], tokens[i].text)
