"""Things said with their sizes ("8 jars 9x9x14 cm, 0.6 kg each"), for lists whose each item
takes a width, a length and a height (`items: [{id, width, length, height, weight?,
quantity?}]`), and the containers they go in (`boxes: [{id, width, length, height, max_weight?,
cost?}]`): a packing request. The lists may be the tool's own or an object parameter's
(`request: {boxes, items}`).

A size is three numbers joined by "x" ("40x30x20", "9 x 9 x 32cm"), its unit after it
(lexicon `DIMENSION_UNITS`) no word of its own. It is a container's where a container's noun
(lexicon `CONTAINER_NOUNS`, or the list's own noun) is said right before or after it ("a
40x20x30 box", "box is 18x22x12", "a wine box 30x10x35"), where it follows "into"/"in" ("into
30x20x25 boxes"), or after a colon that ends words naming containers ("boxes: small 30x30x30,
large 50x50x50"); any other is a thing packed. A thing's name is the words before its size back
to a function word, a mark or a number ("8 jars": jars; "3 wine bottles, 9x9x32cm": wine
bottles), the number before it its quantity; a container's name is its words (small, wine box)
or its noun. A weight said after a size ("1.4kg each", "(0.6 kg each)", "at 4kg", "that weighs
1.5kg") is the thing's weight in kg, a container's ("with a 60kg max", "can hold max 8 kg")
its most; "(cost 3)", "costs 2" a container's cost.

Every size said must read whole (a thing with a name; a container and a thing at least where
the tool takes both), or nothing is filled and the lists are asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._schema import unwrap
from orchestrator.offline._tokens import Token, param_words, singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["dimensioned_items", "holds_sizes", "says_sizes", "takes_sizes"]

_NUMBER = r"\d+(?:\.\d+)?"
_SIZE = re.compile(rf"({_NUMBER})[x×]({_NUMBER})[x×]({_NUMBER})([a-z]*)", re.I)
_WEIGHT = re.compile(rf"^({_NUMBER})([a-z]+)$", re.I)


@dataclass
class _Lists:
    """Where the sized lists are: `holder` the object parameter holding them ("" for the tool),
    `things` and `containers` the lists' names, `keys` each list's item properties."""

    holder: str
    things: str
    containers: str
    keys: dict[str, dict[str, Any]]
    required: list[str]


@dataclass
class _Item:
    start: int  # first token of the size
    end: int  # last token of the size (its unit included)
    size: tuple[float, float, float]
    container: bool = False
    name: list[int] = field(default_factory=list)
    count: int | None = None
    count_at: int | None = None
    weight: float | None = None
    cost: float | None = None
    used: set[int] = field(default_factory=set)


def _sized(schema: dict[str, Any]) -> dict[str, Any] | None:
    """An array's item properties, where each item takes the three sizes."""
    items = unwrap(schema.get("items") or {})
    props = items.get("properties")
    if items.get("type") != "object" or not isinstance(props, dict):
        return None
    return props if LEX.dimension_keys <= set(props) else None


def _lists(tool: ToolView) -> _Lists | None:
    candidates: list[tuple[str, dict[str, Any], list[str]]] = [
        ("", {p.name: p.schema for p in tool.params.values()}, [p.name for p in tool.required])
    ]
    for param in tool.params.values():
        schema = unwrap(param.schema)
        if schema.get("type") == "object" and isinstance(schema.get("properties"), dict):
            candidates.append((param.name, schema["properties"], list(schema.get("required", []))))
    for holder, props, required in candidates:
        sized = {
            name: keys
            for name, schema in props.items()
            if isinstance(schema, dict) and (keys := _sized(unwrap(schema))) is not None
        }
        if not sized:
            continue
        containers = [n for n in sized if singular(n.lower()) in LEX.container_nouns]
        things = [n for n in sized if n not in containers]
        if len(things) != 1 or len(containers) > 1:
            continue
        return _Lists(holder, things[0], containers[0] if containers else "", sized, required)
    return None


def holds_sizes(tool: ToolView) -> bool:
    """Whether the tool takes a list of things with their sizes, among other values."""
    return _lists(tool) is not None


def takes_sizes(tool: ToolView) -> bool:
    """Whether the tool takes a list of things with their sizes, and needs nothing else
    (`pack_order(request)`, not `validate_packing(request, result)`)."""
    lists = _lists(tool)
    if lists is None:
        return False
    given = {lists.holder} if lists.holder else {lists.things, lists.containers}
    return all(p.name in given for p in tool.required)


def says_sizes(reading: Request) -> bool:
    """Whether the request says a size ("9x9x14")."""
    return bool(_sizes(reading.text.tokens))


