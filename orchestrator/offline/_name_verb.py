"""The tool's own name said as the request's verb: "echo hello" for `echo`, "promote Jana" for
`promote` ("Move a lead ... to the next stage"), "back up my files" for `backup`, "todo buy
milk" for the tool that makes todos, "..., approve it" for `approve_done`; a request that opens
with a tool's own verb and its noun read by that verb, never a known verb said later ("cast an
event chart ..., label X"); "I watered Monty" the log its tool's name says (`log_watering`)."""

from __future__ import annotations

from dataclasses import replace

from orchestrator.offline._account import particle_after
from orchestrator.offline._aliases import aliased_nouns
from orchestrator.offline._dimensioned import says_sizes, takes_sizes
from orchestrator.offline._nouns import described_before
from orchestrator.offline._read import Action, Request
from orchestrator.offline._servers_said import spells_server
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "asked_for_new",
    "asked_when_done",
    "clause_verb",
    "listed_as",
    "logged_by_its_verb",
    "name_verb_span",
    "named_action",
    "own_verb_first",
    "said_name_verb",
]


def asked_when_done(reading: Request, at: int) -> bool:
    """Whether the verb at `at` is what a question asks about, said after its past auxiliary
    ("when did the board last sync ...?", lexicon `PAST_QUESTION_WORDS`)."""
    if not reading.action.question:
        return False
    return any(t.norm in LEX.past_question_words for t in reading.text.tokens[:at])


def said_name_verb(reading: Request, tool: ToolView) -> int | None:
    """The token where the request says the tool's own verb first ("echo hello"), or a verb
    no lexicon knows that the tool's description says in another form ("unstage everything":
    "Unstages all staged changes"), or None."""
    tokens = reading.text.tokens
    if (  # "base64 decode VGhl...": its own verb second, after the kind of thing it works on
        tool.name_verb
        and len(tokens) > 2
        and tokens[1].norm == tool.name_verb
        and tokens[0].kind == "word"
        and tokens[0].norm not in VERBS
        and 0 not in reading.lead
    ):
        return 1
    for i, tok in enumerate(tokens):
        if tool.name_verb and tok.norm == tool.name_verb and asked_when_done(reading, i):
            continue  # "when did the board last sync to github?": asked, no order to sync
        if tool.name_verb and tok.norm == tool.name_verb:
            after = tokens[i + 1] if i + 1 < len(tokens) else None
            if i not in reading.lead or (after is not None and after.kind != "punct"):
                return i  # ("wait for the computer's move": no "wait, ..." said first)
        if i in reading.lead:
            continue
        if named_action(reading, tool, i):
            return i
        if spells_server(tok, tool.server):  # "todo.txt add: ...": its server, then what
            return _kind_first(reading, tool, i)  # it does, as "todo add: ..." says
        if i in _initials_said(reading, tool):  # "bp 120/80": the blood pressure's, first,
            numbered = any(t.text[:1].isdigit() for t in tokens[i + 1 :])  # with its reading
            return i if tool.kind == "create" and numbered else _kind_first(reading, tool, i)
        if tok.kind == "word" and tok.norm not in VERBS and len(tok.norm) > 3:
            base = tool.name.rpartition("__")[2]  # (not a clash's prefix: `todo__create_todo`)
            nxt = tokens[i + 1].norm if i + 1 < len(tokens) else ""
            kind = (
                singular(tok.norm) in tool.own_nouns
                or listed_as(tok.norm, tool)  # "watch X": put X on the watchlist
                or (  # "journal todo: ...", never "journal entries ..." for
                    singular(tok.norm) in tool.nouns and singular(nxt) in tool.own_nouns
                )  # `journal__create_todo`: the server's name, then its noun
            )
            if kind and words_of(base)[:1] != [tok.norm]:
                return _kind_first(reading, tool, i)  # "todos ...", not `approve_done`'s verb
            if particle_after(reading, i):  # "back up ...": not the "back" of "Move ... back"
                return clause_verb(reading, tool)
            opens = stem(tok.norm) in {stem(w) for w in words_of(tool.description)[:1]}
            if singular(nxt) in tool.own_nouns or (  # "diary entries ...", "a diary note":
                not opens and any(described_before(tool, tok.norm, n) for n in tool.nouns)
            ):  # a kind of its records, never a verb ("Add a new diary entry"), unless the
                return clause_verb(reading, tool)  # description opens with it ("Regenerate")
            return i if stem(tok.norm) in tool.described_stems else clause_verb(reading, tool)
        return clause_verb(reading, tool)
    return None


