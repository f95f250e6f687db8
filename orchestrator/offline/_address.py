"""Step 2b: the request's action as the tools make it out (`addressed`): "todo: renew the
insurance" adds a todo, "claude: explain this" asks claude, "todo for friday - submit it" adds a
todo, and a thing said as done whose past verb is a state a write tool takes records it
("solved two sum": `log_attempt(status=solved)`) or sets it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from orchestrator.offline._action_described import user_acted_on, user_verb_at
from orchestrator.offline._appended import added_to_record, appends
from orchestrator.offline._contained import container_of, heading_of, put_it_in
from orchestrator.offline._enums import said_at
from orchestrator.offline._kinds import kind_named, own_kinds
from orchestrator.offline._nouns import addressed_at, described, noun_matches
from orchestrator.offline._read import Action, Request, opening_past
from orchestrator.offline._scored import score_fractions
from orchestrator.offline._status import done_state, state_at
from orchestrator.offline._tokens import past_forms, presents, singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline._typed import beside_numbers, said_by_name
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W
from orchestrator.offline.lexicon import Kind

__all__ = ["addressed"]


def _pronoun_after(reading: Request) -> bool:
    """ "task X: put it on branch Y": the late verb acts on an item ("it")."""
    tokens = reading.text.tokens
    at = reading.action.tokens[-1] + 1 if reading.action.tokens else len(tokens)
    return at < len(tokens) and tokens[at].norm in LEX.pronouns


def _tool_verb(word: str, tools: list[ToolView]) -> bool:
    """Whether a word is a verb a tool is named by or its description opens with ("scrub" for
    `scrub_text`; "redact" for "Detect and redact/mask/hash secrets in text"), and no noun
    of any tool's."""
    if any(words_of(t.name)[:1] == [word] for t in tools):
        return True
    return not any(word in t.nouns for t in tools) and any(
        word in re.findall(r"[^\W_]+", t.description.lower())[: W.described_verb_words]
        for t in tools
    )


def addressed(reading: Request, tools: list[ToolView]) -> Request:
    """The request with its action as the tools make it out: "todo: renew the insurance" adds a
    todo; "claude: explain this" asks claude; "todo for friday - submit it" adds a todo; "dear
    diary, ..." adds what follows to the place a create tool is named or described by."""
    dated = _dated_heading(reading)  # "diary at 14:30: ...": a heading, its time apart
    if dated is not None:
        reading = replace(reading, action=dated)
    action = reading.action
    at = user_verb_at(reading)
    if at is not None and any(user_acted_on(reading, t) for t in tools):  # "quiz me on
        # spanish": "Quiz the user with `front`", its verb and "me" the tool's own words
        return replace(reading, action=replace(action, tokens=(at, at + 1)))
    at = addressed_at(reading)
    if action.kind is None and at is not None:  # "dear diary, ...": a text to keep there
        word = singular(reading.text.tokens[at].norm)
        places = described(word, tools) or [
            t for t in tools if any(noun_matches(word, n) for n in t.nouns)
        ]
        if any(t.kind == "create" for t in places):
            spoken = (at - 1, at, at + 1)
            return replace(reading, action=_as_action(word, LEX.create_action, spoken))
    if action.colon:
        word = action.verb
        if (
            any(t.kind == "create" and _names_records(word, t) for t in tools)
            or _filed_under(reading, tools)
            or any(t.kind == "create" for t in described(singular(word), tools))
        ):  # "todo: X", "journal: X" (its server), "Dreams: X" (a folder, capitalised),
            # "diary: X" (where one server's description alone says "a new diary entry")
            made = _as_action(word, LEX.create_action, action.tokens)
            return replace(reading, action=replace(made, heading=True))
        if _tool_verb(word, tools):  # "scrub: 'jwt=...'", "redact: postgres://...": what a
            return replace(reading, action=Action("", None, None, (), question=True, bare=True))
        kind, verb = LEX.ask_action  # tool does, said as it says it, its text after the colon
        return replace(reading, action=Action(verb, kind, LEX.group_of(verb), action.tokens[1:]))
    if _own_verb_first(reading, tools):  # "append to the X one: update - ...": `append_to_x`
        return replace(reading, action=Action("", None, None, (), question=True, bare=True))
    headed = heading_of(reading, tools)  # "Dreams folder: X", "personal journal: X"
    if headed is not None:
        return replace(reading, action=headed)
    if (
        action.kind is None
        and not action.asked
        and (_fields_logged(reading, tools) or _kind_logged(reading, tools))
    ):
        kind, verb = LEX.report_action  # "morning reflection: energy 8, mood 7": a record
        told = _told_link(reading)  # "dinner was salmon": "was" is the record's, no food's
        return replace(reading, action=Action(verb, kind, LEX.group_of(verb), told))
    measured = _told_measured(reading, tools)
    if measured is not None:  # "took 200mg ibuprofen": a dose taken, its past verb the record's
        return replace(reading, action=measured)
    if action.past:  # "solved two sum": a record whose state the past verb names
        got = _acquired(reading, tools)
        if got is not None:  # "bought 1200 ADA and 3.5 SOL": holdings added
            return replace(reading, action=got)
        report = (
            _report(reading, tools) or _logged_kind(reading, tools) or _logged_verb(reading, tools)
        )
        if report is not None:
            return replace(reading, action=report)
        fact = _done_fact(reading)
        if fact is not None:
            return replace(reading, action=fact)
    kept = frozenset(n for t in tools if appends(t) for n in t.own_nouns)  # "the sleep entry"
    if action.kind == "create" and _linked(_added_to(reading), tools):
        return replace(reading, action=replace(action, linked=True))  # no text added to it
    if action.kind == "create" and added_to_record(reading, kept) and _changes(tools):
        kind, verb = LEX.field_set_action  # "add the @store context to the birthday one"
        return replace(reading, action=Action(verb, kind, LEX.group_of(verb), action.tokens))
    if action.kind is None and not action.tokens and _field_first(reading, tools):
        kind, verb = LEX.field_set_action  # "priority high for the landlord email"
        return replace(reading, action=Action(verb, kind, LEX.group_of(verb), ()))
    if action.late is not None and not _pronoun_after(reading):
        first = reading.text.tokens[action.late].norm
        if any(t.kind == "create" and any(noun_matches(first, n) for n in t.nouns) for t in tools):
            return replace(reading, action=_as_action(first, LEX.create_action, ()))
    return reading


