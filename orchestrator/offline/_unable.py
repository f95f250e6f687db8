"""A change ("delete the parking expense", "update the pizza expense to 17") to records whose
tools can make no change of that kind (a server that only adds and lists expenses), or a rename
whose tools have no place for the new name, is refused, saying so, rather than looked for among
other records (a todo, a note) that a tool of that kind changes: those were not named. The
records are those of a noun said in the request that only tools of one server (else of that
noun) hold, none of which deletes (or changes) anything; a thing paid for with a new amount
("change the rent to 1250") is of the records that hold amounts. A request to convert records
no tool converts ("convert my expenses to euros") is refused too, never answered by a read; so
is one whose verb only a tool that says it can do ("archive the done tasks to done.txt") or a
question about the world outside that only a tool that names it can tell ("what's the weather
tomorrow?"), where no tool says so; so is a favour asked of the assistant itself with a verb no
tool says ("book me a flight to Rome", "call us a cab": lexicon `FAVOR_VERBS`), never written
down as a todo instead."""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._answer import say
from orchestrator.offline._read import Request, Token
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["no_tool_converts", "no_tool_says", "no_tool_to"]


def _does(tool: ToolView, kind: str | None) -> bool:
    """Whether a tool does that kind of action: its own kind, or its own verb's (lexicon
    `NAME_VERB_KINDS`: `clear_test_cases` deletes)."""
    return tool.kind == kind or LEX.name_verb_kinds.get(tool.name_verb) == kind


def no_tool_to(reading: Request, tools: list[ToolView]) -> str | None:
    """What to answer when the change asked for is of records no tool can so change, else
    None."""
    kind = reading.action.kind
    said_kind = LEX.verbs.get(reading.action.verb, (None,))[0]
    if kind not in ("update", "delete") or said_kind != kind:  # said so ("make 2 reminders: ...",
        return None  # read as a change, is not)
    tokens = reading.text.tokens
    aside = next(  # ", I entered it by mistake": why, no record to change
        (
            k
            for k in range(1, len(tokens) - 1)
            if tokens[k].text == "," and tokens[k + 1].norm in LEX.self
        ),
        len(tokens),
    )
    said = {
        singular(t.norm)
        for i, t in enumerate(tokens)
        if i not in reading.action.tokens and t.kind == "word" and i < aside
    }
    renamed = _no_place_for_the_name(reading, tools, said)
    if renamed is not None:
        return renamed
    said |= {LEX.kind_nouns[n] for n in said if n in LEX.kind_nouns}  # "my breakfast": a meal
    if any(_does(t, kind) and t.nouns & said for t in tools):
        return None  # "delete the expense todo": the todo's tool deletes it
    held = [(n, [t for t in tools if n in t.nouns]) for n in sorted(said)]
    paid = [(n, _paid_for(reading, n, tools)) for n in sorted(said)]  # "the rent": an expense
    for noun, holders in (*held, *paid):
        servers = {t.server for t in holders}
        if not holders or len(servers) != 1:
            continue
        (server,) = servers
        group = [t for t in tools if t.server == server] if server else holders
        if any(t.kind == "create" for t in group) and not any(_does(t, kind) for t in group):
            verb = LEX.infinitive_by_kind.get(kind, kind)
            the_noun = say("the_noun", noun=noun)
            if server:
                return say("no_tool_to", server=server, verb=verb, the_noun=the_noun)
            return say("no_tool_here", verb=verb, the_noun=the_noun)
    return None


def _paid_for(reading: Request, noun: str, tools: list[ToolView]) -> list[ToolView]:
    """The tools that hold a thing paid for ("change the rent to 1250": an expense of rent),
    when a new amount is said last, after a change marker: those that record an amount."""
    if noun not in LEX.purchase_class:
        return []
    tokens = reading.text.tokens
    ends = [i for i, t in enumerate(tokens) if t.kind != "punct"]
    amounts = [
        v
        for v in reading.values
        if v.kind in ("money", "number")
        and not set(v.tokens) & reading.when_tokens
        and v.tokens[-1] == ends[-1]
        and v.tokens[0] > 0
        and tokens[v.tokens[0] - 1].norm in LEX.change_markers
    ]
    if not amounts:
        return []
    return [t for t in tools if t.kind == "create" and t.role("amount")]


