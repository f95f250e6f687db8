"""Exercises said with their sets, for a list of exercises whose each item names the exercise
and lists its sets (`exercises: [{name, sets: [{weight, reps}]}]`, a workout log): "bench press
3 sets of 8 at 135" is one exercise of three sets of 8 repetitions at 135; "deadlift 2 sets of 5
at 140, then pull-ups 3x10 bodyweight" two exercises, the second's weight none (0). The words
before each count of sets, back to a mark or a join ("then", "and"), are its name.

Every exercise said must read whole (a name, sets, repetitions, and a weight where a set needs
one), or none is filled: the list is then asked for. Every word from the lexicon (`SET_WORDS`,
`REPEAT_NAME`'s measure names, `WEIGHT_LEADS`, `BODYWEIGHT_WORDS`, `WEIGHT_PARAM_WORDS`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._schema import unwrap
from orchestrator.offline._tokens import param_words, singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["exercise_sets", "name_before"]

_SETS = re.compile(r"^(\d{1,2})\s*[x×]\s*(\d{1,3})$")
_REPS = LEX.measure_groups.get(LEX.repeat_name, frozenset())


@dataclass(frozen=True)
class _Shape:
    """Where an exercise's values go: its name, its list of sets, a set's weight and reps."""

    name: str
    sets: str
    weight: str | None
    weight_required: bool
    reps: str
    integer_weight: bool


@dataclass(frozen=True)
class _Said:
    name: list[int]
    sets: int
    reps: int
    weight: float | None
    tokens: list[int]


def _shape(items: dict[str, Any]) -> _Shape | None:
    """The shape of an exercise item, or None when it is no exercise with sets."""
    props = items.get("properties")
    if items.get("type") != "object" or not isinstance(props, dict):
        return None
    names = [k for k, v in props.items() if set(param_words(k)) & LEX.title_words]
    lists = [
        k
        for k, v in props.items()
        if set(param_words(k)) & LEX.set_words and unwrap(v).get("type") == "array"
    ]
    if len(names) != 1 or len(lists) != 1:
        return None
    one = unwrap(unwrap(props[lists[0]]).get("items") or {})
    fields = one.get("properties")
    if one.get("type") != "object" or not isinstance(fields, dict):
        return None
    reps = [k for k in fields if set(param_words(k)) & _REPS]
    weights = [k for k in fields if set(param_words(k)) & LEX.weight_param_words]
    required = set(one.get("required") or ())
    if len(reps) != 1 or len(weights) > 1 or required - {*reps, *weights}:
        return None
    weight = weights[0] if weights else None
    integer = weight is not None and unwrap(fields[weight]).get("type") == "integer"
    return _Shape(names[0], lists[0], weight, weight in required, reps[0], integer)


def _weight_at(reading: Request, at: int) -> tuple[float | None, list[int]]:
    """The weight said from token `at` ("at 135", "@ 100kg", "100 kg", "bodyweight") and its
    tokens; (None, []) when none is said there."""
    tokens = reading.text.tokens
    if at >= len(tokens):
        return None, []
    if tokens[at].norm in LEX.bodyweight_words:
        return 0.0, [at]
    lead = [at] if tokens[at].norm in LEX.weight_leads else []
    k = at + len(lead)
    quantity = next((v for v in reading.typed("quantity") if v.tokens[0] == k), None)
    if quantity is not None:
        return float(quantity.value), [*lead, *quantity.tokens]
    if k < len(tokens) and tokens[k].kind == "number" and (lead or _unit_at(reading, k + 1)):
        span = [*lead, k, *([k + 1] if _unit_at(reading, k + 1) else [])]
        return float(tokens[k].norm), span
    return None, []


def _unit_at(reading: Request, at: int) -> bool:
    tokens = reading.text.tokens
    return at < len(tokens) and tokens[at].norm in LEX.unit_names


def name_before(
    reading: Request, f: Fill, at: int, taken: frozenset[int] = frozenset()
) -> list[int]:
    """The words before token `at` back to a mark, a join or a used (or `taken`) word: the
    exercise, or the thing measured (`_measured_items`)."""
    tokens = reading.text.tokens
    out: list[int] = []
    k = at - 1
    while k >= 0 and k not in f.used and k not in taken and tokens[k].kind == "word":
        if tokens[k].norm in LEX.joins:
            break
        out.insert(0, k)
        k -= 1
    while out and is_function(tokens[out[0]].norm):
        out.pop(0)
    return out


def _said(reading: Request, f: Fill, shape: _Shape) -> list[_Said] | None:
    """Each exercise said with its sets, in order; None when one does not read whole."""
    tokens = reading.text.tokens
    out: list[_Said] = []
    for i, tok in enumerate(tokens):
        counted = _SETS.match(tok.norm)
        if counted:
            sets, reps, end = int(counted.group(1)), int(counted.group(2)), i
        elif (
            tok.kind == "number"
            and i + 3 < len(tokens)
            and singular(tokens[i + 1].norm) in LEX.set_words
            and tokens[i + 2].norm in LEX.measure_links
            and tokens[i + 3].kind == "number"
        ):  # "3 sets of 8"
            sets, reps, end = int(tok.norm), int(tokens[i + 3].norm), i + 3
        elif singular(tok.norm) in LEX.set_words and i in f.used:
            return None  # "sets" said in a way not read here
        else:
            continue
        if end + 1 < len(tokens) and tokens[end + 1].norm in _REPS:  # "3 sets of 8 reps"
            end += 1
        weight, weighed = _weight_at(reading, end + 1)
        name = name_before(reading, f, i)
        if not name or sets < 1 or (weight is None and shape.weight_required):
            return None
        out.append(_Said(name, sets, reps, weight, [*name, *range(i, end + 1), *weighed]))
    return out


def exercise_sets(reading: Request, f: Fill, tool: ToolView) -> None:
    """The exercises said with their sets, for the tool's list of them (module docstring)."""
    for param in tool.role("objects"):
        if param.name in f.args:
            continue
        shape = _shape(unwrap(param.schema.get("items") or {}))
        if shape is None:
            continue
        said = _said(reading, f, shape)
        if not said:
            continue
        exercises = []
        for one in said:
            item: dict[str, Any] = {shape.reps: one.reps}
            if shape.weight is not None and one.weight is not None:
                weight = one.weight
                item[shape.weight] = (
                    int(weight) if shape.integer_weight or weight.is_integer() else weight
                )
            exercises.append(
                {
                    shape.name: text_of(reading, one.name),
                    shape.sets: [dict(item) for _ in range(one.sets)],
                }
            )
        used = [i for one in said for i in one.tokens]
        f.set(param, exercises, used, reading.text.slice(sorted(used)))