def _dated_heading(reading: Request) -> Action | None:
    """ "diary at 14:30: dentist appointment went fine": a word, then only a time or a day,
    then a colon: the word heads what follows, as "diary: ..." does; the time is the record's."""
    tokens, action = reading.text.tokens, reading.action
    if action.kind is not None or action.colon or len(tokens) < 4 or 0 in reading.lead:
        return None
    colon = next((i for i, t in enumerate(tokens) if t.text == ":"), None)
    if colon is None or colon < 2 or tokens[0].kind != "word":
        return None
    if not all(i in reading.when_tokens for i in range(1, colon)):
        return None
    return Action(tokens[0].norm, None, None, (0, colon), colon=True)


def _own_verb_first(reading: Request, tools: list[ToolView]) -> bool:
    """Whether the request opens with a tool's own verb no lexicon knows (`append_to_entry`:
    "append"), and the verb read as its action comes after a colon, in the text it dictates."""
    tokens, action = reading.text.tokens, reading.action
    start = min((i for i in range(len(tokens)) if i not in reading.lead), default=None)
    if start is None or not action.tokens or action.colon:
        return False
    colon = next((i for i, t in enumerate(tokens) if t.kind == "punct" and t.text == ":"), None)
    return (
        colon is not None
        and start < colon < min(action.tokens)
        and any(t.name_verb and t.name_verb == tokens[start].norm for t in tools)
    )


def _names_records(word: str, tool: ToolView) -> bool:
    """Whether `word` names the tool's records: one of its nouns, or its server's name."""
    return any(noun_matches(word, n) for n in tool.nouns) or singular(word) in tool.server_nouns


def _filed_under(reading: Request, tools: list[ToolView]) -> bool:
    """ "Dreams: the one where my teeth fall out": a heading of one word, capitalised (or said
    with "put it in Personal" after the text), where a write keeps its records in named
    containers and no tool asks anyone (`ask(agent)`): the container it goes into, found among
    those listed, said after "put it in", or asked for (`_contained`)."""
    word = reading.text.tokens[reading.action.tokens[0]]
    asks = LEX.group_of(LEX.ask_action[1])
    return (
        (word.text[:1].isupper() or put_it_in(reading) is not None)
        and any(t.kind == "create" and container_of(t) is not None for t in tools)
        and not any(t.verb and LEX.group_of(t.verb) == asks for t in tools)
    )


def _changes(tools: list[ToolView]) -> bool:
    return any(t.kind == "update" for t in tools)