def no_tool_converts(reading: Request, tools: list[ToolView]) -> str | None:
    """What to answer when the request asks to turn a server's records into another form
    ("convert my expenses to euros") and no tool says it does so (lexicon `RECORD_CONVERSIONS`):
    nothing to convert is said but the records (no number, time or day: "convert 5 km to
    miles" is a value's conversion), so no read of them answers it. Else None."""
    if reading.action.kind is not None or reading.when is not None:
        return None
    tokens = reading.text.tokens
    words = [(i, t) for i, t in enumerate(tokens) if t.kind == "word" and i not in reading.lead]
    if not words or words[0][1].norm not in LEX.record_conversions:
        return None
    verb = words[0][1].norm
    if any(t.kind not in ("word", "punct") for t in tokens) or reading.values:
        return None
    stem = verb[:-1]  # "convert": a converter, a conversion
    if any(w.startswith(stem) for t in tools for w in (*words_of(t.name), *t.describe_words)):
        return None
    held = {n for t in tools for n in t.nouns}
    nouns = [t.text.lower() for _, t in words[1:] if singular(t.norm) in held]
    if not nouns:
        return None
    return say("no_tool_here", verb=verb, the_noun=say("the_noun", noun=nouns[0]))


def _no_place_for_the_name(reading: Request, tools: list[ToolView], said: set[str]) -> str | None:
    """ "rename note book ideas to reading list", where the tools that change notes find one by
    its name and have no place for a new one (`update-note(name, content)`): refused, saying so,
    never its text replaced by the new name."""
    if reading.action.kind != "update" or reading.action.verb not in LEX.rename_verbs:
        return None
    changers = [t for t in tools if t.kind == "update" and t.nouns & said]
    if not changers or any(t.new_text for t in changers):
        return None
    if any(t.describe_words & LEX.rename_verbs for t in tools if t.nouns & said):
        return None  # "Move or rename files and directories": a tool of theirs says it renames
    noun = sorted(changers[0].nouns & said)[0]
    servers = {t.server for t in changers}
    the_noun = say("the_noun", noun=noun)
    if len(servers) == 1 and next(iter(servers)):
        return say(
            "no_tool_to", server=next(iter(servers)), verb=reading.action.verb, the_noun=the_noun
        )
    return say("no_tool_here", verb=reading.action.verb, the_noun=the_noun)


def _money_converted(reading: Request, words: list[tuple[int, Token]]) -> bool:
    """Whether the request opens with a verb of converting money (lexicon
    `MONEY_CONVERSION_VERBS`), says an amount of money, and a currency after a link to what
    it goes into ("convert 500 euros to dollars", "exchange $200 into yen")."""
    if not words or words[0][1].norm not in LEX.money_conversion_verbs:
        return False
    if not reading.typed("money"):
        return False
    tokens = reading.text.tokens
    return any(
        t.norm in LEX.conversion_links
        and i + 1 < len(tokens)
        and tokens[i + 1].norm in LEX.currency_names
        for i, t in enumerate(tokens)
    )


def _converts_money(tool: ToolView) -> bool:
    """Whether a tool may convert money: one that makes no record and takes a currency, or
    whose name says a verb of converting (`convert_currency`, `exchange`); an expense that
    takes a currency converts nothing."""
    named = {stem(w) for w in words_of(tool.name.rpartition("__")[2])}
    return (tool.kind != "create" and bool(tool.role("currency"))) or bool(
        named & {stem(w) for w in LEX.money_conversion_verbs}
    )


