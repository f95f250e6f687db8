"""A value said by its name where a parameter takes it in a notation of its own ("what's the MW
of caffeine" for `molecular_weight_calculator(formula)`, whose examples are "H2O", "C6H12O6"):
the name is looked up first with the search of the same server that says it finds that
parameter's thing ("Look up a chemical compound by name ... A name resolves to its molecular
formula"), and the value its first match gives for that parameter is sent, never the name.
When no search says so, or none matches, the name stays and the server says what it makes of it
(or the question for the value is asked).

A name said where a parameter takes a code of capitals ("Newark" for `origin`, "The origin city
airport in three letters, such as 'JFK'") is looked up the same way in the one listing of the
server that takes nothing and lists the thing the parameter's words name (`list_all_airports`
for an "airport"): the item with a value of that name ("city": "Newark") gives its value in the
code's shape ("EWR"). A name no item or several have ("New York": JFK and LGA) is asked for."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from orchestrator.offline._items import items_of
from orchestrator.offline._lists import finder_param, lister_args
from orchestrator.offline._notation import fits_notation
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

if TYPE_CHECKING:
    from orchestrator.offline._lists import Listings
    from orchestrator.offline._phrase import Fill

__all__ = ["looked_up"]


def _finder(tool: ToolView, param: Param, tools: list[ToolView]) -> ToolView | None:
    """The one search of the tool's server whose description says it finds the parameter's
    thing (`formula`: "... resolves to its molecular formula")."""
    named = {singular(w) for w in param.words}
    found = [
        t
        for t in tools
        if t is not tool
        and t.server == tool.server
        and t.kind == "read"
        and finder_param(t) is not None
        and named <= {singular(w) for w in words_of(t.description)}
    ]
    return found[0] if len(found) == 1 else None


def _code_letters(tool: ToolView, param: Param) -> int | None:
    """How many capitals the codes a parameter's examples show have ("such as 'JFK'": 3), as
    written in its description or its line in the tool's (their case kept); else None."""
    own = re.search(rf"^\s*{re.escape(param.name)}\s*:\s*(.+)$", tool.description, re.M)
    for text in (str(param.schema.get("description") or ""), own.group(1) if own else ""):
        for lead in LEX.example_leads:
            at = text.lower().find(lead)
            if at < 0:
                continue
            example = re.match(r"\s*['\"`]?([A-Za-z]+)(?![\w-])", text[at + len(lead) :])
            if example and example.group(1).isupper() and 2 <= len(example.group(1)) <= 4:
                return len(example.group(1))
            break
    return None


def _lister(tool: ToolView, param: Param, tools: list[ToolView]) -> ToolView | None:
    """The one listing of the tool's server that needs nothing and lists a thing the
    parameter's description names (`list_all_airports`: "the origin city airport ...")."""
    said = {singular(w) for w in words_of(param.describe or param.own)} | set(param.words)
    found = [
        t
        for t in tools
        if t is not tool
        and t.server == tool.server
        and t.kind == "read"
        and not t.required
        and t.nouns & said
    ]
    return found[0] if len(found) == 1 else None


def _coded(
    f: Fill, tool: ToolView, tools: list[ToolView], lists: Listings
) -> tuple[ToolView, dict[str, Any]] | None:
    """Each name said where a code of capitals is due, replaced by the code its listing gives
    (see the module docstring); the listing to make first, else None."""
    for name, value in list(f.args.items()):
        param = tool.params.get(name)
        letters = _code_letters(tool, param) if param is not None else None
        if param is None or letters is None or not isinstance(value, str):
            continue
        if value.isalpha() and value.isupper() and len(value) == letters:
            continue  # ("JFK": a code as its examples are written)
        lister = _lister(tool, param, tools)
        if lister is None:
            continue
        args = lister_args(lister)
        items = lists.listed(lister, args)
        if items is None:
            return lister, args
        codes = {
            code
            for item in items_of_all(items)
            if any(isinstance(v, str) and v.lower() == value.lower() for v in item.values())
            for code in item.values()
            if isinstance(code, str) and code.isalpha() and code.isupper() and len(code) == letters
        }
        if len(codes) == 1:
            f.args[name] = codes.pop()
            f.evidence[name] = value
        else:  # no item has that name, or several do: asked for, never sent as it is
            f.misfits[name] = value
            del f.args[name]
    return None


def _a_name(value: str) -> bool:
    """Whether a value reads as a name, never as a code of a notation: words of letters, none
    with a capital inside ("caffeine", "acetic acid"; never "Cu2Zn", "NaCl")."""
    words = value.split()
    return 0 < len(words) <= _NAME_WORDS and all(
        w.isalpha() and not any(c.isupper() for c in w[1:]) for w in words
    )


def _after_of(value: str) -> str | None:
    """The words after the last "of" of a value the rest of a request gave ("heavy is a of
    ethanol": "ethanol"), or None."""
    words = value.split()
    at = max((k for k, w in enumerate(words) if w.lower() == LEX.of_word), default=None)
    if at is None or at + 1 == len(words):
        return None
    tail = words[at + 1 :]  # ("of glucose by mass": no name alone)
    return None if any(w.lower() in LEX.prepositions for w in tail) else " ".join(tail)


_NAME_WORDS = 3  # a name is a few words ("acetic acid"); more is a sentence, asked about


def looked_up(
    f: Fill, tool: ToolView, tools: list[ToolView], lists: Listings
) -> tuple[ToolView, dict[str, Any]] | None:
    """Each value of `f` said by a name where its parameter takes a notation, replaced by the
    one its search finds (see the module); the search to make first, when it is not made yet,
    else None."""
    listing = _coded(f, tool, tools, lists)  # "Newark" for `origin` ("such as 'JFK'"): EWR
    if listing is not None:
        return listing
    for name, value in list(f.args.items()):
        param = tool.params.get(name)
        if param is None or not param.required or not isinstance(value, str):
            continue
        if fits_notation(param, value) is not False:
            continue
        finder = _finder(tool, param, tools)
        query = finder_param(finder) if finder is not None else None
        if finder is None or query is None:
            continue
        named = _after_of(value)  # "heavy is a of ethanol" ("how heavy is a mole of ethanol")
        if not _a_name(value) and named is not None and _a_name(named):
            value = f.args[name] = named
        if not _a_name(value):  # "percent composition of glucose by mass": no name, no code
            if len(value.split()) > 1:  # (a code the examples do not show, "Ca(OH)2", sent)
                f.misfits[name] = value
                del f.args[name]
            continue
        args = {query.name: value}
        items = lists.listed(finder, args)
        if items is None:
            return finder, args
        found = next((i.get(name) for i in items_of_all(items) if i.get(name)), None)
        if isinstance(found, str):
            f.args[name] = found
            f.evidence[name] = value
        else:  # nothing found by that name: asked for, never sent as it is
            f.misfits[name] = value
            del f.args[name]
    return None


def items_of_all(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items of a search's result: the listing's, or the matches one item holds."""
    inner = [m for i in items for m in (items_of(i) or [])]
    return inner or items
