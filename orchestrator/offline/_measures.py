"""A quantity said with its unit keeps the unit, and money never measures a thing.

- A number parameter's own unit is the one its name (`weight_kg`) or its description ("Weight
  used in lbs", `_measured_amounts.described_unit`) says: a quantity said in another unit of
  its kind is converted to it (lexicon `UNIT_SIZES`: "10 kg" for lbs is 22.0462), one that
  cannot be is never sent as the bare number.
- A unit parameter takes the unit as its enum spells it, or, as free text, as its description
  (else the tool's) lists it ("cups" where it lists "oz, ml, cups, etc."), else by its
  canonical name; an enum that lacks the unit takes none (the quantity is asked about).
- Money (a currency, money jotted down, a word of money: "cash", "paid") is never a measure:
  not the bare number for an amount of water, nor the answer to a question for one.

The answer to a question for a measured amount is read here too (`measured_reply`): "250ml"
fills the amount and the unit, "coffee 4.75 cash" answers nothing (it is a request of its
own), and a unit with no place answers nothing either, never the number alone."""

from __future__ import annotations

import math
import re
from typing import Any

from orchestrator.offline._convert import as_listed, listed_units
from orchestrator.offline._jotted import jotted_money
from orchestrator.offline._measured_amounts import described_unit
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "converted",
    "measured_amount",
    "measured_reply",
    "measures",
    "names_unit",
    "own_unit",
    "said_quantities",
    "says_money",
    "unit_said",
    "unit_taken",
]

_GLUED = re.compile(r"[\d.,]+(\D+)")  # "250ml"


def says_money(reading: Request) -> bool:
    """Whether the request speaks of money: an amount in a currency ("$12.50", "4 bucks"), a
    word of money ("cash", "paid", "spent", "cost"), or money jotted down ("coffee 4.75")."""
    words = LEX.money_nouns | LEX.spent_words | LEX.money_asked_with_amount
    return (
        bool(reading.typed("money"))
        or bool(reading.words & words)
        or (
            reading.action.measured
            and jotted_money(reading.text, reading.values, reading.when_tokens, None, reading.now)
        )
    )


def _kind(unit: str) -> str | None:
    return next((k for k, units in LEX.unit_kinds.items() if unit in units), None)


def own_unit(param: Param) -> str | None:
    """The unit a number parameter is in (canonical), by its name or its description."""
    if param.type not in ("number", "integer"):
        return None
    for word in words_of(param.name):
        unit = LEX.unit_names.get(word)
        if unit is not None and _kind(unit) is not None:
            return unit
    return described_unit(param.describe) or described_unit(param.own)


def measures(tool: ToolView, param: Param) -> bool:
    """Whether a number parameter measures a thing: an amount that is a quantity
    (`_measured_amounts`), one in a unit of its own, or one named for a measure (`weight`)."""
    return (
        param.role == "quantity"
        or own_unit(param) is not None
        or (param.role == "number" and any(w in LEX.measures for w in param.words))
    )


def measured_amount(tool: ToolView) -> bool:
    """Whether the tool takes an amount that measures a thing (`_measured_amounts`)."""
    return any(set(p.words) & LEX.measure_amount_words for p in tool.role("quantity"))


def converted(value: float, unit: str, own: str) -> int | float | None:
    """`value` said in `unit` in the parameter's `own` unit: the same number, or converted
    within its kind; None when the two are of different kinds or a size is unknown."""
    if unit == own:
        return value
    sizes = LEX.unit_sizes
    if unit not in sizes or own not in sizes or _kind(unit) != _kind(own):
        return None
    exact = float(value) * sizes[unit] / sizes[own]
    digits = W.unit_digits  # (1e-07 F for "100nF": its own digits, never 0.0)
    if exact:
        digits = max(digits, W.unit_figures - 1 - math.floor(math.log10(abs(exact))))
    number = round(exact, digits)
    return int(number) if number.is_integer() and abs(number) >= 1 else number


def unit_taken(param: Param, tool: ToolView, unit: str, said: str = "") -> Any:
    """The value a unit parameter takes for `unit` (canonical; `said`: the word said for it):
    the enum's own spelling of it (None when the enum lacks it), or as free text as its
    description or the tool's lists it, else by its name; a unit that is an everyday noun
    (`UNITS_NEED_OF`: "bottles", "cans") as said, never the name of a group of them."""
    if param.enum:
        for value in param.enum:
            if isinstance(value, str) and (
                value.lower() == unit or LEX.unit_names.get(value.lower()) == unit
            ):
                return value
        return None
    described = str(param.schema.get("description") or "")
    for listing in (described, tool.description):
        listed = as_listed(listing, unit)
        if listed != unit:
            return listed
    return said.lower() if said and unit in LEX.units_need_of else unit


def unit_said(reading: Request, found: Value) -> str:
    """The word a quantity's unit was said with ("bottles" of "3 bottles", "ml" of "250ml")."""
    for k in found.tokens:
        word = reading.text.tokens[k].text.lower()
        glued = _GLUED.fullmatch(word)
        word = glued.group(1) if glued else word
        if LEX.unit_names.get(word) == found.unit:
            return word
    return ""


def names_unit(tool: ToolView, unit: str) -> bool:
    """Whether the tool's unit parameter takes `unit` as one it names: a member of its enum, or
    one of the units its description (else the tool's) lists; any unit where it names none."""
    units = tool.role("unit")
    if not units:
        return False
    if units[0].enum:
        return unit_taken(units[0], tool, unit) is not None
    described = str(units[0].schema.get("description") or "")
    listed = listed_units(described) or listed_units(tool.description)
    return not listed or unit in listed


def _placed(tool: ToolView, param: Param, said: Request, found: Value) -> dict[str, Any]:
    """The values a quantity said with its unit gives `param` (and the tool's unit parameter):
    none when its unit has no place."""
    unit = str(found.unit)
    own = own_unit(param)
    if own is not None:
        number = converted(found.value, unit, own)
        return {} if number is None else {param.name: number}
    units = tool.role("unit")
    if not measures(tool, param):
        return {}  # money, a count: "250ml" is none of them
    if units:
        value = unit_taken(units[0], tool, unit, unit_said(said, found))
        return {} if value is None else {param.name: found.value, units[0].name: value}
    return {param.name: found.value} if unit in LEX.units_need_of else {}


def said_quantities(said: Request) -> list[Value]:
    """The quantities a reply says, "2 cups" too: in a reply, a unit that is an everyday noun
    elsewhere (`UNITS_NEED_OF`: "a cup") is a unit right after a number."""
    found = list(said.typed("quantity"))
    tokens = said.text.tokens
    for number in said.typed("number"):
        k = number.tokens[-1] + 1
        unit = LEX.unit_names.get(tokens[k].norm) if k < len(tokens) else None
        if unit is not None:
            found.append(Value("quantity", number.value, (*number.tokens, k), unit))
    return found


def measured_reply(tool: ToolView, param: Param, said: Request) -> dict[str, Any] | None:
    """The values a reply gives a number parameter it answers, where a unit or money decides:
    a quantity said with its unit placed with it (`_placed`), or {} when it answers nothing
    (money for a measure, a unit with no place, several quantities). None when neither a unit
    nor money is said: the reply is read as a number as usual."""
    quantities = said_quantities(said)
    if not quantities:
        return {} if says_money(said) and measures(tool, param) else None
    if len(quantities) > 1 or (says_money(said) and measures(tool, param)):
        return {}
    return _placed(tool, param, said, quantities[0])
