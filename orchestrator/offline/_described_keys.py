"""The fields of a list's items that only the description names: `additions: list[dict]`, its
items objects of any keys, whose own line in the tool's description says "List of dicts with
keys: ingredient (key), quantity, unit." is read as a list of items `{ingredient, quantity,
unit}`, the key marked as the item's key (lexicon `ITEM_KEY_MARKS`) required, a key named for a
quantity, an amount or a count a number, every other a text. So the fillers of measured and
counted items (`_measured_items`) find a shape to fill; the schema sent to the server is the
server's own.
"""

from __future__ import annotations

import re
from typing import Any

from orchestrator.offline._schema import unwrap
from orchestrator.offline._tokens import param_words
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["described_items"]

_ENDS = "|".join(LEX.list_ends)  # "a, b and c"
_ONE = r"[A-Za-z_]\w*(?:\s*\([^)]*\))?"  # a key, and a note on it: "ingredient (key)"
_KEYS = re.compile(
    rf"\b(?:{'|'.join(LEX.item_keys_leads)})\s*:?\s*({_ONE}(?:\s*(?:,|\b(?:{_ENDS})\b)\s*{_ONE})+)",
    re.I,
)
_SPLIT = re.compile(rf"\s*,\s*(?:(?:{_ENDS})\s+)?|\s+(?:{_ENDS})\s+", re.I)
_KEY = re.compile(r"([A-Za-z_]\w*)\s*(?:\(([^)]*)\))?")


def described_items(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    """`schema`, an array of objects that declare no fields, with the fields its description
    or its own line in the tool's names (see the module docstring); else as it is."""
    if schema.get("type") != "array":
        return schema
    items = unwrap(schema.get("items") or {})
    if items.get("type") != "object" or items.get("properties"):
        return schema
    own = re.search(rf"^\s*{re.escape(name)}\s*:\s*(.+)$", description, re.M)
    for text in (str(schema.get("description") or ""), own.group(1) if own else ""):
        found = _KEYS.search(text)
        if found is None:
            continue
        keys = [_KEY.fullmatch(part.strip()) for part in _SPLIT.split(found.group(1))]
        if len(keys) < 2 or None in keys:
            continue
        props: dict[str, Any] = {}
        required: list[str] = []
        counts = LEX.quantity_words | LEX.amount_words | LEX.count_words | LEX.price_key_words
        for one in filter(None, keys):
            key, note = one.group(1), (one.group(2) or "").strip().lower()
            props[key] = {"type": "number" if set(param_words(key)) & counts else "string"}
            if note in LEX.item_key_marks:
                required.append(key)
        made = {**items, "type": "object", "properties": props, "required": required}
        return {**schema, "items": made}
    return schema