def _sizes(tokens: tuple[Token, ...]) -> list[_Item]:
    """Each size said: one token ("9x9x14", "16x20x1.5cm") or five ("9 x 9 x 32cm")."""
    found: list[_Item] = []
    i = 0
    while i < len(tokens):
        m = _SIZE.fullmatch(tokens[i].text)
        end = i
        if m is None and i + 4 < len(tokens):
            joined = "".join(t.text for t in tokens[i : i + 5])
            m = _SIZE.fullmatch(joined)
            end = i + 4
        if m is None:
            i += 1
            continue
        unit = m.group(4).lower()
        if unit and unit not in LEX.dimension_units:
            return []  # "2x3x4y": no size
        if not unit and end + 1 < len(tokens) and tokens[end + 1].norm in LEX.dimension_units:
            end += 1
        size = (float(m.group(1)), float(m.group(2)), float(m.group(3)))
        found.append(_Item(i, end, size, used=set(range(i, end + 1))))
        i = end + 1
    return found


def _container_word(tok: Token, own: str) -> bool:
    word = singular(tok.norm)
    return word in LEX.container_nouns or (bool(own) and word == own)


def _named_before(tokens: tuple[Token, ...], item: _Item, used: set[int], floor: int) -> None:
    """The words before the size back to a function word, a mark or a number; a comma, "each"
    and a copula right before it are stepped over ("3 wine bottles, 9x9x32cm", "12 mugs, each
    10x10x12", "a vase thats 30x30x50", "box is 18x22x12")."""
    i = item.start - 1
    skipped: list[int] = []
    while i > floor and (
        tokens[i].norm in LEX.dimension_joins
        or tokens[i].norm in LEX.dimension_copulas
        or (tokens[i].text == "," and "," not in {tokens[k].text for k in skipped})
    ):
        skipped.append(i)
        i -= 1
    while (
        i >= floor
        and i not in used
        and tokens[i].kind == "word"
        and not is_function(tokens[i].norm)
        and tokens[i].norm not in LEX.dimension_joins
        and tokens[i].norm not in LEX.dimension_copulas
    ):
        item.name.insert(0, i)
        i -= 1
    if not item.name:
        return
    item.used.update(skipped)
    if (  # "4 boxes of tiles": 4 of the tiles
        i - 2 >= floor
        and tokens[i].norm in LEX.priced_count_links
        and tokens[i - 1].norm in LEX.dimension_counted
        and i - 1 not in used
    ):
        item.used.update((i, i - 1))
        i -= 2
    if i >= floor and tokens[i].kind == "number" and float(tokens[i].text).is_integer():
        item.count, item.count_at = int(float(tokens[i].text)), i
        i -= 1
    while i >= floor and (tokens[i].norm in LEX.dimension_links or is_function(tokens[i].norm)):
        if tokens[i].norm in LEX.dimension_links:  # "... plus a cutting board 45x30x2"
            item.used.add(i)
        i -= 1


def _weights(tokens: tuple[Token, ...], item: _Item, stop: int) -> None:
    """A weight or a cost said after the size, before `stop` (the next size)."""
    i = item.end + 1
    while i < stop and tokens[i].text not in LEX.dimension_stops:
        tok = tokens[i]
        amount, unit, at = None, "", [i]
        m = _WEIGHT.fullmatch(tok.text)
        if m:
            amount, unit = float(m.group(1)), m.group(2).lower()
        elif tok.kind == "number" and i + 1 < stop:
            amount, unit, at = float(tok.text), tokens[i + 1].norm, [i, i + 1]
        size = _kg(unit)
        if amount is not None and size is not None:
            item.weight = amount * size
            if at[-1] + 1 < stop and tokens[at[-1] + 1].norm in LEX.dimension_joins:
                at.append(at[-1] + 1)  # "1.4kg each"
            if at[-1] + 1 < stop and tokens[at[-1] + 1].norm in LEX.weight_words:
                at.append(at[-1] + 1)  # "a 60kg max"
            k = at[0] - 1
            while k > item.end and tokens[k].norm in LEX.weight_words:
                at.append(k)  # "that weighs 1.5kg", "can hold max 8 kg"
                k -= 1
            item.used.update(at)
            i = max(at) + 1
            continue
        if tok.norm in LEX.paid_leads and i + 1 < stop and tokens[i + 1].kind == "number":
            item.cost = float(tokens[i + 1].text)
            item.used.update((i, i + 1))
            i += 2
            continue
        i += 1


def _kg(unit: str) -> float | None:
    for canonical, words in LEX.units.items():
        if unit in words and canonical in LEX.unit_kinds.get("mass", ()):
            return LEX.unit_sizes.get(canonical)
    return None


def _is_container(
    tokens: tuple[Token, ...], item: _Item, own: str, listed: bool, sentence: int
) -> bool:
    """Whether the size is a container's (the module docstring); `sentence` is where the
    size's sentence begins."""
    for i in range(item.end + 1, min(item.end + 4, len(tokens))):  # "a 40x20x30 box", "my
        if tokens[i].kind != "word" or is_function(tokens[i].norm):  # 20x20x10 mailer box"
            break
        if _container_word(tokens[i], own):
            item.used.update(range(item.end + 1, i + 1))
            return True
    before = item.start - 1
    while before > sentence and tokens[before].norm in LEX.dimension_copulas:
        before -= 1
    if before < item.start - 1 and _container_word(tokens[before], own):  # "box is 18x22x12",
        item.used.update(range(before, item.start))  # "cartons that are 30x40x25"
        return True
    named = any(_container_word(tokens[i], own) for i in item.name)
    if named and item.count is None:  # "a wine box 30x10x35" ("4 boxes of tiles": things)
        return True
    if item.name and item.count is not None:
        return False
    into = [i for i in range(sentence, item.start) if tokens[i].norm in LEX.container_prepositions]
    if into:  # "into a 40x20x30 box"
        item.used.add(into[-1])
        return True
    return listed


