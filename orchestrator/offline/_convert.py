"""Conversions between units, for a tool that takes a value, a unit to convert from and one to
convert to, both enums ("how many km is 26.2 miles", "20°C in F?", "convert 180 cm to feet",
"how many seconds in a week?"). The units are the enums' own values, said as they are, in the
singular or the plural, or by a name or an abbreviation the lexicon gives (`UNITS`,
`CONVERSION_UNITS`). The unit beside the number is the one converted from; the other is the
one converted to. A tool whose enums lack either unit is no conversion for the request.

A tool may take its units as free text instead ("convert 5 km to miles" to a `from_unit` and a
`to_unit` string): then any unit of the lexicon is read, sent as the tool's description lists it
("temperature: C, F, K") or else by its canonical name, and the two
must be of one kind of quantity (`UNIT_KINDS`: km and miles are lengths, km and celsius convert
to nothing), and the tool must be one that writes nothing. A further required parameter whose
enum or description names kinds of quantity ("Unit category (length, mass, time, ...)") is given
the units' kind.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["Conversion", "as_listed", "conversion", "listed_units", "unit_params"]

_GLUED = re.compile(r"^(?P<n>\d+(?:[.,]\d+)?)(?P<u>\D+)$")
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_WORD = re.compile(r"[a-z]+")
_READS = (None, "read", "check")  # the kinds of tool that write nothing
_LONGEST = 4  # words in the longest unit ("kilogram force per square centimeter" is cut short)


@dataclass(frozen=True)
class Conversion:
    source: Param
    target: Param
    value_param: Param
    units: tuple[str, str]  # the enums' values: from, to
    value: float | int
    tokens: tuple[int, ...]
    kind: tuple[Param, str] | None = None  # the unit category parameter and the units' kind


def _norm(phrase: str) -> str:
    return " ".join(singular(w) for w in phrase.lower().split())


@lru_cache(maxsize=256)
def _vocabulary(values: tuple[str, ...]) -> Mapping[str, str]:
    """Each way of saying a unit (normalised) -> the enum's value."""
    out = {_norm(v): v for v in values}
    for table in (LEX.units, LEX.conversion_units):
        for unit, names in table.items():
            said = [unit, *names]
            value = next((out[_norm(n)] for n in said if _norm(n) in out), None)
            if value is not None:
                for name in said:
                    out.setdefault(_norm(name), value)
    return out


@lru_cache(maxsize=1)
def _free_vocabulary() -> Mapping[str, str]:
    """Each way of saying a unit of the lexicon (normalised) -> its canonical name."""
    out: dict[str, str] = {}
    for table in (LEX.units, LEX.conversion_units):
        for unit, names in table.items():
            for name in (unit, *names):
                out.setdefault(_norm(name), unit)
    return out


@lru_cache(maxsize=1)
def _kinds() -> Mapping[str, str]:
    """A unit's canonical name -> the kind of quantity it measures."""
    said = _free_vocabulary()
    return {
        said.get(_norm(unit), unit): kind
        for kind, units in LEX.unit_kinds.items()
        for unit in units
    }


def _free(param: Param) -> bool:
    return param.type == "string" and not param.enum


def _kind_param(tool: ToolView, taken: tuple[Param, ...]) -> Param | None:
    """A further required parameter for the kind of quantity: its enum holds kinds, or its
    description names two or more."""
    for p in tool.required:
        if p in taken:
            continue
        if set(map(str, p.enum)) & LEX.unit_kinds.keys():
            return p
        if _free(p) and len(set(_WORD.findall(p.describe)) & LEX.unit_kinds.keys()) >= 2:
            return p
    return None


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def unit_params(tool: ToolView) -> tuple[Param, Param, Param] | None:
    """The tool's unit to convert from, unit to convert to, and value; None if it has not all.
    The two units are both enums or both free text; free text only for a tool that writes
    nothing ("move 3 km to miles" is no conversion for a `move_stock(from_place, to_place)`)."""
    reads = tool.kind in _READS
    for fits in (lambda p: len(p.enum) >= 2, _free):
        if fits is _free and not reads:
            continue
        units = [p for p in tool.required if fits(p)]
        source = next((p for p in units if set(p.words) & LEX.zone_source_words), None)
        target = next(
            (p for p in units if p is not source and set(p.words) & LEX.zone_target_words), None
        )
        value = next((p for p in tool.required if p.type in ("number", "integer")), None)
        if source is not None and target is not None and value is not None:
            return source, target, value
    return None