def _said_by_tools(tools: list[ToolView]) -> frozenset[str]:
    """The stems of every word the tools say: names, descriptions, parameters and their values."""
    said: set[str] = set()
    for t in tools:
        said.update(words_of(t.name), t.describe_words)
        for p in t.params.values():
            values = [v for v in (*p.enum, *p.allowed) if isinstance(v, str)]
            said.update(*p.words, *words_of(p.name), *p.describe.split(), *values)
            said.update(w for v in values for w in words_of(v))
    return frozenset(stem(w.lower()) for w in said if w)


def no_tool_says(reading: Request, tools: list[ToolView]) -> str | None:
    """What to answer when the request's verb is one only a tool that says it does (lexicon
    `SAID_ONLY_VERBS`: "archive the done tasks to done.txt", where the tools keep todos and
    archive nothing; a status `archived` says it; "send" said of a message, `MESSAGE_NOUNS`),
    or it asks about a thing of the world that only a tool that names it tells
    (`WORLD_TOPICS`: "what's the weather tomorrow?", the topic and a day alone), and no tool
    says that word. Else None."""
    tokens = reading.text.tokens
    words = [(i, t) for i, t in enumerate(tokens) if t.kind == "word" and i not in reading.lead]
    if not words:
        return None
    first, verb = words[0]
    if (  # "book me a flight to Rome next week": a favour, never a todo "flight to Rome"
        len(words) > 2
        and verb.norm in LEX.favor_verbs
        and words[1][1].norm in LEX.favor_objects
        and stem(verb.norm) not in _said_by_tools(tools)
    ):
        what = reading.text.original[tokens[words[1][0] + 1].start :]
        return say("no_tool_does", verb=verb.norm, what=what.strip(" ?!.")).replace("  ", " ")
    if _money_converted(reading, words) and not any(
        _converts_money(t) for t in tools
    ):  # "convert 500 euros to dollars": no tool converts money (`currency_format` formats)
        what = reading.text.original[tokens[first + 1].start :] if first + 1 < len(tokens) else ""
        return say("no_tool_does", verb=verb.norm, what=what.strip(" ?!."))
    errand = reading.when is not None and not reading.action.question  # "send it friday": to do
    sent = [t.norm for _, t in words[1:] if singular(t.norm) in LEX.message_nouns]
    said = sent[0] if sent and verb.norm in LEX.sending_verbs else verb.norm  # "send ... an email"
    if (
        (verb.norm in LEX.said_only_verbs or said != verb.norm)
        and not errand
        and not {stem(w) for w in (singular(said), *LEX.noun_kin.get(said, ()))}
        & _said_by_tools(tools)  # ("text": an SMS tool says it)
    ):
        what = reading.text.original[tokens[first + 1].start :] if first + 1 < len(tokens) else ""
        return say("no_tool_does", verb=verb.norm, what=what.strip(" ?!.")).replace("  ", " ")
    if not reading.action.question or reading.action.kind is not None:
        return None
    topics = [(i, t) for i, t in words if t.norm in LEX.world_topics]
    rest = [  # "what's the weather tomorrow?": nothing but the topic ("anything new on hacker
        t  # news" names a feed, "what's in the weather note" a note)
        for i, t in words
        if i not in reading.action.tokens
        and i not in reading.when_tokens
        and not is_function(t.norm)
        and t.norm not in LEX.world_topic_fillers  # "gonna be like"
        and not (i and tokens[i - 1].norm in LEX.world_topic_places)  # "in jakarta": where
    ]
    if not topics or len(rest) != len(topics):
        return None
    if any(stem(t.norm) in _said_by_tools(tools) for _, t in topics):
        return None
    at, topic = topics[0]
    lead = tokens[at - 1].text + " " if at and tokens[at - 1].norm in LEX.articles else ""
    return say("no_tool_tells", what=lead + topic.text)
