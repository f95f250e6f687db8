"""A plain statement a tool exists to record: "Bob is my manager", "Leila moved to Berlin last
month", "had coffee with Dana today", said with no verb of ours (or with the tool's own verb:
"remember that Ana works at Acme").

Its home is the one tool that says it records what the user states (lexicon
`STATEMENT_DESCRIBE`: "Record one thing the user stated about one person"), or whose
description quotes a request of the same shape (“Bob is my manager” for "Daniel Okafor is my
manager": names stand in for names). Two such tools, or none, and the router asks as before.

The person it is about is the name that opens it ("Tom Becker works with Amina"), or the one
name said after its verb ("I met Sofia Reyes at the gym"); never an organisation ("at Acme"),
never a name joined to another ("Sofia and Leila are ..."), never a pronoun: with no clear
person nothing is written. The person's parameter takes the name as said, a role said after
"as" (lexicon `STATEMENT_ROLE_LEADS`) the role's, and the statement's other words its note.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Action, Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline._values import Value, zones_in
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["stated_as", "statement_tool", "statement_values"]

_QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”')
_WORD = re.compile(r"[\w'’.-]+")
_NAME = "\0"  # a name's place in a statement's shape


def _param(tool: ToolView, words: frozenset[str], but: Param | None = None) -> Param | None:
    """The text parameter of `tool` whose name ends in one of `words` (a required one first)."""
    found = [
        p
        for p in tool.params.values()
        if p is not but
        and p.type in ("string", None)
        and not p.enum
        and p.words[-1:]
        and p.words[-1] in words
    ]
    return next((p for p in found if p.required), found[0] if found else None)


def person_param(tool: ToolView) -> Param | None:
    return _param(tool, LEX.statement_person_words)


def _says_it_records(tool: ToolView) -> bool:
    text = " ".join(tool.description.lower().split())
    return any(phrase in text for phrase in LEX.statement_describe)


def _shape(words: Sequence[tuple[str, bool]]) -> list[str]:
    """A statement's words (lower case), each name one mark, the speaker who opens it gone."""
    out: list[str] = []
    for word, name in words:
        if name and out[-1:] == [_NAME]:
            continue
        out.append(_NAME if name else word.lower())
    while out and out[0] in LEX.statement_speakers:
        out = out[1:]
    return out


def _opening(shape: list[str]) -> list[str]:
    """What a request must open with to be of an example's shape: its words up to its first
    name ("met Dana"), or a name that opens it and the two words after ("Bob is my")."""
    if _NAME not in shape:
        return []
    at = shape.index(_NAME)
    return shape[: at + (3 if at == 0 else 1)]


def _examples(tool: ToolView) -> list[list[str]]:
    out = []
    for match in _QUOTED.finditer(tool.description):
        said = next(g for g in match.groups() if g)
        words = _WORD.findall(said)
        out.append(
            _shape(
                [(w, w[:1].isupper() and w.lower() not in LEX.statement_speakers) for w in words]
            )
        )
    return [o for o in (_opening(s) for s in out) if len(o) >= 2]


def _request_shape(reading: Request, people: Sequence[Value]) -> list[str]:
    names = {i for v in people for i in v.tokens}
    tokens = reading.text.tokens
    start = _start(reading)
    return _shape(
        [(t.text, i in names) for i, t in enumerate(tokens) if i >= start and t.kind != "punct"]
    )


def _start(reading: Request) -> int:
    """Where the statement starts: after the words before it ("remember that"); a verb said
    done ("I met Sofia") is the statement's own."""
    skip = set(reading.lead) | (set() if reading.action.past else set(reading.action.tokens))
    tokens = reading.text.tokens
    i = 0
    while i < len(tokens) and (
        i in skip or (i and i - 1 in skip and tokens[i].norm in LEX.relative_words)
    ):
        i += 1
    return i


def _people(reading: Request) -> list[Value]:
    """The names said that may be a person's: no organisation, no date, no code ("Q3"), no
    city ("Paris is lovely in spring")."""
    places = [set(z.tokens) for z in zones_in(reading.text)]  # "Sofia Reyes" is no city
    return [
        v
        for v in reading.typed("name")
        if not v.org
        and not set(v.tokens) & reading.when_tokens
        and not any(set(v.tokens) <= place for place in places)
        and all(
            w.replace("'", "").replace("-", "").replace(".", "").isalpha()
            for w in str(v.value).split()
        )
        and str(v.value).lower() not in LEX.statement_speakers
    ]


def _verbish(word: str, after_name: bool) -> bool:
    """Whether `word` may be a statement's verb: a link, a past form, or (right after a name,
    "Amina prefers") a present one."""
    past = LEX.statement_verb_endings[0]
    return (
        word in LEX.stating_links
        or word in LEX.statement_verbs
        or (
            len(word) > 3
            and word.endswith(LEX.statement_verb_endings)
            and (after_name or word.endswith(past))
        )
    )


