"""Things said with their measures, for a list whose each item names a thing and takes its
amount and unit (`foods: [{name, amount, unit, protein?, calories?}]`, a meal log; `items:
[{name, quantity, unit}]`): "chicken breast 200 g (46g protein, 330 kcal) and rice 150g" is two
items, 200 g of chicken breast with 46 of protein and 330 calories, and 150 g of rice; "80g oats
and 250ml milk" two more, each named by the words after its quantity when none come before.

A quantity said with a unit (lexicon `UNITS`) opens an item; one said with a measure's name
after it ("46g protein", "330 kcal": lexicon `MEASURE_NAMES`) is the item's field so named. The
item's name is the words before its quantity back to a mark or a join (as an exercise's, in
`_sets`), else those after it. A request that counts sets ("5x5 at 100kg") lists none.
Every item said must read whole (a name, an amount, a unit, and
every measure said a field of the item), or none is filled: the list is then asked for.

One thing said with a count and no unit is one item too, named by the words the verb acts on
("add eggs to the pantry, 12", "add eggs, 6 of them, ...", "put the garlic in the cupboard, 1
bulb": its unit the word after the count, where the item takes one), or by those after the count
("add 12 eggs to the pantry"). An item whose name is no title word takes its one required text
for its name (`ingredient (key)`, `_described_keys`).

Where the items are dictated as a list (`_dictated`: "2kg potatoes, 6 beers, chips"), each is
one item whatever it holds: "6 beers" six of them with no unit, "chips" a name alone, each
where the item's fields left out are not required.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._made_as import named_after
from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._schema import unwrap
from orchestrator.offline._sets import name_before, said_sets
from orchestrator.offline._tokens import param_words, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["listed_items", "measured_items", "takes_measured_items"]


@dataclass(frozen=True)
class _Shape:
    """Where an item's values go: its name, its amount, its unit, its measures by name."""

    name: str
    amount: str
    unit: str
    integer: bool
    measures: dict[str, str]  # a measure's name as said ("protein", "kcal") -> its field
    counted: bool = True  # an item needs its amount
    required: frozenset[str] = frozenset()  # the fields an item must have


@dataclass
class _Item:
    amount: float | None
    unit: str
    tokens: list[int]
    name: list[int] = field(default_factory=list)
    measures: dict[str, float] = field(default_factory=dict)


def _shape(items: dict[str, Any]) -> _Shape | None:
    """The shape of a measured item, or None when the item is no thing with its amount."""
    props = items.get("properties")
    if items.get("type") != "object" or not isinstance(props, dict):
        return None
    kinds = {k: unwrap(v).get("type") for k, v in props.items()}
    numbers = {k for k, t in kinds.items() if t in ("number", "integer")}
    names = [k for k, t in kinds.items() if t == "string" and set(param_words(k)) & LEX.title_words]
    units = [k for k, t in kinds.items() if t == "string" and set(param_words(k)) & LEX.unit_words]
    keys = [  # `ingredient (key)`: the one text an item needs is its name
        k
        for k in items.get("required") or ()
        if kinds.get(k) == "string" and k not in units and not set(param_words(k)) & LEX.id_words
    ]
    if not names and len(keys) == 1:
        names = keys
    amounts = [
        k
        for k in numbers
        if set(param_words(k)) & (LEX.amount_words | LEX.quantity_words | LEX.count_words)
    ]
    if len(names) != 1 or len(units) != 1 or len(amounts) != 1:
        return None
    measures = {
        said: k
        for k in sorted(numbers - set(amounts))
        for word in {*param_words(k), *words_of(k)}  # `calories`: not "calory"
        for said in LEX.measure_groups.get(word, ())
    }
    required = set(items.get("required") or ())
    if required - {names[0], units[0], amounts[0]}:
        return None
    integer = kinds[amounts[0]] == "integer"
    counted = amounts[0] in required
    return _Shape(names[0], amounts[0], units[0], integer, measures, counted, frozenset(required))


