"""A record made of a list the user dictates, for a tool that makes one from its title and a
list of its items (`add_recipe(title, ingredients: [str], steps: [str])`, a packing list, a
shopping list): "add my grandma's pancake recipe: 200g flour, 2 eggs, 300ml milk, pinch of
salt; whisk and fry in butter" is a recipe of four ingredients, each as said, and one step.

The list opens after a colon, a full stop or a word that leads one (lexicon `ITEMS_LEADS`:
"with garlic, olive oil and parsley") and runs to a mark that ends it (`ITEMS_ENDS`) or the end
of the request; its items are the parts between commas, the last "and" one more. It is a list
only when a comma parts it and every word of it is free (no value took one). Each sentence
said after it, where the tool takes steps (`STEP_WORDS`), is one step as said, a value read
inside it ("simmer 30 min") the step's, not the record's; steps the tool needs and none said
are asked for. The title is what is left (`_fill._rest`): the words naming the
record, never its items. Items that are objects (`[{name, quantity, unit}]`) are filled by
`_measured_items` from the items said.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._measured_items import listed_items, takes_measured_items
from orchestrator.offline._phrase import Fill, text_of, trim
from orchestrator.offline._read import Request
from orchestrator.offline._schema import unwrap
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["dictated_items", "dictated_list"]


def _lists(tool: ToolView) -> tuple[Param | None, Param | None]:
    """The tool's list of items and its list of steps (None when it has none): the items a
    list of texts, for a tool that makes a record it names by a title, or of measured things
    (`_measured_items`); the steps a list of texts so named."""
    if tool.kind != "create":
        return None, None
    texts = [p for p in tool.role("list") if _of_texts(p)]
    steps = [p for p in texts if set(p.words) & LEX.step_words]
    items = [p for p in texts if p not in steps] if tool.role("title") else []
    if takes_measured_items(tool):
        items += [p for p in tool.role("objects") if _of_objects(p)]
    if len(items) != 1 or len(steps) > 1:
        return None, None
    return items[0], (steps[0] if steps else None)


def _of_texts(param: Param) -> bool:
    items = param.schema.get("items") or {}
    return param.type == "array" and items.get("type") == "string"


def _of_objects(param: Param) -> bool:
    return unwrap(param.schema.get("items") or {}).get("type") == "object"


def dictated_items(reading: Request, f: Fill, named: bool = False) -> list[list[int]]:
    """The items of the list the request dictates, each its tokens, in order; empty when it
    dictates none (module docstring); `named`: only a list said after words that may name the
    record ("add task: milk, eggs, bread" names none: no list of a record's items)."""
    tokens = reading.text.tokens
    opens = (*LEX.heading_marks, *LEX.items_ends)
    for i, tok in enumerate(tokens):
        if i in f.used or not (tok.norm in opens or tok.norm in LEX.items_leads):
            continue
        end = _end(reading, i + 1)
        span = range(i + 1, end)
        if not span or any(k in f.used for k in span):
            continue
        if named and not any(_naming(reading, f, k) for k in range(i)):
            continue
        items = _parts(reading, list(span))
        if len(items) >= 2 and any(tokens[k].norm in LEX.clause_breaks for k in span):
            return items
    return []


def _naming(reading: Request, f: Fill, k: int) -> bool:
    tok = reading.text.tokens[k]
    return k not in f.used and tok.kind == "word" and not is_function(tok.norm)


def _end(reading: Request, start: int) -> int:
    """The token after the last of a list or a sentence that starts at `start`."""
    tokens = reading.text.tokens
    k = start
    while k < len(tokens) and tokens[k].norm not in LEX.items_ends:
        k += 1
    return k


def _parts(reading: Request, span: list[int]) -> list[list[int]]:
    """The items of a list: its parts between commas, the last split once more at its join
    ("chili flakes and parsley"); none when one part is no more than function words."""
    tokens = reading.text.tokens
    parts: list[list[int]] = [[]]
    for k in span:
        if tokens[k].norm in LEX.clause_breaks:
            parts.append([])
        else:
            parts[-1].append(k)
    last = parts[-1]
    joins = [n for n, k in enumerate(last) if tokens[k].norm in LEX.name_joins]
    if len(parts) > 1 and len(joins) == 1:
        parts[-1:] = [last[: joins[0]], last[joins[0] + 1 :]]
    out = [trim(reading, part) for part in parts]
    if any(not part or all(is_function(tokens[k].norm) for k in part) for part in out):
        return []
    return out


def _steps(reading: Request, f: Fill, after: int) -> list[list[int]]:
    """The sentences said after the list, each one step: from the first free word after each
    mark that ends one, while one starts so."""
    tokens = reading.text.tokens
    out: list[list[int]] = []
    k = after
    while k < len(tokens) and tokens[k].norm in LEX.items_ends:
        start = k + 1
        end = _end(reading, start)
        words = trim(reading, range(start, end))
        if not words or words[0] in f.used or tokens[words[0]].kind != "word":
            break
        taken = {n for n in words if n in f.used}
        values = [name for name, span in f.spans.items() if span & taken]
        if any(not f.spans[name] <= set(words) for name in values):
            break  # a value read across the sentence's end: not the step's
        for name in values:  # "simmer 30 min": the step's time, not the record's
            f.args.pop(name, None)
            f.evidence.pop(name, None)
            f.spans.pop(name, None)
        out.append(words)
        k = end
    return out


def dictated_list(reading: Request, f: Fill, tool: ToolView) -> None:
    """The items of the list dictated, each as said, and the steps said after it, for the
    tool's lists of them (module docstring)."""
    items, steps = _lists(tool)
    if items is None or items.name in f.args:
        return
    said = dictated_items(reading, f, named=items.role != "objects")
    if not said:
        return
    if items.role == "objects":
        if not listed_items(reading, f, tool, said):
            return  # an item that does not read: the list is asked for
    else:
        used = [k for item in said for k in item]
        values = [text_of(reading, item) for item in said]
        f.set(items, values, used, ", ".join(values))
    if steps is None or steps.name in f.args:
        return
    found = _steps(reading, f, _end(reading, said[-1][-1] + 1))
    if found:  # none said: asked for, when the tool needs them
        used = [k for step in found for k in step]
        values = [text_of(reading, step) for step in found]
        f.set(steps, values, used, "; ".join(values))
