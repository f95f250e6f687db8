"""The kind of record a write says it makes, and the container it says the thing goes into,
each named by a tool's own noun: "save the pancake recipe link ... as a snippet" makes a
snippet, whatever the link's words name besides ("recipe"); "store my PSA account password as a
secret" a secret, never a card of the PSA tools'; "add eggs to the pantry, 12" goes into the
pantry, not into a new recipe or snippet whose tools share no more than the verb "add".

The kind follows a lead and an article (lexicon `KIND_LEADS`, `KIND_ARTICLES`: "as a"), the
container a lead and a determiner (`CONTAINER_LEADS`, `TARGET_DETERMINERS`: "to the", "in my"),
each a phrase of a few words up to a mark or another preposition, its words that name no kind
of thing apart ("list" of "my todo list": lexicon `GENERIC_NOUNS`). Said in a request to make
something, each weighs for the writes whose own nouns name it (`_choose.rank`), where it tells
them apart: not where another write says it too where its description says what it is for
("to my todo list" for `create_todo` beside `add_line`, "Add a todo line to the todo file": two
kinds of todo, asked about as before; a shopping list's "subtracts items already in the
pantry", further down, tells nothing). What the request's other words name counts as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from orchestrator.offline._account import is_function
from orchestrator.offline._contained import container_of
from orchestrator.offline._nouns import noun_strength, place_tokens_at_end
from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "in_own_container",
    "in_place_said",
    "kinds_named",
    "named_after",
    "put_into",
    "to_do_kind",
]

_PHRASE_WORDS = 3  # words a kind or a container is said in: "as a fleeting note"


def named_after(
    reading: Request, leads: Sequence[str] | frozenset[str], openers: Sequence[str] | frozenset[str]
) -> list[int]:
    """The words of each phrase after the request's verb that opens with one of `leads` and
    one of `openers` ("as a", "to the"), up to a mark, a preposition or a join."""
    tokens = reading.text.tokens
    verb = reading.action.tokens
    if not verb:
        return []
    found: list[int] = []
    for i in range(max(verb) + 1, len(tokens) - 2):
        if tokens[i].norm not in leads or tokens[i + 1].norm not in openers:
            continue
        k = i + 2
        while (
            k < len(tokens)
            and k - i - 2 < _PHRASE_WORDS
            and tokens[k].kind == "word"
            and tokens[k].norm not in LEX.prepositions
            and tokens[k].norm not in LEX.joins
        ):
            found.append(k)
            k += 1
    return found


@lru_cache(maxsize=1024)
def _opening(description: str) -> frozenset[str]:
    """The words, singular, of the description's first paragraph: what the tool is for."""
    first = re.split(r"\n\s*\n", description.strip(), maxsplit=1)[0]
    return frozenset(singular(w) for w in words_of(first))


def kinds_named(reading: Request, tools: list[ToolView]) -> dict[str, float]:
    """Each write whose own noun the request says as the kind it makes or the container it
    goes into, with what that weighs (see the module docstring)."""
    if reading.action.kind != "create":
        return {}
    tokens = reading.text.tokens
    headed = list(range(min(reading.action.tokens))) if reading.action.heading else []
    said = (
        (named_after(reading, LEX.kind_leads, LEX.kind_articles), W.kind_named),
        (named_after(reading, LEX.container_leads, LEX.target_determiners), W.container_named),
        ([*headed, *reading.action.tokens[:1]] if headed else [], W.container_named),
    )
    writes = [t for t in tools if t.kind in ("create", "update")]
    out: dict[str, float] = {}
    for found, weight in said:
        named: set[str] = set()  # (once a phrase: "as a secret note")
        for word in {singular(tokens[k].norm) for k in found} - LEX.generic_nouns:
            owners = [t for t in writes if any(noun_strength(word, n) == 1 for n in t.own_nouns)]
            if not owners and word in LEX.own_list_nouns:  # "as a low prio task", where no
                owners = [t for t in writes if LEX.own_list_first in t.own_nouns]  # tool keeps
                # tasks: the todo's
            owners += [t for t in writes if word in _container_words(t)]  # "Dreams folder: X"
            if any(t not in owners and word in _opening(t.description) for t in writes):
                continue  # "Add a todo line to the todo file": it tells no todo tool apart
            named.update(t.name for t in owners)
        for name in named:
            out[name] = out.get(name, 0.0) + weight
    return out