def _shapes(tool: ToolView) -> list[tuple[str, _Shape]]:
    out = []
    for param in tool.role("objects"):
        shape = _shape(unwrap(param.schema.get("items") or {}))
        if shape is not None:
            out.append((param.name, shape))
    return out


def takes_measured_items(tool: ToolView) -> frozenset[str]:
    """The measures a tool's list of measured items takes by name ("protein", "kcal"), and
    `quantity` and `unit` when it has such a list; empty when it has none."""
    out: set[str] = set()
    for _, shape in _shapes(tool):
        out |= {"quantity", "unit", *shape.measures}
    return frozenset(out)


def _measure_after(reading: Request, value: Value) -> tuple[str, int] | None:
    """The measure's name said right after a number or a quantity ("46g protein", "330 kcal",
    "60g of fat"), and its token; None when none is."""
    tokens = reading.text.tokens
    k = value.tokens[-1] + 1
    if k < len(tokens) and tokens[k].norm in LEX.measure_links:
        k += 1
    if k < len(tokens) and tokens[k].norm in LEX.measure_groups:
        return tokens[k].norm, k
    return None


def _name_after(reading: Request, f: Fill, at: int, taken: set[int]) -> list[int]:
    """The words from token `at` up to a mark, a join or a used word: the thing measured."""
    tokens = reading.text.tokens
    out: list[int] = []
    k = at
    if k < len(tokens) and tokens[k].norm in LEX.measure_links:  # "250 ml of milk"
        k += 1
    while k < len(tokens) and k not in f.used and k not in taken and tokens[k].kind == "word":
        if tokens[k].norm in LEX.joins:
            break
        out.append(k)
        k += 1
    while out and is_function(tokens[out[-1]].norm):
        out.pop()
    return out


def _said(reading: Request, f: Fill, shape: _Shape) -> list[_Item] | None:
    """Each item said with its measures, in order; None when one does not read whole, or
    when the request counts sets (`_sets`: "squats 5x5 at 100kg" is no food of 100 kg)."""
    if said_sets(reading):
        return None
    out: list[_Item] = []
    values = [
        v for v in reading.typed("quantity", "number") if not f.used & set(v.tokens)
    ]  # in the order said
    values.sort(key=lambda v: v.tokens[0])
    taken = {i for v in values for i in v.tokens}
    for value in values:
        measure = _measure_after(reading, value)
        if measure is not None:
            word, k = measure
            if not out or word not in shape.measures:
                return None  # a measure of no item, or one the item has no field for
            out[-1].measures[word] = float(value.value)
            out[-1].tokens += [*range(value.tokens[0], k + 1)]
            taken.add(k)
            continue
        if value.kind != "quantity" or not value.unit:
            return None  # a bare number: what it counts is not said
        out.append(_Item(float(value.value), value.unit, list(value.tokens)))
    for item in out:
        before = name_before(reading, f, item.tokens[0], frozenset(taken))
        item.name = before or _name_after(reading, f, max(item.tokens) + 1, taken)
        if not item.name:
            return None
        taken.update(item.name)
    return out


def _counted_one(reading: Request, f: Fill, shape: _Shape) -> list[_Item] | None:
    """One thing said with a count and no unit, named by the words the verb acts on, or by those
    after the count; its unit the word after the count, and "of them" said of it its own. Said
    with no count, put into the tool's own thing ("add eggs to the pantry"), where its items
    need none: the thing alone."""
    values = [v for v in reading.typed("quantity", "number") if not f.used & set(v.tokens)]
    verb = reading.action.tokens
    if len(values) > 1 or not verb or reading.action.kind != "create" or said_sets(reading):
        return None  # ("change the Charizard cost to 275": no thing put in)
    tokens = reading.text.tokens
    at = max(verb) + 1
    while at < len(tokens) and tokens[at].norm in LEX.item_determiners + LEX.articles:
        at += 1
    if not values:
        into = set(named_after(reading, LEX.container_leads, LEX.target_determiners))
        if shape.counted or not into & f.nouns:
            return None
        one = _Item(None, "", [])
        while at < len(tokens) and _object_word(reading, f, at):
            one.name.append(at)
            at += 1
        return [one] if one.name else None
    value = values[0]
    if value.kind != "number":
        return None
    end = max(value.tokens) + 1
    item = _Item(float(value.value), "", list(value.tokens))
    if at == value.tokens[0]:  # "add 12 eggs to the pantry"
        item.name = _name_after(reading, f, end, set(value.tokens))
        return [item] if item.name else None
    while at < len(tokens) and _object_word(reading, f, at):
        item.name.append(at)
        at += 1
    tail = next(
        (t.split() for t in LEX.count_tails if _says(reading, end, t.split())), None
    )  # "6 of them"
    if tail is not None:
        item.tokens += range(end, end + len(tail))
    elif end < len(tokens) and _object_word(reading, f, end) and end + 1 == len(tokens):
        item.unit = tokens[end].text  # "1 bulb"
        item.tokens.append(end)
    return [item] if item.name else None


