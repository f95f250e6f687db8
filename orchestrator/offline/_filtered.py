"""A listing's filters the request says: one the schema's `pattern` lists as a word of its own
("list overdue todos": `due_date_filter` matching `^(today|...|overdue|...)$`) is sent; words
left over that no parameter took ("the passport todo") pick the items they name from what was
listed, and otherwise the answer says the listing is not filtered by them ("todos without a
due date"), never the whole list shown as if it were the answer (user trial 10, F10).
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Any

from orchestrator.offline._account import is_function, unaccounted
from orchestrator.offline._by_fields import day_of
from orchestrator.offline._dates import since_until
from orchestrator.offline._items import find_items, items_of, json_text
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["pattern_filters", "pattern_words", "qualifier_tags", "unfiltered"]

_ALTERNATIVES = re.compile(r"\^?\(([^()]*)\)\$?")
_WORD = re.compile(r"[a-z]+(?:_[a-z]+)*")
_KEY_WORD = re.compile(r"[a-z]+")
_YEAR = re.compile(r"\b\d{4}\b")
_MOST_WORDS = 4  # a filter said in more words than these is a sentence, not a filter


def pattern_filters(reading: Request, tool: ToolView, f: Fill) -> None:
    """Set a read's filter to a word its pattern lists that the request says and nothing took."""
    if tool.kind != "read":
        return
    tokens = reading.text.tokens
    left = unaccounted(reading, f)
    for param in tool.params.values():
        pattern = param.schema.get("pattern")
        if param.name in f.args or not isinstance(pattern, str):
            continue
        words = pattern_words(pattern)
        said = next((i for i in left if tokens[i].norm in words), None)
        if said is not None:
            f.set(param, tokens[said].norm, [said], tokens[said].text)
            left = [i for i in left if i != said]


def qualifier_tags(reading: Request, tool: ToolView, f: Fill) -> None:
    """ "list my travel todos": the one word nothing took that qualifies the listing's noun,
    after "my"/"the" or the verb, is a tag to filter by, where the listing takes tags."""
    tags = [p for p in tool.role("tags") if p.name not in f.args and p.type == "array"]
    if tool.kind != "read" or len(tags) != 1:
        return
    tokens = reading.text.tokens
    left = set(unaccounted(reading, f))
    opens = set(reading.action.tokens)
    found = [
        k
        for k in range(1, len(tokens) - 1)
        if k in left
        and tokens[k].kind == "word"
        and not is_function(tokens[k].norm)
        and singular(tokens[k].norm) not in LEX.listing_noise | LEX.generic_nouns | tool.nouns
        and singular(tokens[k + 1].norm) in tool.nouns
        and (tokens[k - 1].norm in LEX.item_determiners or k - 1 in opens)
    ]
    if len(found) == 1:
        k = found[0]
        f.set(tags[0], [tokens[k].norm], [k], tokens[k].text)


def pattern_words(pattern: object) -> frozenset[str]:
    """The words a schema's `pattern` lists as alternatives of their own (`^(today|overdue|
    [0-9]{4}-...)$`: today, overdue), or none."""
    return _alternatives(pattern) if isinstance(pattern, str) else frozenset()


@lru_cache(maxsize=1024)
def _alternatives(pattern: str) -> frozenset[str]:
    found = _ALTERNATIVES.fullmatch(pattern.strip())
    if found is None:
        return frozenset()
    return frozenset(w for w in found.group(1).split("|") if _WORD.fullmatch(w))


def unfiltered(reading: Request, f: Fill, payload: Any) -> tuple[Any, str]:
    """The listing `payload` narrowed to the items the request's left-over words name, and
    those words when they name none of them ("" when every word was taken)."""
    tokens = reading.text.tokens
    left = [
        i
        for i in unaccounted(reading, f)
        if tokens[i].kind == "word"
        and not is_function(tokens[i].norm)
        and singular(tokens[i].norm) not in LEX.listing_noise
        and singular(tokens[i].norm) not in LEX.generic_nouns
    ]
    inner = json_text(payload)
    data = inner if inner is not None else payload
    items = items_of(data)
    dated = _in_the_period(reading, f, left, items or [])
    if dated is not None and isinstance(data, dict):
        return _narrowed(data, items or [], dated), ""
    span = range(left[0], left[-1] + 1) if left else range(0)
    if len(items or []) < 2 or not _a_filter(reading, span):
        return payload, ""  # not a listing, or words that are no filter of it
    words = reading.text.slice(span)
    found = find_items(items or [], words)
    if not found or not isinstance(data, dict) or len(found) == len(items or []):
        return payload, words
    narrowed = _narrowed(data, items or [], found)
    return (narrowed, "") if narrowed is not data else (payload, words)


def _narrowed(data: dict[str, Any], items: list[Any], kept: list[Any]) -> dict[str, Any]:
    """`data` with its list of `items` replaced by `kept` (and its count), or `data` itself
    when the list is not one of its values."""
    narrowed = copy.deepcopy(data)
    for key, value in narrowed.items():
        if value == items:
            narrowed[key] = kept
            if isinstance(narrowed.get(LEX.count_word), int):
                narrowed[LEX.count_word] = len(kept)
            return narrowed
    return data


def _in_the_period(
    reading: Request, f: Fill, left: list[int], items: list[Any]
) -> list[Any] | None:
    """The items whose date falls in the day, week, month or range the request says and no
    parameter took ("what's due next week" of a listing that filters by one day alone), or
    None: no such period, other words left over, or no one date field of the items to go by
    (the one whose name the request says, "due", where they have several; for a period to
    come, the one field holding days to come)."""
    when = reading.when
    if when is None or not when.has_date or not reading.when_tokens or not items:
        return None
    if reading.when_tokens & f.used or not left or set(left) - reading.when_tokens:
        return None
    if not all(isinstance(item, dict) for item in items):
        return None
    said_words = reading.text.slice(sorted(reading.when_tokens))
    first, last = since_until(when)
    if when.label is None and last < reading.now.date() and not _YEAR.search(said_words):
        return None  # "due in january" said in december: which january is not sure
    keys = sorted({k for item in items for k, v in item.items() if day_of(v, reading) is not None})
    said = {t.norm for t in reading.text.tokens}
    named = [k for k in keys if set(_KEY_WORD.findall(k.lower())) & said]
    today = reading.now.date()
    ahead = [
        k for k in keys if any((day_of(item.get(k), reading) or today) > today for item in items)
    ]  # "todos for next week": a day to come is no time a record was made or changed
    if named:
        keys = named
    elif first > today:
        keys = ahead
    if len(keys) != 1:
        return None
    kept = []
    for item in items:
        day = day_of(item.get(keys[0]), reading)
        if day is not None and first <= day <= last:
            kept.append(item)
    return kept


def _a_filter(reading: Request, span: range) -> bool:
    """Whether the words of `span` can be a filter of a listing: a few, with no break, join
    or verb among them ("overdue", "without a due date"; not "Aisha paid, so the ...")."""
    tokens = reading.text.tokens
    if not span or len(span) > _MOST_WORDS:
        return False
    return not any(
        tokens[i].kind == "punct"
        or tokens[i].norm in LEX.joins
        or (LEX.kind_of(tokens[i].norm) is not None and i not in reading.action.tokens)
        for i in span
    )
