"""A record named by what its fields hold rather than by its title: "mark the one due wednesday
done", "delete the spanish one" (a card in the deck "spanish"), "move the one tagged work to
friday", "the high priority one", "the 5 dollar one".

Two steps. `said_of_record`, after filling: a value said inside a described phrase
(`_described`: "the high priority one", "the one tagged work") names the record and is no
change: it leaves the arguments for `Fill.described`, and the phrase's words join the reference.
`find_by_fields`, when the reference is resolved: the listed records every part of the
reference fits: each value kept in `Fill.described` equals the field of that name; the date said
of the record (`Request.item_when`: "due wednesday", "from yesterday") is the day of a date
field (the one its marker names: "due" a due date, "from" when it was made); an amount is the
number a field holds; every other word is a word of a field's value ("spanish", "work") or names
the field such a value is in ("priority", "deck", "tagged"). One record fits, or the router
asks: several, or none, are never guessed between.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any

from orchestrator.offline._account import is_function
from orchestrator.offline._dates import since_until
from orchestrator.offline._described import described
from orchestrator.offline._phrase import text_of
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline.lexicon import LEXICON as LEX

if TYPE_CHECKING:
    from orchestrator.offline._phrase import Fill
    from orchestrator.offline._read import Request
    from orchestrator.offline._tools import ToolView

__all__ = ["day_of", "find_by_fields", "said_of_record"]

_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}")


def said_of_record(reading: Request, f: Fill, tool: ToolView) -> None:
    """A value said in a described phrase ("mark the high priority one done": priority high)
    names the record a change or deletion is of: it is kept in `f.described`, never sent; the
    phrase's words no value took join the reference."""
    ident = tool.identifier
    if ident is None or ident.name in f.args or tool.kind not in LEX.described_kinds:
        return
    tokens = reading.text.tokens
    markers = LEX.described_markers  # ("from" only before a date: "move the card from todo")
    markers |= LEX.described_since if reading.item_when is not None else frozenset()

    def heads(i: int) -> bool:
        return tokens[i].norm in LEX.kind_words or i in f.nouns

    for phrase in described(tokens, heads, markers):
        said = set(phrase.tokens)
        held = [n for n, span in f.spans.items() if n in f.args and span and span <= said]
        free = said - f.used - set(f.reference_tokens)  # "priority" of "the high priority one"
        if not (held or free or reading.item_when_tokens & said or phrase.after):
            continue  # "the eggs one": a title, read as it always is
        for name in held:
            f.described[name] = f.args.pop(name)
            f.evidence.pop(name, None)
        kept = {i for n, span in f.spans.items() if n in f.args for i in span}
        moved = {i for n in held for i in f.spans[n]}
        words = {i for i in said if i not in kept and (i not in f.used or i in moved)}
        f.reference_tokens = sorted(words | set(f.reference_tokens))
        f.reference = text_of(reading, f.reference_tokens)
        f.used.update(words)


def find_by_fields(items: list[dict[str, Any]], reading: Request, f: Fill) -> list[dict[str, Any]]:
    """The records the reference names by what their fields hold (see the module docstring);
    [] when it says nothing of a field (no value, no date, no word but a title's)."""
    tokens = reading.text.tokens
    ref = set(f.reference_tokens)
    when = reading.item_when if reading.item_when_tokens & ref else None
    amounts = [v for v in reading.typed("money", "number") if set(v.tokens) <= ref]
    taken = set(reading.item_when_tokens) | {i for v in amounts for i in v.tokens}
    taken |= {i for n in f.described for i in f.spans.get(n, ())}
    words = [
        tokens[i].norm
        for i in sorted(ref - taken)
        if tokens[i].kind != "punct"
        and not is_function(tokens[i].norm)
        and singular(tokens[i].norm) not in LEX.kind_words
        and tokens[i].norm not in LEX.described_markers | LEX.described_since
    ]
    marker = _marker(reading)
    if not (f.described or when is not None or amounts or words):
        return []
    found = []
    for item in items:
        matched: set[str] = set()
        fits = all(_holds(item, name, value, matched) for name, value in f.described.items())
        fits = fits and (when is None or _dated(item, reading, marker, matched))
        fits = fits and all(_amount(item, v.value, v.unit, matched) for v in amounts)
        fits = fits and _worded(item, words, matched)
        if fits and matched - {_title_key(item)}:  # more than words of its title
            found.append(item)
    return found


