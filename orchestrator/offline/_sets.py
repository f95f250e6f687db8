"""Exercises said with their sets, for a list of exercises whose each item names the exercise
and lists its sets (`exercises: [{name, sets: [{weight, reps}]}]`, a workout log): "bench press
3 sets of 8 at 135" is one exercise of three sets of 8 repetitions at 135; "deadlift 2 sets of 5
at 140, then pull-ups 3x10 bodyweight" two exercises, the second's weight none (0). The words
before each count of sets, back to a mark or a join ("then", "and"), are its name.

A set's other fields said by name after its count and weight ("5x5 at 100kg, RPE 8": each
set's `rpe` 8) go in every set of that exercise. An exercise's name said before the day ("OHP
today 3x10 @ 40kg") is read past the day; a short name the lexicon spells out (`EXERCISE_NAMES`:
"OHP") is sent in full.

A weight said after a count of sets ("5x5 at 100kg") is a set's weight, never an amount of money
nor a food's: `set_weights` names its tokens, `takes_sets` the tools with a place for them.

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
from orchestrator.offline._repeats import reps_param
from orchestrator.offline._schema import unwrap
from orchestrator.offline._tokens import param_words, singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "exercise_named",
    "exercise_sets",
    "name_before",
    "said_sets",
    "set_weights",
    "takes_sets",
]

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
    fields: dict[str, dict[str, Any]]  # a set's other numbers (`rpe`), by name: their schemas


@dataclass(frozen=True)
class _Said:
    name: list[int]
    sets: int
    reps: int
    weight: float | None
    tokens: list[int]
    fields: dict[str, int | float]


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
    numbers = {
        k: unwrap(v)
        for k, v in fields.items()
        if k not in (weight, reps[0]) and unwrap(v).get("type") in ("number", "integer")
    }
    return _Shape(names[0], lists[0], weight, weight in required, reps[0], integer, numbers)


def takes_sets(tool: ToolView) -> bool:
    """Whether `tool` takes a list of exercises, each with its sets, or a lift's repetitions."""
    if reps_param(list(tool.params.values())) is not None:
        return True
    return any(_shape(unwrap(p.schema.get("items") or {})) for p in tool.role("objects"))


def _counts(reading: Request) -> list[tuple[int, int, int, int]]:
    """Each count of sets said ("5x5", "3 sets of 8", "3 sets of 8 reps"): its first and last
    tokens, the sets and the repetitions."""
    tokens = reading.text.tokens
    out = []
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
        else:
            continue
        if end + 1 < len(tokens) and tokens[end + 1].norm in _REPS:  # "3 sets of 8 reps"
            end += 1
        out.append((i, end, sets, reps))
    return out


def said_sets(reading: Request) -> bool:
    """Whether the request says a count of sets ("3x10", "3 sets of 8")."""
    return bool(_counts(reading))


def set_weights(reading: Request) -> frozenset[int]:
    """The tokens of each weight said after a count of sets ("5x5 at 100kg": "at 100kg")."""
    return frozenset(
        i for _, end, _, _ in _counts(reading) for i in _weight_at(reading, end + 1)[1]
    )


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
    reading: Request,
    f: Fill,
    at: int,
    taken: frozenset[int] = frozenset(),
    free: frozenset[int] = frozenset(),
) -> list[int]:
    """The words before token `at` back to a mark, a join or a used (or `taken`) word, unless
    `free`: the exercise, or the thing measured (`_measured_items`)."""
    tokens = reading.text.tokens
    out: list[int] = []
    k = at - 1
    while k >= 0 and (k not in f.used or k in free) and k not in taken and tokens[k].kind == "word":
        if tokens[k].norm in LEX.joins:
            break
        out.insert(0, k)
        k -= 1
    while out and is_function(tokens[out[0]].norm):
        out.pop(0)
    while out and tokens[out[-1]].norm in LEX.fillers:  # "squats again": squats
        out.pop()
    return out


def _name_of(reading: Request, f: Fill, at: int) -> list[int]:
    """The exercise's name before token `at`, read past a day and the marks said between ("OHP
    today 3x10", "squats yesterday, 5x5")."""
    tokens = reading.text.tokens
    free = frozenset(i for i in f.nouns if _an_exercise(tokens[i].norm))  # "squats": a workout's
    name = name_before(reading, f, at, free=free)
    k = at
    while not name and k > 0 and (k - 1 in reading.when_tokens or tokens[k - 1].kind == "punct"):
        k -= 1
    if name or not reading.when_tokens & set(range(k, at)):
        return name
    return name_before(reading, f, k, free=free)