def _added_to(reading: Request) -> set[str]:
    """The words of the record a thing is added "to the ..." ("add guest checkout to the X
    epic": checkout, revamp, epic), singular; empty when nothing is added to one."""
    words = [t.norm for t in reading.text.tokens if t.kind != "punct"]
    for i, w in enumerate(words[:-1]):
        if w in LEX.added_to and words[i + 1] in LEX.target_determiners:
            return {singular(x) for x in words[i + 2 :]}
    return set()


def _linked(target: set[str], tools: list[ToolView]) -> bool:
    """Whether a tool links one record to another of the kind the request adds to ("add guest
    checkout to the Checkout Revamp epic" and `manage_epic_stories(epic_id, story_id)`, "Add or
    remove stories from an epic"): the thing added may be a record of its own, not words for the
    epic's text, so no change of its text is read. `target`: the words of the record added to."""
    return any(
        t.kind in ("create", "update") and len(t.role("id")) >= 2 and bool(target & t.own_nouns)
        for t in tools
    )


def _field_first(reading: Request, tools: list[ToolView]) -> bool:
    """ "priority high for the landlord email", "status done for the tax one": no verb, the
    name of a field an update tool sets, one of the values its enum lists (as said), then the
    item it is for ("for the ..."): a change of that item; for a project, a list or a board it
    is a filter of what that holds."""
    tokens = reading.text.tokens
    words = [t.norm for t in tokens]
    at = next((i for i in range(len(words)) if i not in reading.lead), None)
    if at is None:
        return False
    value_at = at + 2 if at + 1 < len(words) and words[at + 1] in LEX.enum_links else at + 1
    to = value_at + 1
    if to + 2 >= len(words) or words[to] not in LEX.target_prepositions:
        return False
    if words[to + 1] not in LEX.target_determiners:
        return False
    if any(singular(w) in LEX.container_words for w in words[to + 2 :]):
        return False  # "status open for the kitchen project": a filter of what it holds
    return any(
        singular(words[at]) in param.words
        and any(isinstance(v, str) and v.lower() == words[value_at] for v in param.enum)
        for tool in tools
        if tool.kind == "update"
        for param in tool.role("enum")
    )


def _report(reading: Request, tools: list[ToolView]) -> Action | None:
    """A thing said as done ("solved two sum in 12 minutes", "I gave up on it") whose past verb
    is itself a value a write tool's enum takes (`status: solved | gave_up`): a record of it
    when the tools that take it make records, a change when they change one; else None."""
    action = reading.action
    words = [t.norm for t in reading.text.tokens]
    unled = (i for i in range(len(words)) if i not in reading.lead)
    at = action.tokens[-1] if action.tokens else next(unled, None)
    if at is None:
        return None
    kinds = {
        tool.kind
        for tool in tools
        if tool.kind in ("create", "update")
        for param in tool.role("enum")
        if any(
            isinstance(v, str) and said_at(words, at, tuple(words_of(v.lower())))
            for v in param.enum
        )
    }
    if len(kinds) != 1:
        return None
    kind, verb = LEX.report_action if kinds == {"create"} else LEX.done_action
    return replace(
        action, verb=verb, kind=kind, group=LEX.group_of(verb), question=False, bare=False
    )


def _logged_kind(reading: Request, tools: list[ToolView]) -> Action | None:
    """A thing said done ("did a 10 minute yoga stretch") of a kind that only a tool that logs
    such things lists (`log_workout(type: stretch | exercise)`, `_kinds.kind_named`): a record
    of it, never a thing to find and mark done; else None."""
    own = own_kinds(tools)
    if not any(t.verb in LEX.record_verbs and kind_named(reading, t, own) for t in tools):
        return None
    return _as_report(reading)


def _as_report(reading: Request) -> Action:
    """The request's action as a record of what it says was done, its past verb ("went for a
    run", "slept 8 hours") the action's own word."""
    kind, verb = LEX.report_action
    action = reading.action
    tokens = action.tokens
    if not tokens and action.verb:
        said = (i for i, t in enumerate(reading.text.tokens) if t.norm == action.verb)
        tokens = tuple(i for i in [next(said, None)] if i is not None)
    return replace(
        action,
        verb=verb,
        kind=kind,
        group=LEX.group_of(verb),
        tokens=tokens,
        question=False,
        bare=False,
    )