def _object_word(reading: Request, f: Fill, at: int) -> bool:
    tok = reading.text.tokens[at]
    return (
        tok.kind == "word"
        and at not in f.used
        and tok.norm not in LEX.prepositions
        and tok.norm not in LEX.joins
        and not is_function(tok.norm)
    )


def _says(reading: Request, at: int, words: list[str]) -> bool:
    said = reading.text.tokens[at : at + len(words)]
    return [t.norm for t in said] == words


def _number(value: float, integer: bool) -> int | float:
    return int(value) if integer or value.is_integer() else value


def measured_items(reading: Request, f: Fill, tool: ToolView) -> None:
    """The things said with their measures, for the tool's list of them (module docstring)."""
    for name, shape in _shapes(tool):
        param = tool.params[name]
        if name in f.args:
            continue
        said = _said(reading, f, shape) or _counted_one(reading, f, shape)
        if not said:
            continue
        items = []
        for one in said:
            item: dict[str, Any] = {shape.name: text_of(reading, one.name)}
            if one.amount is not None:  # (put in with no count: none)
                item[shape.amount] = _number(one.amount, shape.integer)
            if one.unit:  # (a count: none)
                item[shape.unit] = one.unit
            for word, value in one.measures.items():
                item[shape.measures[word]] = _number(value, False)
            items.append(item)
        used = sorted({i for one in said for i in (*one.name, *one.tokens)})
        f.set(param, items, used, reading.text.slice(used))
        return


def _listed(reading: Request, part: list[int], shape: _Shape) -> dict[str, Any] | None:
    """One item dictated, from its words: its quantity (a unit said, or a count), the rest its
    name; None when it says more than one, or leaves out a field the item needs."""
    tokens = reading.text.tokens
    values = [v for v in reading.typed("quantity", "number") if set(v.tokens) <= set(part)]
    if len(values) > 1:
        return None
    item: dict[str, Any] = {}
    rest = list(part)
    if values:
        value = values[0]
        item[shape.amount] = _number(float(value.value), shape.integer)
        if value.kind == "quantity" and value.unit:
            item[shape.unit] = value.unit
        rest = [k for k in part if k not in value.tokens]
        after = value.tokens[-1] + 1
        if after in rest and rest.index(after) == 0 and tokens[after].norm in LEX.measure_links:
            rest.remove(after)  # "500 g of flour"
    while rest and is_function(tokens[rest[0]].norm):
        rest.pop(0)
    if not rest or rest != list(range(rest[0], rest[-1] + 1)):
        return None
    item[shape.name] = text_of(reading, rest)
    return item if shape.required <= set(item) else None


def listed_items(reading: Request, f: Fill, tool: ToolView, said: list[list[int]]) -> bool:
    """The items of a list dictated (`said`, each its tokens), for the tool's list of measured
    items, each one (module docstring); False when it has none, or one item does not read."""
    for name, shape in _shapes(tool):
        if name in f.args:
            continue
        items = [_listed(reading, part, shape) for part in said]
        if not items or any(item is None for item in items):
            return False
        used = [k for part in said for k in part]
        f.set(tool.params[name], items, used, reading.text.slice(used))
        return True
    return False