def _title_key(item: dict[str, Any]) -> str | None:
    return next((k for k in LEX.item_title_keys if isinstance(item.get(k), str) and item[k]), None)


def _marker(reading: Request) -> str | None:
    """The marker before the date said of the record ("due" of "due wednesday"), if any."""
    said = sorted(reading.item_when_tokens)
    first = reading.text.tokens[said[0]].norm if said else ""
    return first if first in LEX.described_fields else None


def _holds(item: dict[str, Any], name: str, value: Any, matched: set[str]) -> bool:
    """Whether the record's field for parameter `name` holds `value` (each of a list's)."""
    key = _key_for(item, name)
    if key is None:
        return False
    held = item[key]
    wanted = value if isinstance(value, list) else [value]
    had = held if isinstance(held, list) else [held]
    if all(any(_same(w, h) for h in had) for w in wanted):
        matched.add(key)
        return True
    return False


def _key_for(item: dict[str, Any], name: str) -> str | None:
    """The record's field for parameter `name`: of that name, else the one field of the same
    words, else the one whose words hold the name's or are held in them (`due` of `due_date`)."""
    if name in item:
        return name
    said = {singular(w) for w in words_of(name)}
    keys = {k: {singular(w) for w in words_of(k)} for k in item}
    for fits in (said.__eq__, lambda w: bool(w) and (w <= said or said <= w)):
        found = [k for k, w in keys.items() if fits(w)]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _same(said: Any, held: Any) -> bool:
    if isinstance(said, str) and isinstance(held, str):
        if _ISO_DAY.match(said) and _ISO_DAY.match(held):
            return said[:10] == held[:10]
        return said.casefold() == held.casefold()
    if isinstance(said, bool) or isinstance(held, bool):
        return said is held
    if isinstance(said, (int, float)) and isinstance(held, (int, float)):
        return float(said) == float(held)
    return False


def day_of(value: Any, reading: Request) -> date | None:
    """The local day an ISO date or date-time field holds."""
    if not isinstance(value, str) or not _ISO_DAY.match(value):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is not None and moment.time() != time.min:  # a day alone is as written
        moment = moment.astimezone(reading.now.tzinfo)
    return moment.date()


def _dated(item: dict[str, Any], reading: Request, marker: str | None, matched: set[str]) -> bool:
    """Whether a date field of the record (one the marker names, when it names any) falls on
    the day, or in the days, said of it."""
    when = reading.item_when
    assert when is not None
    first, last = since_until(when)
    days = {k: d for k, v in item.items() if (d := day_of(v, reading)) is not None}
    named = LEX.described_fields.get(marker or "", ())
    if named:
        days = {k: d for k, d in days.items() if set(map(singular, words_of(k))) & set(named)}
    hits = [k for k, d in days.items() if first <= d <= last]
    matched.update(hits)
    return bool(hits)


def _amount(item: dict[str, Any], amount: Any, unit: str | None, matched: set[str]) -> bool:
    """Whether a number field holds `amount` (and a currency field, where there is one, the
    currency said with it)."""
    hits = [
        k
        for k, v in item.items()
        if isinstance(v, (int, float)) and not isinstance(v, bool) and float(v) == float(amount)
    ]
    if not hits:
        return False
    currencies = [
        v for k, v in item.items() if isinstance(v, str) and set(words_of(k)) & LEX.currency_words
    ]
    if unit and currencies and not any(c.upper() == unit for c in currencies):
        return False
    matched.update(hits)
    return True


def _worded(item: dict[str, Any], words: list[str], matched: set[str]) -> bool:
    """Whether each word is a word of a field's value ("work" of tags ["work"]), or names a
    field whose value another part of the reference matched ("priority" of "high priority")."""
    naming: list[set[str]] = []
    for word in words:
        held = [k for k, v in item.items() if stem(word) in _value_words(v)]
        named = {k for k in item if stem(word) in {stem(w) for w in words_of(k)}}
        if held:
            matched.update(held)
        elif named:
            naming.append(named)
        else:
            return False
    return all(named & matched for named in naming)


def _value_words(value: Any) -> set[str]:
    """The words of a field's text, or of a list of texts (its tags)."""
    texts = value if isinstance(value, list) else [value]
    return {
        stem(w.strip(":"))
        for t in texts
        if isinstance(t, str) and not _ISO_DAY.match(t)
        for w in re.findall(r"[\w:'-]+", t.lower())
    }