def own_verb_first(reading: Request, tools: list[ToolView]) -> Request:
    """A request that opens with a tool's own verb, one no lexicon knows, and that tool's noun
    ("cast an event chart for ..., label lisbon-quake" for `cast_event_chart`) is read with no
    verb of the lexicon's, so the tool's own is its verb: a known verb after a comma ("label")
    is a value's name there, never the order."""
    action = reading.action
    tokens = reading.text.tokens
    said = {t.norm for t in tokens}
    sized = says_sizes(reading)
    if ((action.measured and not action.tokens) or sized) and any(  # "pack 8 jars 9x9x14 cm
        t.name_verb in said and (not sized or takes_sizes(t))  # (0.6 kg each) into a box":
        for t in tools  # `pack_order`'s verb, no weight logged ("i have two box sizes: ...
    ):  # need to pack ...": no reminder)
        return replace(reading, action=Action("", None, None, (), True, bare=True))
    if action.late is None or not action.tokens:
        return reading
    start, verb_at = action.late, action.tokens[0]
    for tool in tools:
        if (
            tool.name_verb
            and tokens[start].norm == tool.name_verb
            and any(singular(tokens[j].norm) in tool.nouns for j in range(start + 1, verb_at))
        ):
            return replace(reading, action=Action("", None, None, (), True, bare=True))
    return reading


def asked_for_new(reading: Request, tools: list[ToolView]) -> Request:
    """ "give me a puzzle with three groups": a read's verb before "a" and the noun of a thing
    a tool makes (`create_puzzle`) asks for a new one, made; "give me a hint", where no tool
    makes hints, stays a read."""
    action, tokens = reading.action, reading.text.tokens
    if action.kind != "read" or not action.tokens or action.question:
        return reading
    at = action.tokens[-1] + 1
    while at < len(tokens) and tokens[at].norm in {*LEX.object_pronouns, *LEX.self}:
        at += 1  # "give me ..."
    if at + 1 >= len(tokens) or tokens[at].norm not in LEX.articles_new[:2]:
        return reading
    end = at + 1  # the noun phrase's last word: "a time report" is a report
    while (
        end + 1 < len(tokens)
        and tokens[end + 1].kind == "word"
        and tokens[end + 1].norm not in LEX.function_words
    ):
        end += 1
    noun = singular(tokens[end].norm)
    makers = [t for t in tools if t.kind == "create" and noun in t.own_nouns]
    if not makers:
        return reading
    kind, verb = LEX.create_action
    return replace(reading, action=replace(action, verb=verb, kind=kind, group=LEX.group_of(verb)))


def logged_by_its_verb(reading: Request, tools: list[ToolView]) -> Request:
    """ "I watered Monty with 500ml today": a thing said done by "I" and a past verb that a
    logging tool's name says as its noun (`log_watering`) is read as "watered Monty ..." is,
    that tool's record of it, never a to-do marked done."""
    action, tokens = reading.action, reading.text.tokens
    if not action.past or action.verb != LEX.done_action[1] or len(action.tokens) != 2:
        return reading
    first, said = action.tokens
    if tokens[first].norm not in LEX.self or said != first + 1:
        return reading
    done = stem(tokens[said].norm)
    for tool in tools:
        if tool.kind != "create" or not tool.verb:
            continue
        parts = [p for p in words_of(tool.name.rpartition("__")[2]) if p != tool.verb]
        if any(stem(p) == done for p in parts):
            bare = Action(tokens[said].norm, None, None, (), True, bare=True, past=True)
            return replace(reading, action=bare, lead=reading.lead | {first})
    return reading


