"""What a pronoun points back at, across turns: "add a note to it", "and give it a subtask",
"add the note that her birthday is on 3 March" act on a record an earlier request made,
changed or showed, never on a new one somewhere else.

A pronoun points back when nothing before it in the request could be what it stands for: a
record's pronoun ("it", "them", lexicon `RECORD_PRONOUNS`) when only the verb, function words,
the words of the tools (a kind of record, a field) and dates come before it, or a word
that makes it where the request acts ("to it", "under it", `POINTED_AFTER`); a person's ("her",
"he", `PERSON_PRONOUNS`) when no name and no word for a person ("grandma", `KIN_WORDS`) comes
before it. It points at the latest call's record, or for a person's pronoun the latest call
about a person (a contact made, a meeting with someone logged), failed or not.

A new record that goes under it or links to it (its id among the arguments) acts on it; so does
a person's new record on the server that holds them (a task asked of the user in the meeting
logged with her). Any other new record goes elsewhere: the planner changes the record pointed
at instead, or asks (`_plan.Planner`). A person's pronoun with no person before it is asked
about where the tools keep people (who is "her"?), never written into a record of another kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import say
from orchestrator.offline._ask import ask_pointed, ask_unsaid
from orchestrator.offline._earlier import made_record
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import VERBS, Param, ToolView
from orchestrator.offline._types import Ask, CallTool, Done, ListFirst, MadeCall, Step
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "Pointed",
    "about_people",
    "elsewhere",
    "just_made",
    "name_pointed",
    "named_key",
    "pointed",
    "pointed_step",
]

# The roles of parameters that hold people: a call that fills one is about a person.
_PERSON_ROLES = ("person", "people", "first_name", "last_name")


@dataclass(frozen=True)
class Pointed:
    """A pronoun of the request (its token `at`) that points back at `call`'s record (`tool`
    made it, when that tool is still offered); `call` is None when nothing before has one."""

    at: int
    person: bool
    call: MadeCall | None
    tool: ToolView | None

    @property
    def record(self) -> str | int | None:
        """The id of the record pointed at, where its call made or showed one."""
        return made_record(self.call) if self.call is not None else None


def pointed(
    reading: Request, tools: Sequence[ToolView], earlier: Sequence[MadeCall]
) -> Pointed | None:
    """The request's first pronoun, when it points back (see the module docstring)."""
    tokens = reading.text.tokens
    by_name = {t.name: t for t in tools}
    for i, tok in enumerate(tokens):
        if tok.kind != "word" or i in reading.action.tokens:
            continue
        person = tok.norm in LEX.person_pronouns
        if not person and tok.norm not in LEX.record_pronouns:
            continue
        if person and _named_before(reading, i):
            return None  # "call Ana, her number is ...": Ana's
        if not person and not _unbound(reading, tools, i):
            return None  # "fix the bike, it squeaks": the bike
        call = _antecedent(earlier, by_name, person)
        return Pointed(i, person, call, by_name.get(call.name) if call else None)
    return None


def just_made(
    tool: ToolView, earlier: Sequence[MadeCall], tools: Sequence[ToolView]
) -> MadeCall | None:
    """The call that made or changed the record a change naming none is of ("change the
    priority to high" right after a todo was made): the latest call, when it made or changed a
    record of `tool`'s kind where `tool` keeps it."""
    last = earlier[-1] if earlier else None
    maker = next((t for t in tools if last is not None and t.name == last.name), None)
    if last is None or maker is None or tool.kind != "update" or last.status != "ok":
        return None
    if not last.done or maker.kind not in ("create", "update") or not _same_place(tool, maker):
        return None
    return last if maker.own_nouns & tool.own_nouns else None


def name_pointed(reading: Request, f: Fill, tool: ToolView, p: Pointed | None) -> None:
    """ "delete it" after `add_term(lemma="fizzbuzz")`: a record its server keys by its name
    (`delete_term(lemma)`, no id), pointed at, is named as the call that made or read it named
    it, in the same parameter; over any word the request's own fill took for it."""
    if p is None or p.person or p.call is None or p.tool is None or tool.kind == "create":
        return
    key = named_key(tool, p.call) if _same_place(tool, p.tool) else None
    if key is None:
        return
    value = p.call.arguments[key.name]
    f.used -= f.spans.get(key.name, set())  # ("delete it, pointless": a remark, or asked)
    f.set(key, value, {p.at}, reading.text.tokens[p.at].text)


def about_people(tool: ToolView, arguments: Mapping[str, Any] | None = None) -> bool:
    """Whether `tool` keeps people (`contacts_create`: a contact), or its call with `arguments`
    names someone (a meeting's participants)."""
    if tool.nouns & LEX.person_nouns:
        return True
    return any(
        tool.params[k].role in _PERSON_ROLES
        for k, v in (arguments or {}).items()
        if v and k in tool.params
    )


def _on_record(p: Pointed, tools: Sequence[ToolView]) -> list[ToolView]:
    """The tools that change the record `p` points at: those of its server (or of its kind,
    where servers are not known) that update a record they name by an id."""
    if p.tool is None:
        return []
    return [
        t
        for t in tools
        if t.kind == "update"
        and (t.identifier is not None or named_key(t, p.call) is not None)
        and _same_place(t, p.tool)
    ]


