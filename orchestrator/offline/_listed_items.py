"""Items listed for a tool's one list of plain values (an array of strings or numbers: `items`,
`population`): "shuffle these: Alice, Bob, Carol, Dave", "pick one of pizza, sushi, tacos for
dinner", "shuffle 1 2 3 4 5 6 7 8 9 10". The items are said apart by commas (the last by "and"
or "or"), or are numbers said in a row; each is sent as written, a number as a number where
the array takes numbers. A list is three items or more, or two after a colon; its last item
ends where a word of its own tail begins ("tacos for dinner": "tacos"), and is no longer than
the longest before it ("Alice, Bob, Carol, Dave without repeats": "Dave"). Anything else is no
list, and the parameter is left to the rest of the fill (or asked for).
"""

from __future__ import annotations

from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token, singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["items_listed", "list_param", "listed_items", "number_of"]

_ITEM_KINDS = ("word", "other", "number", "quoted", "ident")


def list_param(tool: ToolView) -> Param | None:
    """The tool's one required list of plain values, if it has exactly one: an array, or a
    text its description says is a list apart by commas ("Comma-separated list of options")."""
    found = [p for p in tool.role("list") if p.required and p.type == "array" and _plain(p)]
    found = found or [
        p
        for p in tool.required
        if p.type == "string" and not p.enum and (p.describe or p.own).startswith(LEX.comma_lists)
    ]
    return found[0] if len(found) == 1 else None


def _plain(param: Param) -> bool:
    """Whether an array's items are strings or numbers (or any of those)."""
    items = param.schema.get("items")
    if not isinstance(items, dict):
        return False
    kinds = (
        [items["type"]] if "type" in items else [s.get("type") for s in items.get("anyOf") or ()]
    )
    return bool(kinds) and all(k in ("string", "number", "integer", "boolean") for k in kinds)


def _takes_numbers(param: Param) -> bool:
    items = param.schema.get("items") or {}
    kinds = {items.get("type")} | {s.get("type") for s in items.get("anyOf") or ()}
    return bool(kinds & {"number", "integer"})


Said = tuple[list[str], list[int]]  # the items as written, and the tokens that say them


def items_listed(reading: Request, used: set[int] | frozenset[int] = frozenset()) -> Said | None:
    """The items a request lists and the tokens that say them (see the module docstring)."""
    tokens = reading.text.tokens
    numbers = _numbers_in_a_row(reading, used)
    if numbers is not None:
        return numbers
    commas = [i for i, t in enumerate(tokens) if t.norm == "," and i not in used]
    if not commas:
        return None
    colon = next((i for i, t in enumerate(tokens) if t.norm in LEX.heading_marks), None)
    start = commas[0]
    while start > 0 and tokens[start - 1].kind in _ITEM_KINDS and start - 1 not in used:
        before = tokens[start - 1]
        alone = start == commas[0]  # "of a, b, c": an item of its own before the comma
        if (is_function(before.norm) or before.norm in LEX.range_starts) and not (
            _letter(before) or alone
        ):
            break  # "between red, green and blue"
        start -= 1
        if commas[0] - start == W.list_item_words:
            break
    items: list[list[int]] = [[]]
    end = start
    joins = {LEX.joins[0], *LEX.either_joins}
    for i in range(start, len(tokens)):
        tok = tokens[i]
        if i in used:
            break
        if tok.norm in joins and not items[-1]:
            continue  # "a, b, and c"
        if tok.norm == "," or tok.norm in joins:
            items.append([])
            continue
        if tok.kind not in _ITEM_KINDS:
            break
        if items[-1] and is_function(tok.norm) and not _letter(tok):
            break  # "tacos for dinner": its tail
        items[-1].append(i)
        end = i + 1
        if len(items[-1]) > W.list_item_words:
            return None
    items = [run for run in items if run]
    if len(items) > 1:  # the last item no longer than the longest before it: "Dave without
        longest = max(len(run) for run in items[:-1])  # repeats" is "Dave"
        items[-1] = items[-1][:longest]
        end = items[-1][-1] + 1
    after_colon = (
        colon is not None
        and colon < start
        and all(
            tokens[k].kind == "punct" or is_function(tokens[k].norm)
            for k in range(colon + 1, start)
        )
    )
    if len(items) < 3 and not (after_colon and len(items) == 2):
        return None
    said = [reading.text.slice(run) for run in items]
    span = list(range(start, end))
    if after_colon and colon is not None:
        span = list(range(colon, end))
    return said, span


def _letter(tok: Token) -> bool:
    """A capital letter or a capitalised word said as a name's part ("Song A", "New York"),
    never the pronoun "I"."""
    return tok.text[:1].isupper() and tok.text != "I"