def _initials_said(reading: Request, tool: ToolView) -> set[int]:
    """The tokens that say the tool's own nouns by their initials, one token for them all."""
    said = aliased_nouns(reading, tool)
    return {i for noun, at in said.items() if len(at) == 1 and noun in tool.own_nouns for i in at}


def listed_as(word: str, tool: ToolView) -> bool:
    """Whether `word` and a list's noun spell a noun of the tool's own that is a list of things
    the word is done to ("watch" of `watchlist`, "wish" of `wishlist`)."""
    return any(f"{word}{n}" in tool.own_nouns for n in LEX.list_nouns)


def name_verb_span(reading: Request, tool: ToolView, at: int) -> tuple[int, ...]:
    """The tokens from `at` that say the first word of the tool's name as one word the lexicon
    knows no verb of: "promote" for `promote`, "back up" for `backup` (a phrasal verb said as
    the one word the name spells), or none."""
    tokens = reading.text.tokens
    first = words_of(tool.name.rpartition("__")[2])[:1]
    if not first or first[0] in VERBS or tokens[at].kind != "word":
        return ()
    if tokens[at].norm == first[0]:
        return (at,)
    nxt = at + 1
    if nxt < len(tokens) and tokens[nxt].norm in LEX.phrasal_particles:
        return (at, nxt) if tokens[at].norm + tokens[nxt].norm == first[0] else ()
    return ()


def named_action(reading: Request, tool: ToolView, at: int) -> bool:
    """Whether the request opens at `at` with the tool's name said as a verb no lexicon knows
    ("promote Jana to customer" for `promote`, "Move a lead ... to the next stage"): the
    tool's description says what it does with a verb of the lexicon, one the name does not
    spell (the name is the tool's own verb for that action), and the word is no verb of ours."""
    if not name_verb_span(reading, tool, at) or tool.verb is None or tool.kind is None:
        return False
    return tool.verb not in words_of(tool.name.rpartition("__")[2])


def _kind_first(reading: Request, tool: ToolView, at: int) -> int | None:
    """ "todo buy milk": the record's noun, singular, said first with two or more words after it
    that are no date, stands for the verb that makes one (the tool that makes it); in the
    plural, "todos due tomorrow", before a noun it names ("time report", "todo list") or a verb
    of another kind ("todo done"), it is no verb."""
    tokens = reading.text.tokens
    word = tokens[at].norm
    rest = [
        i
        for i in range(at + 1, len(tokens))
        if tokens[i].kind != "punct" and i not in reading.when_tokens
    ]
    first = tokens[rest[0]].norm if rest else ""
    compound = first in LEX.noun_verbs | LEX.list_words  # "time report", "todo list"
    other_verb = VERBS.get(first, ("create",))[0] != "create"  # "todo done": no title "done"
    single = tool.kind == "create" and word == singular(word) and len(rest) > 1
    if single and not compound and not other_verb:
        return at
    return clause_verb(reading, tool)


def clause_verb(reading: Request, tool: ToolView) -> int | None:
    """ "dark mode toggle looks good, approve it": the first word of the tool's name opening
    the request's last clause, "it" or "them" after it (what the clause before says), where the
    request has no verb of ours."""
    tokens = reading.text.tokens
    breaks = [i for i, t in enumerate(tokens[:-2]) if t.norm in LEX.clause_breaks]
    first = words_of(tool.name)[:1]
    if not breaks or not first:
        return None
    at = breaks[-1] + 1
    if tokens[at].norm == first[0] and tokens[at + 1].norm in LEX.pronouns:
        return at
    return None