def _logged_verb(reading: Request, tools: list[ToolView]) -> Action | None:
    """A thing said done with no verb of ours whose past verb is, in its present form, what a
    tool that logs keeps ("slept 8h, 7/10" and `log_sleep`; "walked 5k" and `log_walk`; "went
    to bed at 23:30, slept well": a later one), a record of it, never a thing to find among the
    todos and mark done; else None."""
    action = reading.action
    numbered = any(t.kind in ("number", "duration") for t in reading.text.tokens)
    forms = past_forms(opening_past(reading)) if numbered else frozenset()
    if not (action.bare and action.kind is None and action.verb):
        # "I took 2 tylenol": said done, but of what a logging tool's description says it keeps
        told = action.past and action.verb == LEX.done_action[1]
        if told and any(t.kind == "create" and forms & t.describe_words for t in tools):
            return _as_report(reading)
        return None
    past = [t.norm for t in reading.text.tokens if t.norm in LEX.past_tenses]
    said = [w for verb in dict.fromkeys([action.verb, *past]) for w in presents(verb)]
    if not any(
        t.kind == "create"
        and t.verb in LEX.record_verbs
        and (
            any(noun_matches(word, noun) for word in said for noun in t.nouns)
            or (numbered and any(_number_named(word, t) for word in said))
            or bool(forms & t.describe_words)  # "took 2 advil": "a medication dose taken"
        )
        for t in tools
    ):
        return None
    return _as_report(reading)


def _acquired(reading: Request, tools: list[ToolView]) -> Action | None:
    """An amount of a thing said got (lexicon `ACQUIRE_VERBS`: "bought 1200 ADA and 3.5 SOL",
    "I got 500 doge") where a tool adds amounts of things by their code, its two required values
    (`add_holding(coin_symbol, amount)`): an addition, the past verb its own word; never a thing
    said done, nor money spent (money said, or a tool of expenses: `SPENT_NOUNS`); else None."""
    words = [(i, t.norm) for i, t in enumerate(reading.text.tokens) if i not in reading.lead]
    at = 1 if words[:1] and words[0][1] in LEX.self else 0
    while at < len(words) - 1 and words[at][1] in LEX.declare_skip:
        at += 1
    if at >= len(words) or words[at][1] not in LEX.acquire_verbs:
        return None
    numbers = reading.typed("number")
    if reading.typed("money") or not numbers or not all(_code_after(reading, v) for v in numbers):
        return None
    if not any(_keeps_by_code(t) for t in tools):
        return None
    kind, verb = LEX.acquired_action
    return replace(
        reading.action,
        verb=verb,
        kind=kind,
        group=LEX.group_of(verb),
        tokens=(words[at][0],),
        question=False,
        bare=False,
        past=False,
    )


def _code_after(reading: Request, number: Value) -> bool:
    """Whether the word right after an amount is written as a code ("1200 ADA", "500 doge"):
    in capitals, or short and no plural ("3 eggs" is no code)."""
    tokens = reading.text.tokens
    at = number.tokens[-1] + 1 if number.tokens else len(tokens)
    if at >= len(tokens) or tokens[at].kind != "word" or not tokens[at].text.isalpha():
        return False
    word = tokens[at].text
    if word.isupper() and len(word) > 1:
        return True
    return len(word) <= W.acquired_code_letters and singular(word.lower()) == word.lower()


def _keeps_by_code(tool: ToolView) -> bool:
    """Whether a tool adds an amount of a thing named by its code, and needs nothing else
    (`add_holding(coin_symbol, amount)`), no expense (lexicon `SPENT_NOUNS`)."""
    if tool.kind != "create" or tool.nouns & LEX.spent_nouns or len(tool.required) != 2:
        return False
    numbers = ("number", "integer")
    roles = sorted(p.role if p.role != "amount" or p.type in numbers else "" for p in tool.required)
    return roles == ["amount", "label"]


def _told_measured(reading: Request, tools: list[ToolView]) -> Action | None:
    """A quantity said after a past verb that a logging tool's description says it keeps ("took
    200mg ibuprofen": "Log a medication dose taken"): a record of it, the verb its own."""
    action = reading.action
    past = opening_past(reading)
    if not (action.measured and action.kind == "create" and not action.tokens and past):
        return None
    forms = past_forms(past)
    if not any(t.kind == "create" and forms & t.describe_words for t in tools):
        return None
    at = next(i for i, t in enumerate(reading.text.tokens) if t.norm == past)
    kind, verb = LEX.report_action
    return replace(action, verb=verb, kind=kind, group=LEX.group_of(verb), tokens=(at,))


