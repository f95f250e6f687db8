"""A new record's title, checked before the write: the maker a title carries ("Hyperion by Dan
Simmons") goes to the field for it, and a title the router cannot vouch for makes it ask. A
pronoun in it ("buy the sequel to it") stands for something not resolved; a title cut out of a
run of capitalised words ("Wind" of "The Name of the Wind") lost part of itself; a work's title
that mixes capitalised and lower-case words ("Tom recommended Hyperion") holds more than the
title; a title with no letter in it ("145") names nothing, nor does a record's id
("todo_id: todo_4w9a1vmnck", a UUID): an id picks a record, it never names a new one. Nothing
here knows a tool: the maker field is the one whose name is a maker word.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import say
from orchestrator.offline._nouns import noun_matches
from orchestrator.offline._read import Request, read
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["doubt", "maker_param", "secret_said", "split_maker"]

_OFFSET = re.compile(  # "buy bean seed 2 weeks before": before what? a day not read
    rf"\b(?:\d+|{'|'.join(LEX.number_words)})\s+(?:{'|'.join(LEX.offset_units)})"
    rf"\s+(?:{'|'.join(LEX.offset_sides)})$"
)
_POINTED_DAY = re.compile(  # "start drafting on that start date": which day? none was read
    rf"\b(?:{'|'.join(LEX.day_pointers)})\s+(?:[a-z]+\s+)?(?:{'|'.join(LEX.day_pointed)})\b"
)
_FRAGMENT = re.compile(  # a sentence ended ("empty."), then a word or two (no abbreviation)
    rf"[a-z]{{4,}}[{re.escape(''.join(LEX.sentence_ends))}]\s+\S+(?:\s+\S+)?\s*$"
)
_SLASH_DATE = re.compile(  # "pay rent 3/4", "call mum by 3/4 about it": a day? which?
    rf"(?:(?<![\d/.])\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?$"
    rf"|\b(?:{'|'.join(LEX.date_leads)})\s+\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?(?![\d/]))"
)


def maker_param(tool: ToolView) -> Param | None:
    """The text field for who made the thing (`author`, `artist`), if the tool has one."""
    return next(
        (
            p
            for p in tool.params.values()
            if p.type in ("string", None) and set(p.words) & LEX.maker_words
        ),
        None,
    )


def split_maker(args: dict[str, Any], tool: ToolView, reading: Request) -> None:
    """ "Hyperion by Dan Simmons" as the title, with a maker field left empty: the title is
    "Hyperion", the maker the name said after "by" (a capitalised name the request holds)."""
    maker = maker_param(tool)
    if maker is None or maker.name in args:
        return
    names = {str(v.value) for v in reading.typed("name")}
    for param in tool.role("title"):
        value = args.get(param.name)
        if not isinstance(value, str):
            continue
        found = _BY.match(value)
        if found and found.group(2) in names:
            args[param.name], args[maker.name] = found.group(1), found.group(2)
            return


def _named_before(value: str, pronoun: str) -> bool:
    """Whether a text names a thing, quoted or capitalised past its first word, before the
    pronoun that stands for it ("finished 'Piranesi', loved it")."""
    at = re.search(rf"\b{re.escape(pronoun)}\b", value, re.I)
    before = value[: at.start()] if at else ""
    return bool(re.search(r"['\"“‘][^'\"”’]+['\"”’]|(?<=\w\s)[A-Z][a-z]+", before))


def doubt(
    args: dict[str, Any],
    tool: ToolView,
    reading: Request,
    under_it: bool = False,
    taken: frozenset[int] = frozenset(),
) -> tuple[str, str] | None:
    """The text field of a new record the router cannot vouch for, and why (a message); None
    when every title and text it would write reads as one. A request that says "it" of a thing
    there is makes no new titled record, unless the record goes under it (`under_it`: "give it
    a subtask: ..."). `taken` are the tokens other fields' values came from ("Base Set" of
    "a Base Set Charizard": the set's name, so the card's starts after it)."""
    work = maker_param(tool) is not None
    for param in tool.role("title", "body"):
        value = args.get(param.name)
        if not isinstance(value, str) or not value.strip():
            continue
        said = words_of(value.lower())
        pronouns = LEX.person_pronouns if tool.nouns & LEX.person_nouns else frozenset()
        word = next((w for w in said if w in LEX.object_pronouns or w in pronouns), None)
        if secret_said(read(value)):  # "wifi password hunter2": never a todo's title
            return param.name, say("title_secret", name=param.name, value=value)
        titled = any(args.get(p.name) for p in tool.role("title"))  # "idempotent: ... run it":
        named = param.role == "body" and (titled or _named_before(value, word or ""))  # the term
        if word is not None and not named:
            # "buy the sequel to it": to what? "her sister Maria": who? (a text that names it
            # first says: "finished 'Piranesi', loved it")
            return param.name, say("stands_for", name=param.name, value=value, word=word)
        if param.role == "title" and reading.pronoun and not under_it:  # "put it straight in
            return param.name, say("title_unsure", name=param.name, value=value)  # todo": made
        if param.role == "title" and (_cut(value, reading, taken) or (work and _mixed(value))):
            return param.name, say("title_unsure", name=param.name, value=value)
        if param.role == "title" and (
            reading.dated_name or _unbalanced(value) or _listed(value, reading, tool)
        ):
            return param.name, say("title_unsure", name=param.name, value=value)  # a name
        if param.role == "title" and _remark_in_name(value, tool):  # "Dr. Weber (dentist)"
            return param.name, say("title_unsure", name=param.name, value=value)
        if param.role == "title" and len(args) == 1 and _only_its_noun(said, tool):  # "open
            # a ticket": nothing said of it but its kind
            return param.name, say("title_unsure", name=param.name, value=value)
        if param.role == "title" and _FRAGMENT.search(value):  # "... left empty. thats": a
            return param.name, say("title_unsure", name=param.name, value=value)  # sentence's
            # last words, the rest of it read as other values
        if param.role == "title" and _OFFSET.search(value.lower()):  # "2 weeks before"
            return param.name, say("title_unsure", name=param.name, value=value)
        if param.role == "title" and _POINTED_DAY.search(value.lower()):
            return param.name, say("title_unsure", name=param.name, value=value)
        if param.role == "title" and _SLASH_DATE.search(value):  # "pay rent 3/4": a date in
            return param.name, say("title_unsure", name=param.name, value=value)  # doubt
        if param.role == "title" and value.strip().lower() in LEX.number_words:  # "add two
            return param.name, say("title_unsure", name=param.name, value=value)  # terms: ...":
            # a count, never a name
        if param.role == "title" and not any(c.isalpha() for c in value):  # "make that 145":
            return param.name, say("title_unsure", name=param.name, value=value)  # no name
        if param.role in ("title", "body") and _an_id(value.strip(), tool):  # an id: of a
            return param.name, say("title_an_id", name=param.name, value=value)  # record
        if param.role == "title" and not reading.action.colon and _repeats(said):
            return param.name, say("title_unsure", name=param.name, value=value)  # "every
    return None  # monday to take out the trash": a repetition no parameter took


def _only_its_noun(words: list[str], tool: ToolView) -> bool:
    """Whether a title says nothing but the kind of record it is ("ticket" for an issue)."""
    content = [w for w in words if not is_function(w)]
    return bool(content) and all(
        singular(w) in LEX.generic_nouns or any(noun_matches(w, n) for n in tool.nouns)
        for w in content
    )


def secret_said(reading: Request) -> bool:
    """Whether a request (or a text read as one) says a secret's value: a word of a secret
    (lexicon `SECRET_WORDS`) and, after it, a word with a digit in it ("my bank pin 0000",
    "password: hunter2", "token sk-test-1")."""
    tokens = reading.text.tokens
    at = next((k for k, t in enumerate(tokens) if t.norm in LEX.secret_words), None)
    return at is not None and any(
        t.kind not in ("punct", "quoted", "date", "time") and any(c.isdigit() for c in t.text)
        for t in tokens[at + 1 :]
    )


def _listed(value: str, reading: Request, tool: ToolView) -> bool:
    """Whether a list is one title where the request names its records in the plural ("add
    todos: call mom, pay rent and water the plants", not made a record each): one or several?"""
    at = reading.text.original.lower().find(value.lower())
    plural = any(  # said before the title ("jot down: retro, bring sticky notes" is one note)
        t.norm != singular(t.norm) and singular(t.norm) in tool.nouns and t.end <= max(at, 0)
        for t in reading.text.tokens
    )
    joins = [f" {j} " for j in LEX.list_joiners if j != ","]
    return plural and ("," in value or any(j in f" {value.lower()} " for j in joins))


def _remark_in_name(value: str, tool: ToolView) -> bool:
    """Whether a person's name holds a remark in brackets ("Dr. Weber (dentist)") where the
    record has a field of its own for what more is said of them (notes, tags): that field's,
    or the name's? (A todo's title keeps its brackets: "read chapter 3 (pages 40-55)".)"""
    if not tool.nouns & LEX.person_nouns or not any(a in value for a, _ in LEX.bracket_pairs):
        return False
    return any(p.role in ("body", "list") for p in tool.params.values())


def _unbalanced(value: str) -> bool:
    """Whether a bracket the title opens is not closed, or one it closes not opened ("read
    chapter 3 (pages 40-55" of "... (pages 40-55 tomorrow)"): part of it went elsewhere."""
    return any(value.count(a) != value.count(b) for a, b in LEX.bracket_pairs)


def _repeats(words: list[str]) -> bool:
    """Whether the words say a time that comes again ("every monday", "each morning")."""
    return any(a in LEX.repeat_leads and b in LEX.repeat_units for a, b in pairwise(words))


def _cut(value: str, reading: Request, taken: frozenset[int] = frozenset()) -> bool:
    """Whether the title starts inside a run of capitalised words the request says ("Wind" of
    "add The Name of the Wind"): it and the word before it, past function words, are
    capitalised, and that word is not the request's first word, nor another field's value."""
    text = reading.text.original
    at = text.find(value)
    if at <= 0:
        return False
    ahead = [i for i, t in enumerate(reading.text.tokens) if t.end <= at]
    if ahead and ahead[-1] in taken:  # "a Base Set Charizard": the set's name, then the card's
        return False
    before = text[:at].split()
    while before and is_function(before[-1].lower()):
        before.pop()
    if len(before) < 2:  # nothing before, or only the request's first word
        return False
    last, first = before[-1].strip("\"'“”‘’"), value.split()[0]
    return (
        _title_case(last)
        and _title_case(first)
        and re.split(r"['’]", last.lower())[0] not in LEX.self
    )


def _title_case(word: str) -> bool:
    """A capitalised word that is not all capitals ("Wind", not "TODO" or a shouted request)."""
    return word[:1].isupper() and not word.isupper()


def _mixed(value: str) -> bool:
    """A work's title holding capitalised and lower-case words that are not function words
    ("Tom recommended Hyperion"): a sentence about the work, not its title."""
    words = [w for w in value.split() if w[:1].isalpha()]
    upper = [w for w in words[1:] if w[:1].isupper()]
    lower = [w for w in words if w[:1].islower() and not is_function(w.lower())]
    return bool(upper) and bool(lower)


# A record's id as servers make them: a UUID, a long hex string, a prefix and an underscore
# before letters and digits ("todo_4w9a1vmnck", "task_01HF3K...").
_ID = re.compile(
    r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{16,}"
    r"|[A-Za-z]+_(?=[A-Za-z]*\d)[A-Za-z0-9]{6,}",
    re.I,
)
_OWN_ID = re.compile(r"([A-Za-z]+)_[A-Za-z0-9]{6,}")  # "todo_kvzhbisacx": all letters too


def _an_id(value: str, tool: ToolView) -> bool:
    """Whether a title is a record's id (`_ID`), or the tool's own noun, an underscore and a
    run of letters or digits ("todo_kvzhbisacx" for `create_todo`: "todo_id: todo_kvzhbisacx"
    made a todo so titled, one id in 25 of all letters)."""
    if _ID.fullmatch(value):
        return True
    own = _OWN_ID.fullmatch(value)
    return own is not None and singular(own.group(1).lower()) in tool.nouns


_BY = re.compile(rf"^(.+?)\s+(?:{'|'.join(LEX.made_by)})\s+(\S.*)$", re.I)
