"""What a request asked for that the call made did not do: "what time is it in tokyo and remind
me to call Kenji then" reads the time, and its second clause, a write opened by its own verb
after a join ("and", "then", a comma), is left undone; the answer says so (a `Refuse` after the
read: the request is not done), never the read's answer alone as if that were all.
"""

from __future__ import annotations

from orchestrator.offline._read import Request
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["undone_part"]

_WRITES = ("create", "update", "delete")


def undone_part(reading: Request) -> str:
    """The clause of `reading` after a join that opens with a verb that writes, other than
    the request's own action ("remind me to call Kenji then"); "" when there is none."""
    tokens = reading.text.tokens
    action = set(reading.action.tokens)
    for k in range(1, len(tokens)):
        j = k - 1
        while j > 0 and tokens[j].norm in LEX.join_adverbs and tokens[j].norm not in LEX.joins:
            j -= 1  # "and also remind me ..."
        joined = tokens[j].norm in LEX.joins or tokens[j].norm in LEX.clause_breaks
        if not joined or k in action or LEX.kind_of(tokens[k].norm) not in _WRITES:
            continue
        if k + 1 < len(tokens) and tokens[k + 1].kind == "punct":
            continue  # "and delete." is not a clause of its own
        return reading.text.slice(list(range(k, len(tokens))))
    return ""
