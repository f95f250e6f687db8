"""Text added to an item's text: "add perfume to the gift ideas note" is a change of the note
named after "to", whose text (`body`, which the change replaces whole) keeps what it holds and
gains "perfume", joined as its entries already are ("scarf, cookbook" -> "scarf, cookbook,
perfume"). Nothing is written without the item's current text, read from its listing.

A tool that appends itself (`append_to_entry(path, text)`) takes the added text alone: "add
"slept 8 hours" to the sleep entry" is its `text`, and "sleep entry" the record it is added to
(`text_appended`).
"""

from __future__ import annotations

from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "added_text",
    "added_to_record",
    "appended",
    "appends",
    "names_a_record",
    "text_appended",
]


def names_a_record(reading: Request, kept: list[int], nouns: frozenset[str] = frozenset()) -> bool:
    """Whether the words a new record would take as its title name a record already made:
    "to the birthday present item", "into my reading one" (after "to" and "the" or "my", ending
    in a generic noun). "add the @store context to the birthday present item" adds to that
    item; it had made a todo "birthday present item"."""
    tokens = reading.text.tokens
    last = tokens[kept[-1]].norm if kept else ""
    if not kept or kept[0] < 2 or not (_record_noun(last) or singular(last) in nouns):
        return False
    before, lead = tokens[kept[0] - 1].norm, tokens[kept[0] - 2].norm
    return before in LEX.target_determiners and lead in LEX.added_to


def added_to_record(reading: Request, nouns: frozenset[str] = frozenset()) -> bool:
    """Whether a request said with a verb of making ends "to the Y item" (`names_a_record`; or
    "to the Y page", of `nouns`, those a tool that appends to a record names): a change of that
    item, not a new one."""
    tokens = reading.text.tokens
    words = [i for i, t in enumerate(tokens) if t.kind != "punct"]
    for n, i in enumerate(words[:-2]):
        if tokens[i].norm in LEX.added_to and tokens[words[n + 1]].norm in LEX.target_determiners:
            named = words[n + 2 :]
            return len(named) > 1 and names_a_record(reading, named, nouns)
    return False


def _record_noun(word: str) -> bool:
    """A noun for a record of any kind ("item", "entry", "one"), not a place that holds them
    ("add milk to the shopping list" makes an item of that list)."""
    return word in LEX.generic_nouns and word not in LEX.container_words


def added_text(reading: Request, tool: ToolView, f: Fill) -> tuple[Param, str] | None:
    """For a change of an item's one text, asked with a verb of making ("add X to the Y
    note"): the text parameter and X, the reference cut to Y; None otherwise."""
    bodies = tool.role("body")
    ident = tool.identifier
    if reading.action.linked:  # "add guest checkout to the X epic": a story, maybe, no text
        return None
    if (
        tool.kind != "update"
        or reading.action.kind != "create"
        or len(bodies) != 1
        or bodies[0].name in f.args
        or ident is None
    ):
        return None
    tokens = reading.text.tokens
    if ident.name in f.args:
        return _added_to_named(reading, f, bodies[0], sorted(f.spans.get(ident.name, ())))
    cuts = [n for n, i in enumerate(f.reference_tokens) if tokens[i].norm == LEX.pair_words[1]]
    if len(cuts) != 1:
        return None
    said = f.reference_tokens[: cuts[0]]
    named = trim(reading, f.reference_tokens[cuts[0] + 1 :])
    if not named or not any(not is_function(tokens[i].norm) for i in said):
        return None
    f.reference, f.reference_tokens = reading.text.slice(named).strip(" ,;"), named
    return bodies[0], text_of(reading, said)


def appends(tool: ToolView) -> bool:
    """Whether the tool adds text to a record's own (`append_to_entry`), by its verb."""
    return (tool.verb or tool.name_verb) in LEX.append_verbs


def text_appended(reading: Request, tool: ToolView, f: Fill) -> None:
    """For a tool that appends to a record's text (its verb of that group), asked "add X to the
    Y entry": X for its one text, and Y the record it names (see the module docstring)."""
    bodies = tool.role("body")
    ident = tool.identifier
    if not appends(tool) or len(bodies) != 1 or ident is None:
        return
    if bodies[0].name in f.args or ident.name in f.args:
        return
    tokens, kept = reading.text.tokens, f.reference_tokens
    if not kept:
        return
    cuts = [i for i in range(kept[0], kept[-1] + 1) if tokens[i].norm in LEX.added_to]
    if len(cuts) != 1:
        return
    said = trim(reading, [i for i in kept if i < cuts[0]])
    named = trim(reading, [i for i in kept if i > cuts[0]])
    if not said or not named or not any(not is_function(tokens[i].norm) for i in said):
        return
    f.set(bodies[0], text_of(reading, said), said, reading.text.slice(said))
    f.reference, f.reference_tokens = reading.text.slice(named).strip(" ,;"), named


def _added_to_named(
    reading: Request, f: Fill, body: Param, span: list[int]
) -> tuple[Param, str] | None:
    """ "add toothpaste to my packing list note", the note's name found among the listed ones
    (`span`): the words said before the "to" that comes right before that name."""
    tokens = reading.text.tokens
    if not span:
        return None
    tos = [i for i in range(span[0]) if tokens[i].norm == LEX.pair_words[1]]
    cut = tos[-1] if tos else None  # "to my packing list note": only "my" between
    if cut is None or any(not is_function(tokens[i].norm) for i in range(cut + 1, span[0])):
        return None
    said = trim(reading, [i for i in range(cut) if i not in f.used])
    if not said or not any(not is_function(tokens[i].norm) for i in said):
        return None
    if any(i in f.used for i in range(said[0], said[-1] + 1)):
        return None  # words another value took in between: not one text
    f.used.update([*said, cut])
    return body, text_of(reading, said)


def appended(current: Any, added: str) -> str | None:
    """`current` with `added` after it, joined as its entries are (a line, "; " or ", "); None
    when there is no current text to keep."""
    if not isinstance(current, str):
        return None
    if not current.strip():
        return added
    joint = next((j for j in LEX.text_joints if j in current), LEX.text_joints[0])
    return f"{current.rstrip()}{joint}{added}"