def _sentence_starts(tokens: tuple[Token, ...]) -> list[int]:
    return [0] + [i + 1 for i, t in enumerate(tokens) if t.text in LEX.dimension_stops]


def _listed_containers(tokens: tuple[Token, ...], own: str) -> tuple[int, int, set[int]] | None:
    """The tokens of a list of containers: after a colon that ends words naming them, to the
    sentence's end ("boxes: ...", "two box sizes: ...")."""
    for i, tok in enumerate(tokens):
        if tok.text != ":":
            continue
        j = i - 1
        while j >= 0 and tokens[j].kind in ("word", "number"):
            if _container_word(tokens[j], own):
                end = next(
                    (k for k in range(i, len(tokens)) if tokens[k].text in LEX.dimension_stops),
                    len(tokens),
                )
                head = range(j, i + 1)  # "two box sizes:": the list's heading, no value
                while head.start > 0 and tokens[head.start - 1].kind in ("word", "number"):
                    if is_function(tokens[head.start - 1].norm):
                        break
                    head = range(head.start - 1, i + 1)
                return i, end, set(head)
            j -= 1
    return None


def dimensioned_items(reading: Request, f: Fill, tool: ToolView) -> None:
    """The things to pack and the containers, each with its size (the module docstring)."""
    lists = _lists(tool)
    if lists is None or (lists.holder or lists.things) in f.args:
        return
    tokens = reading.text.tokens
    items = _sizes(tokens)
    if not items:
        return
    own = singular(lists.containers.lower()) if lists.containers else ""
    listed_at = _listed_containers(tokens, own) if lists.containers else None
    starts = _sentence_starts(tokens)
    used = set(f.used)
    for n, item in enumerate(items):
        floor = items[n - 1].end + 1 if n else 0
        _named_before(tokens, item, used, floor)
        stop = items[n + 1].start if n + 1 < len(items) else len(tokens)
        if lists.containers:
            listed = listed_at is not None and listed_at[0] < item.start < listed_at[1]
            if listed and listed_at is not None:
                item.used |= listed_at[2]
            sentence = max(s for s in starts if s <= item.start)
            item.container = _is_container(tokens, item, own, listed, sentence)
        _weights(tokens, item, stop)
    things = [item for item in items if not item.container]
    containers = [item for item in items if item.container]
    if not things or any(not item.name for item in things):
        return
    if lists.containers and not containers and lists.containers in lists.required:
        return
    value: dict[str, Any] = {lists.things: _made(tokens, things, lists.keys[lists.things], False)}
    if containers:
        value[lists.containers] = _made(tokens, containers, lists.keys[lists.containers], True)
    spans: set[int] = set()
    for item in items:
        spans |= item.used | set(item.name)
        spans |= {item.count_at} if item.count_at is not None else set()
    words = "; ".join(reading.text.slice(sorted(spans)).split(";"))
    if lists.holder:
        f.set(lists.holder, value, spans, words)
    else:
        for name, made in value.items():
            f.set(name, made, spans, words)


def _made(
    tokens: tuple[Token, ...], items: list[_Item], keys: dict[str, Any], container: bool
) -> list[dict[str, Any]]:
    """The list's items, each with the keys its schema has."""
    sizes = [k for k in keys if k in LEX.dimension_keys]
    label = next((k for k in keys if unwrap(keys[k]).get("type") == "string"), "")
    weight = next((k for k in keys if "weight" in param_words(k)), "")
    cost = next((k for k in keys if set(param_words(k)) & LEX.price_key_words), "")
    count = next((k for k in keys if set(param_words(k)) & LEX.quantity_words), "")
    made: list[dict[str, Any]] = []
    names: dict[str, int] = {}
    for item in items:
        name = " ".join(tokens[i].text for i in item.name) or tokens[item.end].text
        if container and not item.name:
            name = next(
                (
                    tokens[i].text
                    for i in sorted(item.used)
                    if tokens[i].kind == "word" and singular(tokens[i].norm) in LEX.container_nouns
                ),
                "box",
            )
        names[name] = names.get(name, 0) + 1
        if names[name] > 1:
            name = f"{name} {names[name]}"
        entry: dict[str, Any] = {label: name} if label else {}
        entry.update({k: _number(v) for k, v in zip(sizes, item.size, strict=True)})
        if weight and item.weight is not None:
            entry[weight] = round(item.weight, 6)
        if cost and item.cost is not None:
            entry[cost] = _number(item.cost)
        if count and item.count is not None and not container:
            entry[count] = item.count
        made.append(entry)
    return made


def _number(value: float) -> int | float:
    return int(value) if value.is_integer() else value