def _an_exercise(word: str) -> bool:
    """Whether the lexicon knows `word` as an exercise's name."""
    return (
        word in LEX.exercise_names
        or word in LEX.exercise_words
        or singular(word) in LEX.exercise_kin
    )


def _fields_after(
    reading: Request, shape: _Shape, at: int
) -> tuple[dict[str, int | float], list[int]]:
    """A set's other numbers said by name from token `at` on, marks apart ("..., RPE 8")."""
    tokens = reading.text.tokens
    out: dict[str, int | float] = {}
    used: list[int] = []
    k = at
    while k + 1 < len(tokens):
        if tokens[k].kind == "punct":
            k += 1
            continue
        field = next((n for n in shape.fields if list(param_words(n)) == [tokens[k].norm]), None)
        if field is None or field in out or tokens[k + 1].kind != "number":
            break
        schema = shape.fields[field]
        value = float(tokens[k + 1].norm)
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            break
        whole = schema.get("type") == "integer" or value.is_integer()
        if schema.get("type") == "integer" and not value.is_integer():
            break
        out[field] = int(value) if whole else value
        used += [k, k + 1]
        k += 2
    return out, used


def _said(reading: Request, f: Fill, shape: _Shape) -> list[_Said] | None:
    """Each exercise said with its sets, in order; None when one does not read whole."""
    tokens = reading.text.tokens
    counted = {i for start, end, _, _ in _counts(reading) for i in range(start, end + 1)}
    if any(
        singular(t.norm) in LEX.set_words and i in f.used and i not in counted
        for i, t in enumerate(tokens)
    ):
        return None  # "sets" said in a way not read here
    out: list[_Said] = []
    for i, end, sets, reps in _counts(reading):
        weight, weighed = _weight_at(reading, end + 1)
        name = _name_of(reading, f, i)
        if not name or sets < 1 or (weight is None and shape.weight_required):
            return None
        fields, named = _fields_after(reading, shape, (weighed[-1] if weighed else end) + 1)
        span = [*name, *range(i, end + 1), *weighed, *named]
        out.append(_Said(name, sets, reps, weight, span, fields))
    return out


def _name_text(reading: Request, name: list[int]) -> str:
    """The exercise's name as said, or in full when the lexicon spells a short one out."""
    said = text_of(reading, name)
    return LEX.exercise_names.get(said.lower(), said)


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
            item: dict[str, Any] = {shape.reps: one.reps, **one.fields}
            if shape.weight is not None and one.weight is not None:
                weight = one.weight
                item[shape.weight] = (
                    int(weight) if shape.integer_weight or weight.is_integer() else weight
                )
            exercises.append(
                {
                    shape.name: _name_text(reading, one.name),
                    shape.sets: [dict(item) for _ in range(one.sets)],
                }
            )
        used = [i for one in said for i in one.tokens]
        f.set(param, exercises, used, reading.text.slice(sorted(used)))


def exercise_named(reading: Request, f: Fill, tool: ToolView) -> None:
    """An exercise said by a name the lexicon knows ("a safe bench weight", "my squat") for a
    text parameter named for one (`exercise`: lexicon `EXERCISE_PARAM_WORDS`), in full ("bench
    press"); the word said after it that the full name ends with ("bench press") is its too.
    Not for a tool that takes a lift's repetitions: there the exercise is the words left."""
    tokens = reading.text.tokens
    if reps_param(list(tool.params.values())) is not None:
        return  # a lift recorded with its repetitions: its name is the words left (`_typed`)
    for param in tool.params.values():
        if param.name in f.args or param.type not in ("string", None):
            continue
        if not set(param.words) & LEX.exercise_param_words or param.enum:
            continue
        said = [
            i
            for i, t in enumerate(tokens)
            if (i not in f.used or i in f.nouns) and t.kind == "word" and _an_exercise(t.norm)
        ]
        if len(said) != 1:
            continue
        at = said[0]
        name = LEX.exercise_names.get(tokens[at].norm, tokens[at].text)
        span = [at]
        if at + 1 < len(tokens) and name.lower().endswith(" " + tokens[at + 1].norm):
            span.append(at + 1)  # "bench press"
        f.set(param, name, span, reading.text.slice(span))
