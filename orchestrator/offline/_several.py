"""Several records in one request: "add three todos: buy milk, call mum and pay the rent", "add
these to my list:" with an item a line. Each item is read as a request of its own (the words
before the colon, the count left out and the noun made singular, then the item: "add todo: buy
milk") and the records are written one a turn, in the order said.

Only when it is safe: the count said matches the items (or, with no count, "these" opens items
a line each), and every item alone would be written at once by the same tool that makes a
record, with no question and no listing first, and each item names its own record (not the
one name said before the colon, over items that are its text). Otherwise the request is left
whole, and is then asked about as one request.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import call_failure, describe_result
from orchestrator.offline._plan import Planner
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import CallTool, Conversation, Done, Refuse, Step
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["one_a_turn", "plural_noun", "several_step", "split_several"]


def split_several(text: str) -> tuple[str, ...] | None:
    """Each item's request, when `text` makes several records of one kind; else None."""
    head, colon, tail = text.partition(":")
    words = head.split()
    if not colon or not tail.strip() or not words:
        return None
    lines = [_unbulleted(line) for line in tail.splitlines() if line.strip()]
    count, at = _count(words)
    marker = _marker(words)
    if count is not None and at + 1 == len(words) and marker is not None and marker[1] == at:
        items = lines if len(lines) > 1 else _items(tail, count)  # "add these 3: a, b, c"
        rest = words[: marker[0]]
        if len(items) != count:
            return None
    elif count is not None and at + 1 < len(words):
        items = lines if len(lines) > 1 else _items(tail, count)
        noun = singular(words[at + 1].lower())
        kind = [] if noun in LEX.generic_nouns else [noun]  # "add 3 things to my list:": no
        rest = [*words[:at], *kind, *words[at + 2 :]]  # kind of record of their own
        if is_function(noun):  # "add these 3 to my glossary: a, b, c": no noun at all
            rest = [*words[: marker[0] if marker is not None else at], *words[at + 1 :]]
        if len(items) != count:
            return None
    elif marker is not None:
        if len(lines) < 2:
            return None
        after = [singular(w.lower()) for w in words[marker[1] : marker[1] + 1]]
        items, rest = lines, [*words[: marker[0]], *after, *words[marker[1] + 1 :]]
    else:
        one = plural_noun(text)
        if one is None:
            return None
        items = lines if len(lines) > 1 else _items(tail, 0)
        joiners = [f" {j} " for j in LEX.list_joiners if j != ","]
        if len(items) < 2 or any(j in f" {items[-1].lower()} " for j in joiners):
            return None  # "todos: a, b and c": "b and c" one item or two? Asked whole
        rest = [*words[:-1], one]
    if any(not item for item in items):
        return None
    lead = " ".join(rest)
    return tuple(f"{lead}: {item}" for item in items)


def plural_noun(text: str) -> str | None:
    """ "add todos: a, b, c": the plural noun that ends the words before the colon, made
    singular, when there is no count nor "these"; else None."""
    head, colon, _ = text.partition(":")
    words = head.split()
    if not colon or not words or _count(words)[0] is not None or _marker(words) is not None:
        return None
    said = words[-1].lower()
    one = singular(said)
    return one if one != said and said.isalpha() else None


def _count(words: list[str]) -> tuple[int | None, int]:
    """The number of records said before the colon ("three", "2") and where it is."""
    for at, word in enumerate(words):
        norm = word.lower()
        value = int(norm) if norm.isdigit() else LEX.number_words.get(norm)
        if value is not None and value > 1:
            return value, at
    return None, -1


def _marker(words: list[str]) -> tuple[int, int] | None:
    """Where "these" ("the following") stands among the words before the colon."""
    norms = [w.lower() for w in words]
    for phrase in LEX.several_markers:
        said = phrase.split()
        for at in range(len(norms) - len(said) + 1):
            if norms[at : at + len(said)] == said:
                return at, at + len(said)
    return None


def _items(tail: str, count: int) -> list[str]:
    """The items of a list on one line: by commas, the last pair by a joining word ("a, b and
    c"), a joining word opening an item left out."""
    joiners = [j for j in LEX.list_joiners if j != ","]
    items = [_unjoined(part.strip(), joiners) for part in tail.split(",")]
    if len(items) < count and items:
        last = items[-1]
        for joiner in joiners:
            before, sep, after = last.rpartition(f" {joiner} ")
            if sep:
                items[-1:] = [before.strip(), after.strip()]
                break
    return [item.strip().rstrip(".!") for item in items]


def _unjoined(item: str, joiners: list[str]) -> str:
    for joiner in joiners:
        if item.lower().startswith(f"{joiner} "):
            return item[len(joiner) + 1 :].strip()
    return item


def _unbulleted(line: str) -> str:
    line = line.strip()
    for bullet in LEX.bullets:
        if line.startswith(bullet):
            return line[len(bullet) :].strip()
    return line


def several_step(
    conv: Conversation, tools: Sequence[ToolView], read_one: Callable[[str], Request]
) -> Step | None:
    """This turn's step for a request that makes several records, or None to read it whole:
    the next record's call, or, all made (or one failed), the answer."""
    parts = split_several(conv.request)
    if parts is None:
        return None
    steps: list[CallTool] = []
    for part in parts:
        step = Planner(read_one(part), list(tools), (), conv.earlier).next()
        if not isinstance(step, CallTool):
            return None
        steps.append(step)
    names = {step.tool for step in steps}
    tool = next((t for t in tools if t.name in names), None)
    if len(names) != 1 or tool is None or tool.kind != "create":
        return None
    for title in tool.role("title"):  # "write down meeting notes: budget approved, hire 2
        if len({str(step.arguments.get(title.name)) for step in steps}) == 1:  # devs": the
            return None  # items are one record's text, its name said once
    noun = plural_noun(conv.request)
    if noun is not None and noun not in tool.nouns:  # "buy groceries: ...": no record's name
        return None
    return one_a_turn(conv, tool, steps)


def one_a_turn(conv: Conversation, tool: ToolView, steps: Sequence[CallTool]) -> Step | None:
    """The next of `steps` (calls of `tool`, one a turn) after the calls made so far, or, all
    made (or one failed), the answer saying each; None when a call of another tool was made."""
    if any(c.name != tool.name or not c.done for c in conv.calls):
        return None
    made = list(conv.calls)
    failed = [c for c in made if call_failure(tool, c.status, c.output) is not None]
    if len(made) < len(steps) and not failed:
        return steps[len(made)]
    text = "\n".join(describe_result(tool, c.arguments, c.status, c.output) for c in made)
    return Refuse(text) if failed else Done(text)  # `{"error": ...}`: not done
