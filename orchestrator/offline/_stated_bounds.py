"""The bounds of a number a parameter's description states where its schema gives none: the
values an integer's lists, each with what it means ("1 (not mastered), 2 (mastered)",
"0 = off, 1 = on", "1（未掌握），2（基本掌握），或3（完全掌握）": digits and brackets
read the same in any language), or a range ("1-5", "(1–10)", "from 1 to 10", "between 0
and 100", lexicon `RANGE_STARTS`, `RANGE_ENDS`). The view's schema takes them as `minimum`
and `maximum`, so a value outside them is asked about, never sent ("set status 4" where the
statuses are 1 to 3).
"""

from __future__ import annotations

import re
from typing import Any

from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["stated_bounds"]

_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"  # "0-200,000": thousands too
_BEFORE = r"(?<![A-Za-z\d_.\-])"  # no number inside a word or a longer one ("v2", "2024-01")
_AFTER = r"(?![A-Za-z\d_\-]|[.,]\d)"  # (a sentence may end after it)
# a number and what it means: in brackets, or after a colon or an equals sign, up to the next
# separator; the meaning has no digit ("300 (5 minutes)" is a length, not a value's meaning)
_LABELLED = re.compile(
    rf"{_BEFORE}({_NUMBER})\s*(?:[(（][^\d()（）]{{1,40}}[)）]"
    r"|[:：=]\s*[^\d\s,，、;；()（）][^\d,，、;；()（）]{0,39})"
)
_SEPARATORS = r"(?:-|–|—|~|～|\.\.)"
_BETWEEN_LINK = LEX.range_ends[1]  # "and": a range's link only after "between" (as `_dates`)
_WORD_ENDS = "|".join(re.escape(w) for w in LEX.range_ends if w.isalpha() and w != _BETWEEN_LINK)
_RANGE = re.compile(
    rf"{_BEFORE}({_NUMBER})\s*(?:{_SEPARATORS}|\b(?:{_WORD_ENDS})\b)\s*({_NUMBER}){_AFTER}",
    re.I,
)
_STARTS = "|".join(re.escape(w) for w in LEX.range_starts)
_BETWEEN = re.compile(  # "between 0 and 100", "from 1 to 10"
    rf"\b(?:{_STARTS})\s+({_NUMBER})\s+(?:{_BETWEEN_LINK}|{_WORD_ENDS})\s+({_NUMBER}){_AFTER}",
    re.I,
)


def stated_bounds(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    """`schema` with the `minimum` and `maximum` its own description, or its own line in the
    tool's (`status (int): ...`, `status: ...`), states (see the module); as it is when it is
    no number, has bounds or an enum already, or states none."""
    if schema.get("type") not in ("integer", "number") or "enum" in schema:
        return schema
    if "minimum" in schema or "maximum" in schema:
        return schema
    own = re.search(rf"^\s*{re.escape(name)}\b[^:：\n]*[:：]\s*(.+)$", description, re.M)
    for text in (str(schema.get("description") or ""), own.group(1) if own else ""):
        found = _bounds(text, schema.get("type") == "integer")
        if found is not None:
            low, high = found
            return {**schema, "minimum": low, "maximum": high}
    return schema


def _bounds(text: str, codes: bool) -> tuple[int | float, int | float] | None:
    """A range said, else (`codes`: an integer's) the values listed with their meanings."""
    for pattern in (_BETWEEN, _RANGE):
        found = pattern.search(text)
        if found is not None:
            low, high = _number(found.group(1)), _number(found.group(2))
            if low < high:
                return low, high
    listed = {_number(n) for n in _LABELLED.findall(text)} if codes else set()
    if len(listed) >= 2:
        return min(listed), max(listed)
    return None


def _number(text: str) -> int | float:
    value = float(text.replace(",", ""))
    return int(value) if value.is_integer() else value
