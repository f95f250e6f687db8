"""Amounts that measure a thing, never money: an `amount` parameter beside a unit of measure
(`log_water(amount, unit: "Unit of measurement (oz, ml, cups, etc.)")`), or one its own
description says measures a thing ("Amount of water consumed") or names the unit of ("Amount in
ml"). `_tools` reads such an amount as a quantity, so money never fills it ("coffee 4.75 cash"
is no water, "$5,200" no 5200 oz), and a quantity said with its unit fills it and the unit
(`_typed`). Beside a currency, or a quantity the unit belongs to (`add_item(quantity, unit,
amount)`), an amount stays money; so does one named for money only (`price`, `cost`).

Also the unit a number parameter's description says it is in ("Weight used in lbs", "Amount
in ml", "Weight (kg)"), read from the schema alone, for any server."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from orchestrator.offline._schema import unwrap
from orchestrator.offline._tokens import param_words
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["described_unit", "described_words", "measured_amounts"]

_WORD = re.compile(r"[a-zµ]+")
_LEADS = "|".join(re.escape(w) for w in LEX.unit_leads)
_UNIT_SAID = re.compile(rf"(?:\b(?:{_LEADS})\s+|\(\s*)([a-zµ]+)\b(?!\.)")  # "in lbs", "(kg)"


@lru_cache(maxsize=2048)
def described_unit(describe: str) -> str | None:
    """The one unit of measure (lexicon `UNITS`, canonical) a description says a number is in
    ("Weight used in lbs (e.g., 25 for 25lb dumbbells)": lb); None when it says none, or
    several."""
    said = {LEX.unit_names.get(m.group(1)) for m in _UNIT_SAID.finditer(describe.lower())}
    said.discard(None)
    return next(iter(said)) if len(said) == 1 else None


def described_words(describe: str) -> frozenset[str]:
    """The words of a description, lower case."""
    return frozenset(_WORD.findall(describe.lower()))


def _within(schema: dict[str, Any], names: Mapping[str, str]) -> bool:
    values = schema.get("enum") or []
    return len(values) >= 2 and all(isinstance(v, str) and v.lower() in names for v in values)


def _of_money(words: set[str], schema: dict[str, Any], describe: str) -> bool:
    """A currency parameter, by its name, its enum or its description ("Currency unit")."""
    said = described_words(describe)
    codes = {code.lower() for code in LEX.currencies}
    return bool(
        words & LEX.currency_words
        or _within(schema, LEX.currency_names)
        or said & (LEX.currency_words | codes)
    )


def _measures(describe: str) -> bool:
    """Whether an amount's description says what it measures, or the unit it is in."""
    return bool(described_words(describe) & LEX.measured_describe) or (
        described_unit(describe) is not None
    )


def measured_amounts(props: Mapping[str, Any]) -> frozenset[str]:
    """The names of the tool's `amount` parameters (by the schema's properties) that measure a
    thing (see the module docstring); none where a currency or a quantity is beside them."""
    amounts: list[tuple[str, str]] = []
    units = False
    for name, raw in props.items():
        schema = unwrap(raw) if isinstance(raw, dict) else {}
        words = set(param_words(name))
        describe = str(schema.get("description") or "")
        number = schema.get("type") in ("number", "integer", None) and "enum" not in schema
        if _of_money(words, schema, describe):
            return frozenset()  # `currency` beside it: the amount is money
        if number and words & LEX.quantity_words:
            return frozenset()  # `quantity` beside it: the unit is the quantity's
        if number and words & LEX.amount_words:
            if words & LEX.amount_words <= LEX.measure_amount_words:
                amounts.append((name, describe))
        elif words & LEX.unit_words or _within(schema, LEX.unit_names):
            units = True
    return frozenset(name for name, describe in amounts if units or _measures(describe))
