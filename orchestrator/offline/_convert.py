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

A tool that takes the two sides as unit expressions ("convert(from_expr, to_expr)": "The
quantity or unit expression to convert FROM", "The unit expression to convert TO") is given
them as the request writes them (`expressed`): "convert 1.5 kWh to joules" ("1.5 kWh",
"joules"), "whats 1 atm in psi", "how many tablespoons in a cup" ("cup", "tablespoons"), "3 cups
of sugar in ml" (the stuff measured left out), "5 feet 11 inches to cm" ("5 feet + 11 inches").
Its server knows its units, so any word is sent: only a tool that writes nothing is given them.
A tool that converts a value between formats its description lists ("Konvertiert zwischen
Farb-Formaten: hex, rgb, hsl, hsv", `convert_color(value, source, target)`) is given the value as
written, the format named before it (or "hex" for a hex colour) and the one after "to" ("convert
#ff8800 to rgb", "convert hsl 200, 50%, 50% to hex").
A tool that reduces one expression to a system its description names ("Reduce a value ... to
its SI base units") is given the quantity: "express 9.81 m/s^2 in si base units".
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

__all__ = [
    "Conversion",
    "Expressed",
    "as_listed",
    "conversion",
    "converts",
    "expressed",
    "formatted",
    "known_units",
    "listed_units",
    "target_said",
    "unit_params",
]

_GLUED = re.compile(r"^(?P<n>\d+(?:[.,]\d+)?)(?P<u>\D+)$")
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
_WORD = re.compile(r"[a-z]+")
_READS = (None, "read", "check")  # the kinds of tool that write nothing
_LONGEST = 4  # words in the longest unit ("kilogram force per square centimeter" is cut short)
_UNIT_WORDS = 3  # words of a unit sent as an expression ("square feet", "fl oz")
_SPLIT = re.compile(r"^(?P<n>\d+(?:\.\d+)?)(?P<u>[^\d\s.,]+)$")  # "750ml": 750 ml
_EXPRESSION = ("expr", "expression")  # the words that name a unit expression's parameter


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
        after = where[-1] + 1
        if after < len(tokens) and tokens[after].norm in LEX.stuff_markers:  # "250 g of butter"
            used += [after, *_unit_run(tokens, after + 1, set(LEX.conversion_links))]
        return Conversion(
            source, target, value_param, (unit, to_unit), _plain(number),
            tuple(sorted({*used, *to_where})),
            None if kind_param is None or kind is None else (kind_param, kind),
        )  # fmt: skip
    return None


@dataclass(frozen=True)
class Expressed:
    """A conversion as two unit expressions, or one reduced (`target` None)."""

    source: Param
    target: Param | None
    values: tuple[str, str]  # from, to (to is "" when reduced)
    tokens: tuple[int, ...]


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def _expression_params(tool: ToolView) -> tuple[Param, Param | None] | None:
    """The tool's expression to convert from and the one to convert to (see the module), or
    its one expression to reduce; None when it takes neither."""
    if tool.kind in ("create", "delete") or any(
        p.type not in ("string", None) for p in tool.required
    ):
        return None
    texts = [p for p in tool.required if _free(p)]
    named = [p for p in texts if set(p.words) & set(_EXPRESSION) or "expression" in p.describe]
    source = next((p for p in named if set(p.words) & LEX.zone_source_words), None)
    target = next(
        (p for p in named if p is not source and set(p.words) & LEX.zone_target_words), None
    )
    if source is not None and target is not None and len(tool.required) == 2:
        return source, target
    if len(tool.required) == 1 and len(named) == 1:
        return named[0], None
    return None


def _unit_like(token: Any) -> bool:
    """Whether a token may be (part of) a unit: a word, "m/s^2", "km/h" (read as a path)."""
    return token.kind in ("word", "other") or (token.kind == "path" and "." not in token.text)


def _unit_run(tokens: Any, start: int, stop: set[str]) -> list[int]:
    """The words of a unit from `start`, up to a word of `stop`, a number or the end (three at
    most)."""
    run: list[int] = []
    for i in range(start, len(tokens)):
        t = tokens[i]
        if not _unit_like(t) or t.norm in stop or len(run) == _UNIT_WORDS:
            break
        run.append(i)
    return run


def _quantity(reading: Request, start: int, stop: set[str]) -> tuple[str, list[int]] | None:
    """The quantity written from `start` ("1.5 kWh", "5 feet 11 inches", "750ml", "one acre",
    "a cup"), the stuff measured after it left out ("3 cups of sugar"), and its tokens."""
    tokens = reading.text.tokens
    parts: list[str] = []
    used: list[int] = []
    stop = stop | LEX.stuff_markers
    i = start
    if i < len(tokens) and tokens[i].norm in LEX.articles:
        used.append(i)
        i += 1
    while i < len(tokens):
        t = tokens[i]
        split = _SPLIT.match(t.text)
        if split:  # "750ml"
            parts.append(f"{split.group('n')} {split.group('u')}")
            used.append(i)
            i += 1
            continue
        number = t.text if t.kind == "number" and _NUMBER.match(t.text) else None
        if number is None and t.norm in LEX.number_words and t.norm not in LEX.articles:
            number = str(LEX.number_words[t.norm])
        if number is not None:
            unit = _unit_run(tokens, i + 1, stop)
            if not unit:
                return None
            parts.append(f"{number} {reading.text.slice(unit)}")
            used += [i, *unit]
            i = unit[-1] + 1
            continue
        if parts or not _unit_like(t) or t.norm in LEX.function_words:
            break
        unit = _unit_run(tokens, i, stop)  # "a cup": one of the unit
        if not unit:
            return None
        parts.append(reading.text.slice(unit))
        used += unit
        i = unit[-1] + 1
    if not parts:
        return None
    if i < len(tokens) and tokens[i].norm in LEX.stuff_markers:  # "of sugar"
        stuff = _unit_run(tokens, i + 1, stop)
        used += [i, *stuff]
    return " + ".join(parts), used


def _opened(reading: Request) -> int:
    """Where the quantity starts: after an opener ("convert", "whats"), else at the start."""
    words = [t.norm for t in reading.text.tokens]
    for opener in sorted(LEX.conversion_openers, key=len, reverse=True):
        said = opener.split()
        if words[: len(said)] == said:
            return len(said)
    return 0


def _sides(reading: Request) -> tuple[str, str, list[int]] | None:
    """The expression converted from and the unit converted to, as the request writes them."""
    tokens = reading.text.tokens
    end = len(tokens)
    while end and tokens[end - 1].kind == "punct":
        end -= 1
    words = [t.norm for t in tokens[:end]]
    links = set(LEX.conversion_links)
    for question in LEX.conversion_questions:  # "how many tablespoons in a cup"
        said = question.split()
        if words[: len(said)] != said:
            continue
        opening = {link.split()[0] for link in LEX.conversion_question_links}
        asked = _unit_run(tokens, len(said), links | opening)
        if not asked:  # "how much is 3 cups of sugar in ml": the quantity first
            continue
        at = asked[-1] + 1
        for link in sorted(LEX.conversion_question_links, key=len, reverse=True):
            linked = link.split()
            if words[at : at + len(linked)] == linked:
                found = _quantity(reading, at + len(linked), set())
                if found is not None and found[1][-1] == end - 1:
                    used = [*range(len(said)), *asked, *range(at, at + len(linked)), *found[1]]
                    return found[0], reading.text.slice(asked), used
        return None
    start = _opened(reading)
    found = _quantity(reading, start, links)
    if found is None:
        return None
    counted = any(tokens[i].kind == "number" or _SPLIT.match(tokens[i].text) for i in found[1])
    if not counted and words[0] not in LEX.conversion_verbs:  # "what's the average mileage in
        return None  # the car table": no quantity, no conversion (but "convert a cup to ml")
    at = found[1][-1] + 1
    if at >= end or words[at] not in links:
        return None
    target = list(range(at + 1, end))
    if target and tokens[target[0]].norm in LEX.articles:
        target = target[1:]
    if not target or len(target) > _UNIT_WORDS or not all(_unit_like(tokens[i]) for i in target):
        return None
    return found[0], reading.text.slice(target), [*range(start), *found[1], at, *target]


def expressed(reading: Request, tool: ToolView) -> Expressed | None:
    """The conversion the request asks of a tool that takes unit expressions (see the module),
    or None."""
    params = _expression_params(tool)
    if params is None:
        return None
    sides = _sides(reading)
    if sides is None:
        return None
    source, target = params
    tokens = tuple(sorted(set(sides[2])))
    if target is not None:
        return Expressed(source, target, (sides[0], sides[1]), tokens)
    system = set(_WORD.findall(sides[1].lower()))  # "in si base units": the tool's own system,
    opening = tool.description.lower().split(".")[0]  # named where its description opens
    if system and system <= set(_WORD.findall(opening)):
        return Expressed(source, None, (sides[0], ""), tokens)
    return None


def known_units(reading: Request) -> bool:
    """Whether the lexicon knows both units of the conversion the request says ("350 F to
    celsius"): a tool that takes units by name converts it as the lexicon spells them, before
    one that takes them as written, whose server may spell them otherwise (`tempC`)."""
    said = _mentions(reading, _free_vocabulary())
    return len({unit for unit, _, _ in said}) >= 2


def converts(reading: Request, tool: ToolView) -> bool:
    """Whether the request is a conversion `tool` makes, which writes nothing."""
    return (unit_params(tool) is not None and conversion(reading, tool) is not None) or (
        expressed(reading, tool) is not None
    )


def target_said(reading: Request, tool: ToolView) -> tuple[Param, str, list[int]] | None:
    """A request that says only the unit to convert to, going on from a conversion ("and in
    meters?", "what about in celsius"): the tool's parameter for it, its value (an enum's or a
    listed unit, else as written for an expression), and its tokens; else None."""
    if reading.action.kind is not None:
        return None
    tokens = reading.text.tokens
    words = [t.norm for t in tokens]
    start = next(
        (
            len(o.split())
            for o in sorted(LEX.follow_up_openers, key=len, reverse=True)
            if words[: len(o.split())] == o.split()
        ),
        0,
    )
    end = len(tokens)
    while end and tokens[end - 1].kind == "punct":
        end -= 1
    formats = _format_params(tool)
    if formats is not None and start == end - 1 and words[start] in formats[3]:
        return formats[2], words[start], list(range(end))  # "what about hsv"
    if not start or start >= end or words[start] not in LEX.conversion_links:
        return None
    unit = list(range(start + 1, end))
    if not unit or len(unit) > _UNIT_WORDS or not all(_unit_like(tokens[i]) for i in unit):
        return None
    said = reading.text.slice(unit)
    used = list(range(end))
    if formats is not None:  # "and to hsl?" after "convert #ff8800 to rgb"
        named = _norm(said)
        return (formats[2], named, used) if named in formats[3] else None
    expression = _expression_params(tool)
    if expression is not None and expression[1] is not None:
        return expression[1], said, used
    params = unit_params(tool)
    if params is None:
        return None
    target = params[1]
    if target.enum:
        value = _vocabulary(tuple(str(v) for v in target.enum)).get(_norm(said))
    else:
        known = _free_vocabulary().get(_norm(said))
        value = as_listed(tool.description, known) if known else None
    return (target, value, used) if value is not None else None


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def _format_params(tool: ToolView) -> tuple[Param, Param, Param, frozenset[str]] | None:
    """The tool's value, source format and target format, with the formats its description
    lists (three or more short words after a colon), or None."""
    texts = [p for p in tool.required if _free(p)]
    if len(texts) != 3 or len(tool.required) != 3:
        return None
    source = next((p for p in texts if set(p.words) & LEX.zone_source_words), None)
    target = next((p for p in texts if set(p.words) & LEX.zone_target_words), None)
    value = next((p for p in texts if p is not source and p is not target), None)
    if source is None or target is None or value is None or source is target:
        return None
    for listed in re.findall(r":\s*([a-z0-9]+(?:\s*,\s*[a-z0-9]+){2,})", tool.description.lower()):
        return value, source, target, frozenset(w.strip() for w in listed.split(","))
    return None


def formatted(reading: Request, tool: ToolView) -> tuple[dict[str, str], list[int]] | None:
    """The value and the formats of a conversion between formats (see the module), or None."""
    params = _format_params(tool)
    if params is None:
        return None
    value, source, target, formats = params
    tokens = reading.text.tokens
    end = len(tokens)
    while end and (tokens[end - 1].kind == "punct" or tokens[end - 1].norm in LEX.fillers):
        end -= 1  # "rgb(34, 139, 34) in hex pls"
    if end < 3 or tokens[end - 1].norm not in formats:
        return None
    if tokens[end - 2].norm not in LEX.conversion_links:
        return None
    start = _opened(reading)
    while start < end - 3 and (  # "what color is 00ff7f in hsv": the thing asked about
        tokens[start].norm in tool.nouns or tokens[start].norm in LEX.asking_verbs
    ):
        start += 1
    said_source = tokens[start].norm if start < end - 2 and tokens[start].norm in formats else None
    first = start + 1 if said_source else start
    if first >= end - 2:
        return None
    written = reading.text.original[tokens[first].start : tokens[end - 3].end].strip()
    called = re.fullmatch(r"([a-z]+)\(\s*(.+?)\s*\)", written, re.IGNORECASE)
    if not said_source and called and called.group(1).lower() in formats:
        said_source, written = called.group(1).lower(), called.group(2)  # "rgb(34, 139, 34)"
    hexed = "hex" in formats and re.fullmatch(r"#?[0-9a-fA-F]{3,8}", written) is not None
    kind = said_source or ("hex" if hexed else None)
    if kind is None or not written:
        return None
    args = {value.name: written, source.name: kind, target.name: tokens[end - 1].norm}
    return args, list(range(len(tokens)))