def _number_named(word: str, tool: ToolView) -> bool:
    """Whether `word` names one of the tool's number fields ("slept 8.5 hours" and
    `log_daily_metric(sleep_hours)`): the past verb's present is what that field keeps."""
    return any(p.type in ("integer", "number") and word in p.words for p in tool.params.values())


def _fields_logged(reading: Request, tools: list[ToolView]) -> bool:
    """Whether a request with no verb and no question mark gives numbers to two fields or more
    by their names ("energy 8, mood 7, slept great (9/10)") that one write alone takes, of
    what happened: a record of them."""
    if reading.text.original.rstrip().endswith("?"):
        return False
    said = beside_numbers(reading)
    writes = [
        t
        for t in tools
        if t.kind == "create"
        and t.verb in LEX.record_verbs
        and len(said_by_name(reading, t, said)) >= _fields_needed(reading)
    ]
    return len(writes) == 1


def _fields_needed(reading: Request) -> int:
    """How many fields named with a number make a record of them: one where nothing but the
    field, the number, the day and a link is said ("mood today 8/10"), else two."""
    tokens = reading.text.tokens
    numbers = {i for v in reading.typed("number", "quantity") for i in v.tokens}
    numbers.update(score_fractions(reading))
    rest = [
        t
        for i, t in enumerate(tokens)
        if i not in numbers
        and i not in reading.when_tokens
        and t.kind != "punct"
        and t.norm not in LEX.label_links
    ]
    return 1 if len(rest) == 1 and len(numbers) > 0 else 2


def _kind_logged(reading: Request, tools: list[ToolView]) -> bool:
    """Whether a request with no verb and no question mark opens with a kind of the thing one
    log keeps and says how much of it ("breakfast 2 eggs and toast, 8am": a meal) or what it
    was ("dinner was salmon and rice"), on no day to come ("lunch with Sam tomorrow at 12" is
    no meal eaten): a record."""
    tokens = reading.text.tokens
    at = next((i for i in range(len(tokens)) if i not in reading.lead), None)
    if at is None or reading.text.original.rstrip().endswith("?") or len(tokens) < at + 3:
        return False
    noun = LEX.kind_nouns.get(singular(tokens[at].norm))
    logs = [
        t for t in tools if t.kind == "create" and t.verb in LEX.record_verbs and noun in t.nouns
    ]
    when = reading.when  # (a clock time alone, "8am", passed: no day to come)
    ahead = when is not None and when.has_date and when.day() > reading.now.date()
    said = bool(reading.typed("number", "quantity")) or tokens[at + 1].norm in LEX.kind_told_links
    return len(logs) == 1 and said and not ahead  # "dinner was salmon": what it was, told


def _told_link(reading: Request) -> tuple[int, ...]:
    """The link after the kind that opens the request ("dinner was salmon": "was"), or ()."""
    tokens = reading.text.tokens
    at = next((i for i in range(len(tokens)) if i not in reading.lead), None)
    if at is None or at + 1 >= len(tokens) or singular(tokens[at].norm) not in LEX.kind_nouns:
        return ()
    return (at + 1,) if tokens[at + 1].norm in LEX.kind_told_links else ()


def _done_fact(reading: Request) -> Action | None:
    """A thing said as done with a past verb and no subject, no state a tool takes in it: "done"
    for the item it names. "finished the hobbit": the verb says done, never the item's title;
    "returned the library books": a verb of its own stays in the reference, so only an item
    whose title says it ("Return the library books") is the one done, never one that merely
    shares the rest ("moved the dentist appointment" marks no "dentist appointment" done). A
    past verb that names another state ("started X": in progress) is none of this."""
    action = reading.action
    if not (action.bare and action.past and action.kind is None and not action.tokens):
        return None
    at = next((i for i in range(len(reading.text.tokens)) if i not in reading.lead), None)
    if at is None:
        return None
    state = state_at([t.norm for t in reading.text.tokens], at)
    kind, verb = LEX.done_action
    if state is None:
        return Action(verb, kind, LEX.group_of(verb), (), past=True)
    if state == done_state():
        return Action(verb, kind, LEX.group_of(verb), (at,), past=True)
    return None


def _as_action(word: str, means: tuple[Kind, str], tokens: tuple[int, ...]) -> Action:
    """`word` read as the action `means` names (its kind, and the group of its verb)."""
    kind, verb = means
    return Action(word, kind, LEX.group_of(verb), tokens)
