"""Things billed with their count and price, for a list whose each item takes a text, a count
and a price (`items: [{description, qty, rate}]`, an invoice's lines): "10 hours of web design
at $85/hr" is one line, 10 of "web design" at 85; "3 revision rounds at 150 each" 3 of
"revision rounds" at 150; "4 hours consulting @ $120" 4 of "consulting" at 120; "logo design 1 x
1200" and "hosting for december, 1 x 49.99" one each, named by the words before the count back
to a mark (":", ",", "—") or a join ("and").

A line reads a count, a price after "at" or "@" (with what it is per: "each", "/hr", "a day")
or after "x", and a text. A time the count is said in ("hours of", "days of") is the count's,
not the text's. Every line said must read whole, or none is filled (the list is then asked
for); the item's keys come from its schema, or from the description (`_described_keys`): its
text a key that is no number, its count a key named for a quantity (lexicon `QUANTITY_WORDS`),
its price a key named for a price (`PRICE_KEY_WORDS`: `rate`, `price`, `unit_price`).
"""

from __future__ import annotations

import re
from typing import Any

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._schema import unwrap
from orchestrator.offline._tokens import param_words
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["priced_items", "priced_list"]

_MONEY = (  # never a clock time ("at 5pm", "at 13:00")
    r"(?:[$€£]\s?)?(?P<price>\d+(?:[.,]\d{1,2})?)(?![\d:]|\s?(?:am|pm)\b)"
    r"(?:\s?(?:usd|eur|gbp|chf|[$€£]))?"
)
_PER = r"(?:\s*(?:/\s*[a-z]+|each|apiece|per\s+[a-z]+|an?\s+(?:hour|day|week|month|piece|unit)))?"
_AT = re.compile(
    rf"(?P<qty>\d+(?:\.\d+)?)\s+(?P<text>(?:(?!\band\b)[^,;:@—\d])+?)\s+(?:at|@)\s*{_MONEY}{_PER}",
    re.I,
)
_TIMES = re.compile(rf"(?P<qty>\d+(?:\.\d+)?)\s*[x×]\s*{_MONEY}{_PER}", re.I)
_MARKS = re.compile(r"[,;:—–(]|\s-\s|\b[Aa]nd\b|\b[Ff]or\b(?=\s+[A-Z])")


def _keys(tool: ToolView) -> tuple[str, str, str, str, bool] | None:
    """(the list, its text key, its count key, its price key, whether the count is whole)."""
    for param in tool.params.values():
        if param.type != "array":
            continue
        items = unwrap(param.schema.get("items") or {})
        props = items.get("properties")
        if items.get("type") != "object" or not isinstance(props, dict):
            continue
        kinds = {k: unwrap(v).get("type") for k, v in props.items()}
        words = {k: set(param_words(k)) for k in props}
        count = [k for k in props if words[k] & LEX.quantity_words and kinds[k] != "string"]
        price = [k for k in props if words[k] & LEX.price_key_words and kinds[k] != "string"]
        text = [k for k in props if kinds[k] == "string" and k not in count + price]
        if len(count) == 1 and len(price) == 1 and len(text) >= 1:
            return param.name, text[0], count[0], price[0], kinds[count[0]] == "integer"
    return None


def priced_list(tool: ToolView) -> str:
    """The name of the tool's list of priced items, or ""; only `priced_items` fills it, never
    with an item of no count or price ("create an invoice for Nova Labs": no line)."""
    keys = _keys(tool)
    return keys[0] if keys else ""


def _text(said: str) -> str:
    """A line's text, the time its count is said in taken off ("hours of web design")."""
    words = said.split()
    if words and words[0].lower().rstrip("s") in LEX.priced_count_units:
        words = words[1:]
        if words and words[0].lower() in LEX.priced_count_links:
            words = words[1:]
    return " ".join(words).strip(" .")


def _before(text: str, at: int) -> tuple[int, str]:
    """Where the words before `at` start, back to a mark or a join, and those words; those
    before a comma right before `at` ("hosting for december, 1 x 49.99")."""
    marks = [(m.start(), m.end()) for m in _MARKS.finditer(text, 0, at)]
    start = marks[-1][1] if marks else 0
    if not text[start:at].strip() and marks and text[marks[-1][0]] == ",":
        end = marks[-1][0]
        start = marks[-2][1] if len(marks) > 1 else 0
        return start, text[start:end].strip()
    return start, text[start:at].strip()


def _lines(text: str) -> list[tuple[int, int, str, float, float]]:
    """(start, end, text, count, price) of each line said, in order."""
    found: list[tuple[int, int, str, float, float]] = []
    for m in _AT.finditer(text):
        found.append((m.start(), m.end(), _text(m.group("text")), float(m.group("qty")), _price(m)))
    for m in _TIMES.finditer(text):
        if any(s <= m.start() < e for s, e, *_ in found):
            continue
        start, said = _before(text, m.start())
        found.append((start, m.end(), said, float(m.group("qty")), _price(m)))
    return sorted(found)


def _price(m: re.Match[str]) -> float:
    return float(m.group("price").replace(",", "."))


def priced_items(reading: Request, f: Fill, tool: ToolView) -> None:
    """The lines billed, for the tool's one list of priced items (the module docstring)."""
    keys = _keys(tool)
    if keys is None or keys[0] in f.args:
        return
    name, text_key, count_key, price_key, whole = keys
    lines = _lines(reading.text.original)
    if not lines or any(not said for _, _, said, _, _ in lines):
        return
    tokens = reading.text.tokens
    spans = [
        [i for i, t in enumerate(tokens) if start <= t.start and t.end <= end]
        for start, end, *_ in lines
    ]
    if any(not span or f.used & set(span) for span in spans):
        return
    items: list[dict[str, Any]] = []
    for _, _, said, count, price in lines:
        if whole and not count.is_integer():
            return
        number = int(count) if count.is_integer() else count
        items.append({text_key: said, count_key: number, price_key: price})
    used = [i for span in spans for i in span]
    f.set(name, items, used, "; ".join(reading.text.slice(span) for span in spans))
