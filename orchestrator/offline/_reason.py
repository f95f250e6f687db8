"""A clause that says why (", I think it'll rise after rotation", "because it's cheap"), for
the one field a new record keeps its reason in: named for one (`thesis`, `reason`: lexicon
`REASON_FIELD_WORDS`) or described as one ("Why you want this card.": `REASON_DESCRIBE`).
Where no field takes it, the clause is a remark (`_account.remarks_left`) or left to ask about.
"""

from __future__ import annotations

from orchestrator.offline._account import remark_at
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["reason_said"]


def reason_said(reading: Request, f: Fill, tool: ToolView) -> None:
    """The clause that says why, for the field made for a reason (see the module)."""
    if tool.kind not in ("create", "update"):
        return
    fields = [
        p
        for p in tool.role("label", "body")
        if p.name not in f.args and p.type in ("string", None) and _keeps_reason(p)
    ]
    if len(fields) != 1:
        return
    at = remark_at(reading, f)
    if at is None:
        return
    tokens = reading.text.tokens
    start = at + 1 if tokens[at].norm in LEX.clause_breaks else at
    span = [
        i for i in range(start, len(tokens)) if tokens[i].kind != "punct" or i < len(tokens) - 1
    ]
    if not span:
        return
    value = reading.text.slice(span)
    f.set(fields[0], value, range(at, len(tokens)), value)


def _keeps_reason(param: Param) -> bool:
    """Whether the field is named for a reason, or its description opens as one ("Why ...")."""
    said = words_of(param.describe)[:1]
    return bool(set(param.words[-1:]) & LEX.reason_field_words or set(said) & LEX.reason_describe)
