"""The one person a question is about, by name: said as whose a thing said after it is ("when's
Leila's birthday?") or as its topic ("what do I know about Ana?"); never a name that ends the
request with its possessive, a shop's ("what did I spend at Trader Joe's?"). A read's `person`
takes it (`_labels`), and a read of a person's details is the one it asks for (`_choose`)."""

from __future__ import annotations

from orchestrator.offline._read import Request
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["named_person"]


def named_person(reading: Request) -> Value | None:
    """The name of the one person the question is about, or None."""
    tokens = reading.text.tokens
    if not reading.action.question:
        return None

    def whose(end: int) -> bool:
        return tokens[end].possessive and end + 1 < len(tokens) and tokens[end + 1].kind == "word"

    names = [
        v
        for v in reading.typed("name")
        if whose(v.tokens[-1])
        or (v.tokens[0] > 0 and tokens[v.tokens[0] - 1].norm in LEX.topic_markers)
    ]
    return names[0] if len(names) == 1 else None