def in_own_container(reading: Request, kept: Sequence[int]) -> bool:
    """Whether the words `kept` for a new record's text all lie in the container the request
    puts it in, said as a place of the user's own ("save <url> to my bookmarks bar": "bar"):
    a place, never what the record is called (so it is asked for)."""
    into = named_after(reading, LEX.container_leads, LEX.own_list_owners)
    return bool(kept) and set(kept) <= set(into)


def in_place_said(reading: Request, kept: Sequence[int]) -> bool:
    """Whether the words `kept` for a new record's text all lie in the place the request's
    last words name ("save my bank pin 0000 in the vault": "vault"): a place, never what the
    record is called."""
    place = place_tokens_at_end(reading)
    return bool(kept and place) and set(kept) <= set(place)


def to_do_kind(reading: Request, tool: ToolView, nouns: list[int]) -> list[int]:
    """The word of a thing to do said as the kind a todo is made as ("add 'X' as a low prio
    task" for `create_todo`): the record's noun, never a word of its text."""
    if LEX.own_list_first not in tool.nouns:
        return []
    tokens = reading.text.tokens
    found = [
        k
        for k in named_after(reading, LEX.kind_leads, LEX.kind_articles)
        if k not in nouns and singular(tokens[k].norm) in LEX.own_list_nouns
    ]
    action = reading.action
    if reading.action.kind != "create" or not action.tokens:
        return found
    k = action.tokens[-1] + 1  # "add a task to water the plants", "new task: buy milk"
    while k < len(tokens) - 1 and tokens[k].norm in LEX.articles_new:
        k += 1
    valued = k  # "add low prio task clean out garage": the values of its choices before it
    while valued < len(tokens) - 1 and _choice_word(tokens[valued].norm, tool):
        valued += 1
    if k + 1 < len(tokens) and k not in nouns and singular(tokens[k].norm) in LEX.own_list_nouns:
        if tokens[k + 1].norm in LEX.heading_marks or tokens[k + 1].norm in LEX.added_to:
            found.append(k)
    elif (
        valued > k
        and valued + 1 < len(tokens)
        and valued not in nouns
        and singular(tokens[valued].norm) in LEX.own_list_nouns
        and tokens[valued + 1].kind == "word"
        and tokens[valued + 1].norm not in LEX.list_words
    ):
        found.append(valued)
    return found


def _choice_word(word: str, tool: ToolView) -> bool:
    """Whether `word` is a value of one of the tool's choices ("low") or its name, said whole or
    cut short ("priority", "prio")."""
    for param in tool.params.values():
        if not param.enum:
            continue
        if word in {str(v).lower() for v in param.enum}:
            return True
        if any(len(word) >= 3 and w.startswith(word) for w in param.words):
            return True
    return False


def _container_words(tool: ToolView) -> tuple[str, ...]:
    """The words of the container a write puts its records in (`folder`), if it has one."""
    param = container_of(tool)
    return param.words if param is not None else ()


def put_into(reading: Request, f: Fill, tool: ToolView) -> None:
    """The words the verb acts on, up to the container said as the tool's own noun, for its one
    required label nothing filled (see the module docstring)."""
    labels = [p for p in tool.required if p.role == "label"]
    if tool.kind not in ("create", "update") or len(labels) != 1 or labels[0].name in f.args:
        return
    if set(labels[0].words) & (LEX.id_words | LEX.number_field_words):
        return  # a `cert_number`, a `sku_id`: no words of a thing's name
    if any(p.name not in f.args for p in tool.required if p is not labels[0]):
        return
    into = named_after(reading, LEX.container_leads, LEX.target_determiners)
    if not set(into) & f.nouns or reading.action.kind != "create":
        return
    tokens = reading.text.tokens
    if any(
        k not in f.used and tokens[k].kind != "punct" for k in range(max(into) + 1, len(tokens))
    ):
        return  # "..., I think it'll rise after rotation": words after it no value took
    words: list[int] = []
    for k in range(max(reading.action.tokens) + 1, min(into) - 2):  # up to "to the"
        if k in f.used or tokens[k].kind not in ("word", "quoted") or tokens[k].norm in LEX.joins:
            return  # "add milk, 2 liters, to ...", "milk and eggs": not one thing's name alone
        words.append(k)
    while words and is_function(tokens[words[0]].norm):
        words.pop(0)
    if all(singular(tokens[k].norm) in tool.nouns | LEX.generic_nouns for k in words):
        return  # "add a card to my collection": the kind of thing, no name of one
    if words:
        f.set(labels[0], text_of(reading, words), words, reading.text.slice(words))