def _numbers_in_a_row(reading: Request, used: set[int] | frozenset[int]) -> Said | None:
    """Three numbers or more said in a row, apart by spaces ("1 2 3 4 5")."""
    tokens = reading.text.tokens
    run: list[int] = []
    best: list[int] = []
    for i, tok in enumerate(tokens):
        if tok.kind == "number" and i not in used:
            run.append(i)
            if len(run) > len(best):
                best = list(run)
        else:
            run = []
    if len(best) < 3:
        return None
    return [tokens[i].text for i in best], best


def _numbers_joined(reading: Request, used: set[int] | frozenset[int]) -> Said | None:
    """Two whole numbers or more joined by commas or "and" ("4 and 6", "3, 6 and 9"), the
    request's one such run, for a list that takes numbers."""
    tokens = reading.text.tokens
    joins = {",", LEX.joins[0]}
    runs: list[list[int]] = []
    run: list[int] = []
    for i, tok in enumerate(tokens):
        if tok.kind == "number" and tok.norm.isdigit() and i not in used:
            if run and not all(tokens[k].norm in joins for k in range(run[-1] + 1, i)):
                runs.append(run)
                run = []
            run.append(i)
    runs.append(run)
    found = [r for r in runs if len(r) >= 2 and r[-1] - r[0] <= 2 * len(r)]
    if len(found) != 1:
        return None
    span = list(range(found[0][0], found[0][-1] + 1))
    return [tokens[i].text for i in found[0]], span


def listed_items(reading: Request, f: Fill, tool: ToolView) -> None:
    """The items a request lists, for the tool's one list of plain values."""
    param = list_param(tool)
    if param is None or param.name in f.args:
        return
    found = items_listed(reading, f.used)
    if found is None and _takes_numbers(param):  # "split it at positions 4 and 6": [4, 6]
        found = _numbers_joined(reading, f.used) or _number_alone(reading, f, tool)
        if found is not None and found[1][0] > 0:  # "positions", "index": its noun with it
            before = found[1][0] - 1
            if _names(param, reading.text.tokens[before]):
                found = found[0], [before, *found[1]]
    if found is None:
        return
    said, span = found
    numbers = _takes_numbers(param)
    values = [_value(x, numbers) for x in said]
    if param.type == "string":  # "pizza, sushi, tacos" for a comma-separated text
        f.set(param, ", ".join(map(str, values)), span, reading.text.slice(span))
    else:
        f.set(param, values, span, reading.text.slice(span))
    _how_many(reading, f, tool, min(span))


def _names(param: Param, tok: Token) -> bool:
    """Whether a word names the list ("index" for `indices`, "position" by its cluster)."""
    named = {singular(w) for w in param.words}
    noun = singular(tok.norm)
    return noun in named or bool(named & LEX.clusters.get(noun, frozenset()))


def _number_alone(reading: Request, f: Fill, tool: ToolView) -> Said | None:
    """One whole number for a list of numbers, when it is the request's one number left and no
    other parameter takes a number ("split abcdef at index 4": [4])."""
    tokens = reading.text.tokens
    said = [
        i
        for i, tok in enumerate(tokens)
        if tok.kind == "number" and i not in f.used and tok.norm.isdigit()
    ]
    others = [p for p in tool.params.values() if p.type in ("integer", "number")]
    if len(said) != 1 or others:
        return None
    return [tokens[said[0]].text], said


def _how_many(reading: Request, f: Fill, tool: ToolView, start: int) -> None:
    """How many of the items are asked for, said before them ("pick 3 of Ann, Ben, Cy, Di",
    "choose two from ..."), for the tool's one whole number that counts items ("k: Number of
    items to choose"): the one number said before the list."""
    counts = [
        p
        for p in tool.params.values()
        if p.type == "integer"
        and p.name not in f.args
        and (p.describe or p.own).startswith(LEX.count_leads)
    ]
    tokens = reading.text.tokens
    said = [
        (i, value)
        for i in range(start)
        if i not in f.used and (value := _whole(tokens[i].norm)) is not None
    ]
    if len(counts) == 1 and len(said) == 1:
        i, value = said[0]
        f.set(counts[0], value, [i], tokens[i].text)


def _whole(norm: str) -> int | None:
    """A whole number said in digits or in words ("3", "three")."""
    if norm.isdigit():
        return int(norm)
    value = LEX.number_words.get(norm)
    return value if isinstance(value, int) else None


def _value(said: str, numbers: bool) -> Any:
    text = said.strip().strip("'\"")
    number = number_of(text) if numbers else None
    return text if number is None else number


def number_of(text: str) -> int | float | None:
    """A number written in digits ("4", "2.5"), or None."""
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return None
