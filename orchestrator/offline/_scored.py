"""A score said against its scale: "rate the tomato soup 4 out of 5", "3 stars", "slept 8h,
7/10", "quality 6 out of 10", for the one number parameter named for a score (lexicon
`SCORE_WORDS`: `rating`, `score`, `stars`, `quality`, `mood`). The words of the scale after the
number (`SCORE_SCALES`, and the number that ends "out of 5"), a fraction's scale ("/10",
`SCORE_FRACTIONS`) and the words before it that ask for it (`SCORE_LEADS`, "rate it") are the
score's, so they name no record and no day. A score past the top of its scale ("11/10
amazing") is the top; a scale the parameter's range does not end at ("4/5" for a 1-10
quality) is asked about, never sent as said. Said with the verb "rate", one number left
alone is the score ("rate inception 9").
"""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["rated_by", "score_fractions", "scored"]

_FRACTION = re.compile(r"(\d+(?:\.\d+)?)/(\d+)$")
_RANGE = re.compile(r"\b(\d+)\s*(?:-|–|to)\s*(\d+)\b")


def scored(reading: Request, f: Fill, tool: ToolView) -> None:
    """The score said with its scale, for the tool's one score parameter (docstring)."""
    params = [
        p
        for p in tool.params.values()
        if p.type in ("integer", "number") and set(p.words) & LEX.score_words
    ]
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    for i, token in enumerate(tokens):  # "mood 4/10" where a mood and a sleep quality are scores
        m = _FRACTION.match(token.text)
        named = [p for p in params if i and norms[i - 1] in p.words and p.name not in f.args]
        if m and len(params) > 1 and len(named) == 1 and {i - 1, i}.isdisjoint(f.used):
            _set(reading, f, named[0], float(m.group(1)), int(m.group(2)), [i - 1, i])
    if len(params) != 1:
        return
    param = params[0]
    if param.name in f.args:
        _scale_after(reading, f, param)  # "quality 6 out of 10": the scale is the score's
        return
    for i, token in enumerate(tokens):  # "7/10" (never "on 7/10": a day)
        m = _FRACTION.match(token.text)
        if m is None or i in f.used or int(m.group(2)) not in LEX.score_fractions:
            continue
        if i and norms[i - 1] in LEX.date_leads:
            continue
        _set(reading, f, param, float(m.group(1)), int(m.group(2)), [*_lead(norms, i), i])
        return
    for value in reading.typed("number"):
        if f.used & set(value.tokens):
            continue
        k = value.tokens[-1] + 1
        for scale in LEX.score_scales:
            said = scale.split()
            if norms[k : k + len(said)] != said or f.used & set(range(k, k + len(said))):
                continue
            end = k + len(said)
            top = None
            if end < len(tokens) and tokens[end].kind == "number" and end not in f.used:
                top = int(float(tokens[end].norm)) if tokens[end].norm.isdigit() else None
                end += 1  # "out of 5"
            span = [*_lead(norms, value.tokens[0]), *value.tokens, *range(k, end)]
            _set(reading, f, param, float(value.value), top, span)
            return
    free = [v for v in reading.typed("number") if not f.used & set(v.tokens)]
    if reading.action.verb in LEX.score_leads and len(free) == 1:  # "rate inception 9": the
        _set(reading, f, param, float(free[0].value), None, list(free[0].tokens))  # score


def rated_by(reading: Request, tool: ToolView) -> bool:
    """Whether the request rates a record ("rate Dune 5 stars", lexicon `SCORE_LEADS`) and the
    tool is one that keeps a score for it (`rating`, `SCORE_WORDS`), a new review or a change."""
    return (
        reading.action.verb in LEX.score_leads
        and tool.kind in ("create", "update")
        and any(
            p.type in ("integer", "number") and set(p.words) & LEX.score_words
            for p in tool.params.values()
        )
    )


def score_fractions(reading: Request) -> list[int]:
    """The tokens that say a score as a fraction of a scale ("8/10"; never "on 7/10", a day)."""
    norms = [t.norm for t in reading.text.tokens]
    return [
        i
        for i, token in enumerate(reading.text.tokens)
        if (m := _FRACTION.match(token.text)) is not None
        and int(m.group(2)) in LEX.score_fractions
        and not (i and norms[i - 1] in LEX.date_leads)
    ]


def _set(
    reading: Request, f: Fill, param: Param, number: float, top: int | None, span: list[int]
) -> None:
    """The score `number` out of `top` for `param`: the top where it goes past it; nothing
    where the parameter's own range ends elsewhere, or an integer is due and it is not one."""
    ceiling = _ceiling(param, f.tool)
    if top is not None and ceiling is not None and top != ceiling:
        return  # "4/5" for a 1-10 score: asked about
    if top is not None and number > top:
        number = float(top)  # "11/10 amazing": the best
    if param.type == "integer" and not number.is_integer():
        return
    value = int(number) if number.is_integer() else number
    f.set(param, value, sorted(set(span)), reading.text.slice(sorted(set(span))))


def _ceiling(param: Param, tool: ToolView) -> int | None:
    """Where the parameter's scale ends: its schema's maximum, or the range its description
    says, or its tool's beside its name ("quality 1-10"), else None."""
    top = param.schema.get("maximum")
    if isinstance(top, int | float):
        return int(top)
    m = _RANGE.search(param.describe or "")
    if m is None:
        near = re.escape(param.name.replace("_", " "))
        m = re.search(rf"\b{near}\W{{0,3}}" + _RANGE.pattern[2:], tool.description, re.I)
    return int(m.group(2)) if m else None


def _lead(norms: list[str], at: int) -> list[int]:
    """The words just before `at` that ask for the score ("rate it"), if any."""
    for lead in LEX.score_leads:
        said = lead.split()
        start = at - len(said)
        if start >= 0 and norms[start:at] == said:
            return list(range(start, at))
    return []


def _scale_after(reading: Request, f: Fill, param: Param) -> None:
    """The scale said after a score already read ("quality 6 out of 10", "mood 7/10"): its
    words are the score's."""
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    span = sorted(i for i in f.spans.get(param.name, ()) if isinstance(i, int))
    if not span:
        return
    k = span[-1] + 1
    for scale in LEX.score_scales:
        said = scale.split()
        if norms[k : k + len(said)] == said:
            end = k + len(said)
            if end < len(tokens) and tokens[end].kind == "number":
                end += 1
            f.used.update(range(k, end))
            return