def _mentions(
    reading: Request, vocabulary: Mapping[str, str]
) -> list[tuple[str, tuple[int, ...], float | None]]:
    """The units the request names, in order: the enum's value, the tokens, a number glued to
    it ("20°C")."""
    tokens = reading.text.tokens
    found: list[tuple[str, tuple[int, ...], float | None]] = []
    i = 0
    while i < len(tokens):
        glued = _GLUED.match(tokens[i].norm)
        if glued and _norm(glued.group("u")) in vocabulary:
            unit = vocabulary[_norm(glued.group("u"))]
            found.append((unit, (i,), float(glued.group("n").replace(",", "."))))
            i += 1
            continue
        for size in range(min(_LONGEST, len(tokens) - i), 0, -1):
            phrase = _norm(" ".join(t.norm for t in tokens[i : i + size]))
            if phrase in vocabulary and tokens[i].kind != "number":
                found.append((vocabulary[phrase], tuple(range(i, i + size)), None))
                i += size
                break
        else:
            i += 1
    return found


@lru_cache(maxsize=256)
def _listed(description: str) -> frozenset[str]:
    """The words a description lists alone between commas, after a colon or in brackets
    ("temperature: C, F, K", "Unit of measurement (oz, ml, cups, etc.)"), as written."""
    items = (part.strip(" -*\t.") for part in re.split(r"[,:;\n()]", description))
    return frozenset(item for item in items if item and " " not in item)


def listed_units(description: str) -> frozenset[str]:
    """The units of the lexicon (`UNITS`, canonical) a description lists ("oz, ml, cups")."""
    said = (LEX.unit_names.get(item.lower()) for item in _listed(description))
    return frozenset(unit for unit in said if unit is not None)


def as_listed(description: str, unit: str) -> str:
    """A unit sent as free text, as `description` lists it ("F" for fahrenheit where it lists
    "C, F, K", "cups" where it lists "oz, ml, cups"), else by its canonical name."""
    listed = _listed(description)
    for table in (LEX.units, LEX.conversion_units):
        for name in (unit, *table.get(unit, ())):
            for spelt in (name, name.upper(), name.capitalize()):
                if spelt in listed:
                    return spelt
    return unit


def _plain(value: float) -> float | int:
    return int(value) if value == int(value) else value


def conversion(reading: Request, tool: ToolView) -> Conversion | None:
    """The conversion the request asks of `tool` (see the module docstring), or None."""
    params = unit_params(tool)
    if params is None:
        return None
    source, target, value_param = params
    tokens = reading.text.tokens
    free = _free(source)
    sources = _mentions(
        reading, _free_vocabulary() if free else _vocabulary(tuple(str(v) for v in source.enum))
    )
    targets = _mentions(
        reading, _free_vocabulary() if free else _vocabulary(tuple(str(v) for v in target.enum))
    )
    if len(sources) < 1 or len(targets) < 1:
        return None
    for unit, where, glued in sources:
        before = where[0] - 1
        number: Any = glued
        used = list(where)
        if number is None and before >= 0:
            said = tokens[before]
            if said.kind == "number" and _NUMBER.match(said.text):
                number, used = float(said.text), [before, *where]
            elif said.norm in LEX.number_words:
                number, used = float(LEX.number_words[said.norm]), [before, *where]
        if number is None:
            continue
        other = [(u, w) for u, w, _ in targets if not set(w) & set(where)]
        if len(other) != 1:
            return None  # no unit to convert to, or more than one: ask
        to_unit, to_where = other[0]
        kind = _kinds().get(unit)
        if free and (kind is None or kind != _kinds().get(to_unit)):
            return None  # free text takes any word: only units of one kind make a conversion
        kind_param = _kind_param(tool, params)
        if kind_param is not None and (
            kind is None or (kind_param.enum and kind not in map(str, kind_param.enum))
        ):
            return None  # the tool wants a kind it does not offer, or one we cannot tell
        if free:
            unit, to_unit = as_listed(tool.description, unit), as_listed(tool.description, to_unit)
        return Conversion(
            source, target, value_param, (unit, to_unit), _plain(number),
            tuple(sorted({*used, *to_where})),
            None if kind_param is None or kind is None else (kind_param, kind),
        )  # fmt: skip
    return None
