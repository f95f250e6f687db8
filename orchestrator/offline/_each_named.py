"""Several existing records named by their titles, for a tool that takes a list of their ids
(`generate_shopping_list(recipe_ids: [int])`): "make me a shopping list for the tomato soup and
the pancakes" names two recipes, "tomato soup" and "pancakes"; each is looked up by its title
in the listing of them (`_references`), and the list holds their ids, in the order said.

The names are the words the request leaves (`Fill.references`), parted at commas and joins,
each trimmed of its function words, words only (no number, no value of a type); they are read
only where the tool makes or reads (a change or a deletion acts on one record at a time), takes
no text those words could be (a title, a body, a query), and its list of ids is still empty. A
name that finds no record, or several, is asked about: the list is never sent with a guess in
it.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill, free_tokens, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["each_named", "ids_list"]

_ONE_AT_A_TIME = ("update", "delete")  # kinds that act on one record a request (`_bulk`)


def ids_list(tool: ToolView) -> Param | None:
    """The tool's identifier when it is a list of ids (`recipe_ids`), else None."""
    ident = tool.identifier
    if ident is None or ident.type != "array" or not set(ident.words) & LEX.id_words:
        return None
    return ident


def each_named(reading: Request, f: Fill, tool: ToolView) -> None:
    """The records the words left name, each by its title (module docstring)."""
    ident = ids_list(tool)
    if ident is None or ident.name in f.args or f.reference or tool.kind in _ONE_AT_A_TIME:
        return  # a change or a deletion: one record at a time (`_bulk`)
    if any(p.name not in f.args for p in tool.role("title", "body", "query")):
        return
    tokens = reading.text.tokens
    free = free_tokens(reading, f)
    content = [i for i in free if tokens[i].kind != "punct" and not is_function(tokens[i].norm)]
    if not content or any(k in f.used for k in range(content[0], content[-1] + 1)):
        return  # words apart from each other: not one list of names
    parts: list[list[int]] = [[]]
    for k in range(content[0], content[-1] + 1):
        if tokens[k].norm in LEX.name_joins or tokens[k].norm in LEX.clause_breaks:
            parts.append([])
        else:
            parts[-1].append(k)
    names = [trim(reading, part) for part in parts]
    valued = {k for value in reading.values if value.kind != "name" for k in value.tokens}
    if any(
        not name or any(tokens[k].kind != "word" or k in valued for k in name) for name in names
    ):
        return  # a name holds words only: "the Charizard cost to 275" names no record
    f.references = [text_of(reading, name) for name in names]
    f.reference = ", ".join(f.references)
    f.reference_tokens = [k for name in names for k in name]
    f.used.update(range(content[0], content[-1] + 1))
    f.used.update(k for k in free if k < content[0] and is_function(tokens[k].norm))