def named_key(tool: ToolView, call: MadeCall | None) -> Param | None:
    """The required title `tool` names its record by (`update_term(lemma)`, no id), where
    `call` (that made or showed the record) gave it a value."""
    if tool.identifier is not None:
        return None
    key = next((q for q in tool.required if q.role == "title"), None)
    held = call.arguments.get(key.name) if key is not None and call is not None else None
    return key if isinstance(held, str) and held.strip() else None


def _readers_of(p: Pointed, tools: Sequence[ToolView]) -> list[ToolView]:
    """The tools that read where the record `p` points at is kept (to look it up)."""
    if p.tool is None:
        return []
    return [t for t in tools if t.kind == "read" and _same_place(t, p.tool)]


def elsewhere(
    p: Pointed, tool: ToolView, args: Mapping[str, Any], reading: Request, tools: Sequence[ToolView]
) -> bool:
    """Whether the new record `tool` would make with `args` is not on the record `p` points at
    (see the module docstring)."""
    if tool.kind != "create":
        return False
    record = p.record
    if record is not None and any(str(v) == str(record) for v in args.values()):
        return False  # "give it a subtask": under it
    if not p.person:
        return True  # "add a due date to it": a change of it, never a new record
    if about_people(tool):  # a new contact is named ("add her sister Maria"), never "her"
        return not reading.typed("name")
    if p.call is None:  # "her" with no one before: where people are kept, who is she?
        return any(about_people(t) for t in tools)
    return p.tool is None or not _same_place(tool, p.tool)


def pointed_step(
    p: Pointed,
    maker: ToolView,
    reading: Request,
    tools: Sequence[ToolView],
    on_it: Callable[[list[ToolView]], Step],
) -> Step:
    """What to do instead of `maker`'s new record elsewhere: the record `p` points at changed,
    planned by `on_it` over the tools that change it (and read where it is kept), when that
    comes to a call (or a lookup first); else which tool should act on it, asked."""
    changes = _on_record(p, tools)
    if changes and p.call is not None and p.call.status == "ok":
        step = on_it([*changes, *_readers_of(p, tools)])
        if isinstance(step, CallTool | ListFirst | Done):
            return step
    request, word = reading.text.original, reading.text.tokens[p.at].text
    if p.call is None:  # "her", no one before: which of the tools that keep people, if any
        people = [t for t in tools if t.kind == "update" and about_people(t)]
        return Ask(ask_unsaid(request, word, [*people[:3], maker]))
    done = "pointed_done" if p.call.status == "ok" else "pointed_failed"
    before = say(done, tool=p.call.name)
    return Ask(ask_pointed(request, word, before, maker, [*changes[:3], maker]))


def _same_place(tool: ToolView, other: ToolView) -> bool:
    """Whether two tools keep their records in one place: one server, or where servers are not
    known, records of one kind."""
    if tool.server and other.server:
        return tool.server == other.server
    return tool.name == other.name or bool(tool.own_nouns & other.own_nouns)


def _antecedent(
    earlier: Sequence[MadeCall], by_name: Mapping[str, ToolView], person: bool
) -> MadeCall | None:
    """The call whose record the pronoun points at: the latest, or for a person's pronoun the
    latest about a person."""
    if not person:
        return earlier[-1] if earlier else None
    for call in reversed(earlier):
        tool = by_name.get(call.name)
        if tool is not None and about_people(tool, call.arguments):
            return call
    return None


def _named_before(reading: Request, at: int) -> bool:
    """Whether a person is named before token `at`: a name, a capitalised word (not the verb
    opening the request), or a word for a person ("grandma", "my boss")."""
    names = {i for v in reading.typed("name") for i in v.tokens}
    people = LEX.person_nouns | LEX.kin_words
    for j, tok in enumerate(reading.text.tokens[:at]):
        if j in names or singular(tok.norm) in people:
            return True
        opening = j == 0 or j in reading.lead or j in reading.action.tokens
        if (
            tok.kind == "word"
            and tok.text[:1].isupper()
            and tok.norm not in LEX.self
            and not (opening and (tok.norm in VERBS or is_function(tok.norm)))
        ):
            return True
    return False


def _unbound(reading: Request, tools: Sequence[ToolView], at: int) -> bool:
    """Whether nothing before token `at` could be what a record's pronoun stands for (see the
    module docstring)."""
    tokens = reading.text.tokens
    if at > 0 and tokens[at - 1].norm in LEX.pointed_after:
        return True
    kinds = {n for t in tools for n in t.nouns} | LEX.child_words | LEX.generic_nouns
    said = set(reading.action.tokens) | reading.lead | reading.when_tokens
    for j, tok in enumerate(tokens[:at]):
        if j in said or tok.kind == "punct":
            continue
        word = tok.norm
        if is_function(word) or word in VERBS or word in reading.vocabulary:
            continue
        if singular(word) in kinds:
            continue
        return False
    return True