def subject(reading: Request) -> Value | None:
    """The person a statement is about (see the module docstring), or None."""
    tokens, start = reading.text.tokens, _start(reading)
    if reading.text.original.rstrip().endswith("?") or start >= len(tokens):
        return None
    if any(t.norm in LEX.wh_words for t in tokens[start:]):
        return None
    people = _people(reading)
    if not people:
        return None
    first = start
    while first < len(tokens) and tokens[first].norm in LEX.statement_speakers:
        first += 1
    if (
        first < len(tokens)
        and _verbish(tokens[first].text.lower(), False)
        and first not in people[0].tokens
    ):
        # "had coffee with Daniel today", "I met Sofia at the gym": its one person
        return people[0] if len(people) == 1 else None
    opens = [
        v
        for v in people
        if v.tokens[0] == start
        or (tokens[start].norm in LEX.own_list_owners and 0 < v.tokens[0] - start <= 3)
    ]
    if not opens:
        return None
    who = opens[0]
    end = who.tokens[-1] + 1
    if end < len(tokens) and tokens[end].norm in (*LEX.list_ends, ",", "&"):
        return None  # "Sofia and Leila are old school friends": whose?
    near = [t.text.lower() for t in tokens[end : end + 3]]
    if not near:
        return None
    if _verbish(near[0], not tokens[end - 1].possessive) or any(
        w in LEX.stating_links or w in LEX.statement_verbs for w in near
    ):
        return who
    return None


def statement_tool(reading: Request, tools: Sequence[ToolView]) -> ToolView | None:
    """The one tool a plain statement goes to (see the module docstring), or None."""
    action = reading.action
    homes = [t for t in tools if t.kind in ("create", "update") and person_param(t) is not None]
    if not homes:
        return None
    own = action.kind is not None and any(action.verb == t.verb for t in homes)
    if action.kind is not None and not (action.past or own):
        return None
    who = subject(reading)
    if who is None:
        return None
    shape = _request_shape(reading, _people(reading))
    fits = [t for t in homes if any(shape[: len(e)] == e for e in _examples(t))]
    says = [t for t in homes if _says_it_records(t)]
    if own:
        fits = [t for t in fits if t.verb == action.verb]
        says = [t for t in says if t.verb == action.verb]
    found = [t for t in homes if t in fits or (t in says and not (action.past and not own))]
    return found[0] if len(found) == 1 else None


def stated_as(reading: Request, tool: ToolView) -> Request:
    """The statement read as `tool`'s new record."""
    _, verb = LEX.create_action
    said = () if reading.action.past else reading.action.tokens  # "I met ...": the statement's
    action = Action(verb, tool.kind, LEX.group_of(verb), said, stated=True)
    return replace(reading, action=action)


def statement_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A statement's person, its role said after "as", and the rest of it as the note."""
    if not reading.action.stated or (not _says_it_records(tool) and not _examples(tool)):
        return
    person = person_param(tool)
    who = subject(reading)
    if person is None or who is None or person.name in f.args:
        return
    tokens = reading.text.tokens
    _not_ahead(reading, f, tool)
    f.set(person, who.value, (), str(who.value))
    role = _param(tool, LEX.statement_role_words, person)
    if role is not None and role.name not in f.args:
        _role(reading, f, role)
    note = _param(tool, LEX.statement_note_words, person)
    if note is None or note.name in f.args:
        f.used.update(who.tokens)
        return
    rest = [i for i in range(_start(reading), len(tokens)) if i not in f.used]
    kept = list(rest)
    while kept and tokens[kept[0]].kind == "punct":
        kept.pop(0)
    while kept and (tokens[kept[-1]].kind == "punct" or tokens[kept[-1]].norm in LEX.stop_words):
        kept.pop()
    content = [
        i
        for i in kept
        if i not in who.tokens
        and tokens[i].kind != "punct"
        and tokens[i].norm not in LEX.stop_words
        and not _verbish(tokens[i].text.lower(), True)
    ]
    f.used.update(who.tokens)
    if content or len(f.args) == 1:  # a date or an organisation a field took: left out of it
        text = reading.text.slice(kept).replace(" ,", ",")
        f.set(note, text, rest, text)
    f.used.update(rest)


def _not_ahead(reading: Request, f: Fill, tool: ToolView) -> None:
    """A day to come ("her birthday is March 14") is no day a thing happened: a parameter for
    that day (lexicon `STATEMENT_PAST_WORDS`) gives it back to the statement."""
    when = reading.when
    if when is None or when.start.date() <= reading.now.date():
        return
    for param in tool.role("moment", "day", "since"):
        if param.name in f.args and set(param.words) & LEX.statement_past_words:
            del f.args[param.name]
            f.evidence.pop(param.name, None)
            f.used -= f.spans.pop(param.name, set())


def _role(reading: Request, f: Fill, role: Param) -> None:
    tokens = reading.text.tokens
    for lead in sorted(LEX.statement_role_leads, key=lambda m: -len(m.split())):
        words = lead.split()
        for i in range(len(tokens) - len(words)):
            if i in f.used or [t.norm for t in tokens[i : i + len(words)]] != words:
                continue
            j = i + len(words)
            end = j
            while end < len(tokens) and end not in f.used and tokens[end].kind != "punct":
                end += 1
            if end > j:
                f.set(
                    role,
                    reading.text.slice(range(j, end)),
                    range(i, end),
                    reading.text.slice(range(i, end)),
                )
                return
