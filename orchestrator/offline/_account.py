"""Every word of a write accounted for: a value, the verb, the tool's noun, the place the tool
puts things ("to my shopping list"), the item acted on, or a function word. A word that is none
of these makes the router ask rather than write: it is never folded into a title.

`destination` marks the place phrase; `unaccounted` gives the words left over after the fill.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from orchestrator.offline._action_described import acted_on
from orchestrator.offline._measured_amounts import described_words
from orchestrator.offline._nouns import noun_matches, noun_strength
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import phrase_tokens, singular, words_of
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "destination",
    "direction_said",
    "is_function",
    "left_to_a_check",
    "moved_to_place",
    "named_object",
    "needs_nothing",
    "particle_after",
    "past_facts",
    "remark_at",
    "remarks_left",
    "unaccounted",
]


def is_function(norm: str) -> bool:
    return (
        norm in LEX.function_words
        or norm in LEX.fillers
        or norm in LEX.edge_words
        or norm in LEX.quantifiers
    )


def _place_word(word: str, tool: ToolView) -> bool:
    base = singular(word)
    if base in tool.nouns or base in tool.describe_words or word in LEX.list_words:
        return True
    if tool.server and base in {singular(w) for w in words_of(tool.server)}:
        return True
    return any(noun_matches(word, n) for n in tool.nouns)


def _server_named(word: str, tool: ToolView) -> bool:
    """A word that spells the tool's server ("todo.txt" for `todotxt`, "my-notes")."""
    squashed = "".join(words_of(word))
    return bool(tool.server) and len(squashed) > 2 and squashed == "".join(words_of(tool.server))


def destination(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "to the shopping list", "on my calendar", "in my contacts": the tool's own place, said
    after a preposition, with nothing but the tool's words in it."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in LEX.destination_prepositions or i in f.used:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].norm in LEX.determiners | {"your"} and j not in f.used:
            j += 1
        k = j
        while k < len(tokens) and (
            (
                tokens[k].kind == "word"
                and (k in f.nouns or (k not in f.used and _place_word(tokens[k].norm, tool)))
            )
            or (k not in f.used and _server_named(tokens[k].norm, tool))
        ):
            k += 1
        ends = (
            k == len(tokens)
            or tokens[k].kind == "punct"
            or k in f.used
            or (k > j and _server_named(tokens[k - 1].norm, tool) and is_function(tokens[k].norm))
        )
        named = any(k2 in f.nouns or tokens[k2].norm not in LEX.list_words for k2 in range(j, k))
        if k > j and ends and named:
            span = range(i, k)
            f.used.update(span)
            f.nouns.update(span)
        elif tool.kind == "create":
            _qualified_place(reading, f, tool, i, j)
    _server_place(reading, f, tool)


def _server_place(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "register 王五 for the contest": the tool's server named after "for" (lexicon
    `SERVER_PREPOSITIONS`: "contest" spells the `contestscore` server) at the end of a clause, a
    place, never part of the name (user trial 37)."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in LEX.server_prepositions or i in f.used:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].norm in LEX.determiners | LEX.own_list_owners:
            j += 1
        k = j
        while (
            k < len(tokens)
            and tokens[k].kind == "word"
            and k not in f.used
            and any(noun_strength(tokens[k].norm, n) > 0 for n in tool.server_nouns)
        ):
            k += 1
        if k > j and (k == len(tokens) or tokens[k].kind == "punct"):
            f.used.update(range(i, k))
            f.nouns.update(range(i, k))


def _qualified_place(reading: Request, f: Fill, tool: ToolView, at: int, j: int) -> None:
    """ "add pointer arithmetic to C programming concepts": the tool's own place ending a
    clause, with a value said inside it ("programming", the concept's `domain`): the words of
    the place no value took go with that value when next to it ("C programming"), so none of
    them runs into the record's title ("pointer arithmetic to C", user trial 36)."""
    tokens = reading.text.tokens
    k = j
    while k < len(tokens) and tokens[k].kind == "word" and not is_function(tokens[k].norm):
        k += 1
    run = range(j, k)
    ends = k == len(tokens) or tokens[k].kind == "punct"
    if not run or len(run) > LEX.qualified_place_words or not ends:
        return
    last = run[-1]
    if not (last in f.nouns or (last not in f.used and _place_word(tokens[last].norm, tool))):
        return
    valued = [
        name
        for name, spans in f.spans.items()
        if spans and set(spans) <= set(run) and isinstance(f.args.get(name), str)
    ]
    if len(valued) != 1:
        return
    (name,) = valued
    spans = f.spans[name]
    free = [i for i in run[:-1] if i not in f.used]
    if not all(i < min(spans) or i > max(spans) for i in free):
        return
    said = sorted({*spans, *free})
    if said != list(range(said[0], said[-1] + 1)):
        return  # (a word between the value and the noun that is neither: left unaccounted)
    param = tool.params.get(name)
    if param is None or param.enum or (free and param.type != "string"):
        return
    if free:
        f.set(param, reading.text.slice(said), said, reading.text.slice(said))
    span = range(at, k)
    f.used.update(span)
    f.nouns.update(i for i in span if i not in f.spans[name])


def moved_to_place(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "move fernando to the kitchen": a record moved to a place, for a change that takes one
    place (`location`), is moved there: the words after the last "to" (lexicon
    `MOVED_TO`), none of them read as anything else, are the place."""
    if tool.kind != "update" or reading.action.group != LEX.group("move"):
        return
    places = [p for p in tool.role("place") if p.name not in f.args]
    if len(places) != 1 or reading.when is not None:
        return  # ("move it to friday": a day)
    tokens = reading.text.tokens
    marks = [i for i, t in enumerate(tokens) if t.norm in LEX.moved_to and i not in f.used]
    if not marks:
        return
    start = marks[-1] + 1
    while start < len(tokens) and tokens[start].norm in LEX.determiners:
        start += 1
    span = list(range(start, len(tokens)))
    while span and tokens[span[-1]].kind == "punct":
        span.pop()
    if not span or any(i in f.used or tokens[i].kind not in ("word", "quoted") for i in span):
        return
    if all(is_function(tokens[i].norm) for i in span):
        return
    f.set(
        places[0],
        reading.text.slice(span),
        range(marks[-1], span[-1] + 1),
        reading.text.slice(span),
    )


def particle_after(reading: Request, at: int) -> bool:
    """Whether the word after `at` makes one verb with it ("back up"), lexicon
    `PHRASAL_PARTICLES`."""
    tokens = reading.text.tokens
    return at + 1 < len(tokens) and tokens[at + 1].norm in LEX.phrasal_particles


def direction_said(reading: Request, tool: ToolView) -> list[int]:
    """The words that say which way a change goes ("back", lexicon `DIRECTION_WORDS`; not as
    a verb's particle, nor in a date) that the tool's description says ("Move ... back one
    pipeline stage"): they name that tool, and say nothing more."""
    skip = set(reading.action.tokens) | set(reading.when_tokens) | set(reading.lead)
    described = set(words_of(tool.description))
    return [
        i
        for i, t in enumerate(reading.text.tokens)
        if i not in skip
        and t.norm in LEX.direction_words
        and t.norm in described
        and not particle_after(reading, i)
    ]


def named_object(reading: Request, f: Fill, tool: ToolView, after: int) -> None:
    """ "back up my leads crm" for `backup` ("... backup of configured CRM files"): the object
    said right after the tool's own verb, up to the end of the request, with nothing but the
    tool's words and its server's name in it: the tool's own thing, no value."""
    tokens = reading.text.tokens
    j = after + 1
    while j < len(tokens) and tokens[j].norm in LEX.determiners and j not in f.used:
        j += 1
    k = j
    while k < len(tokens) and tokens[k].kind == "word" and (k in f.nouns or k not in f.used):
        word = tokens[k].norm
        if k not in f.nouns and not (_place_word(word, tool) or _server_named(word, tool)):
            return
        k += 1
    if k > j and (k == len(tokens) or tokens[k].kind == "punct"):
        f.used.update(range(after + 1, k))
        f.nouns.update(range(j, k))


def needs_nothing(reading: Request, tool: ToolView) -> bool:
    """Whether the request's verb means the tool's own (lexicon `VERB_SENSES` too) and the
    tool, one that makes a thing, requires nothing (`init`, "Scaffold the vault ..."): what
    follows the verb, in the tool's own words, names the tool's thing ("set up my trove
    vault"), never a value."""
    action = reading.action
    return (
        tool.kind == "create"
        and bool(action.tokens)
        and LEX.same_sense(action.verb, action.group, tool.verb)
        and not tool.required
    )


def unaccounted(reading: Request, f: Fill) -> list[int]:
    """The tokens of content the fill did not account for (see the module docstring). A word
    that names a parameter the fill gave a value to is its label ("the Setup project")."""
    labels = {
        w
        for name in f.args
        if name in f.tool.params
        for w in (*f.tool.params[name].words, *words_of(name))  # `no_hp`: phone, and "hp"
    }
    out = []
    for i, tok in enumerate(reading.text.tokens):
        if i in f.used or i in f.reference_tokens or tok.kind == "punct":
            continue
        nxt = reading.text.tokens[i + 1].norm if i + 1 < len(reading.text.tokens) else ""
        before = reading.text.tokens[i - 1].norm if i else ""
        if tok.norm in LEX.place_pronouns and before in LEX.destination_prepositions:
            out.append(i)  # "rename plan.md in there": a place only the talk before names
            continue
        if tok.norm in LEX.whole_quantifiers and nxt not in LEX.whole_of:
            out.append(i)  # "commit everything" is many items ("everything about Acme", one)
            continue
        if tok.norm in LEX.repeat_leads and nxt in LEX.repeat_units:
            out.append(i)  # "every monday": again and again, which one date does not say
            continue
        if tok.kind in ("word", "other") and (
            is_function(tok.norm) or singular(tok.norm) in labels
        ):
            continue
        if tok.norm in LEX.label_prepositions and (
            singular(nxt) in labels or any(i + 1 in span for span in f.spans.values())
        ):
            continue  # "under epic Bugs": where the value goes, said of its label
        if set(LEX.measure_verbs.get(tok.norm, ())) & (labels | f.tool.nouns):
            continue  # "weighed 79.8 kg": the verb says what `weight_kg` (`log_water`) holds
        if (
            _describes_noun(reading, f, i)
            or i in acted_on(reading, f.tool)  # "reset the board": what it resets
            or i in _aside(reading)
            or _value_described(reading, f, i)
            or singular(tok.norm) in _record_words(f.tool.description)
            or (tok.kind == "word" and _names_its_server(tok.norm, f.tool))
        ):
            continue
        out.append(i)
    return out


def _names_its_server(word: str, tool: ToolView) -> bool:
    """A word that spells the tool's server's name, or its first part, and names none of its
    parameters ("a 5 day trip" for the `tripplan` server's `pack_checklist`): the server said,
    no value left over."""
    base = singular(word)
    return (
        len(base) > 2
        and not any(base in p.words for p in tool.params.values())
        and any(noun_strength(base, n) > 0 for n in tool.server_nouns)
    )


def _value_described(reading: Request, f: Fill, i: int) -> bool:
    """A word that the description of a field given a value says, right beside that value
    ("45 minutes of exercise" for `workout_minutes`, "Minutes of exercise"): what it is of."""
    tokens = reading.text.tokens
    word = singular(tokens[i].norm)
    for name, span in f.spans.items():
        param = f.tool.params.get(name)
        if not span or param is None or word not in described_words(param.describe):
            continue
        between = range(max(span) + 1, i) if i > max(span) else range(i + 1, min(span))
        if len(between) <= 1 and all(is_function(tokens[k].norm) for k in between):
            return True
    return False


def _aside(reading: Request) -> set[int]:
    """The tokens of the phrases said aside ("this time", lexicon `ASIDES`)."""
    return set(phrase_tokens(reading.text, LEX.asides))


@lru_cache(maxsize=1024)
def _record_words(description: str) -> frozenset[str]:
    """The words a tool's description calls what it records by, in its first sentence, each
    after an article ("Records one attempt (a question the student answered ...)": attempt,
    question): the kind of record said ("i misread the question"), never a value left out."""
    first = re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0]
    words = re.findall(r"[a-z]+", first.lower())
    return frozenset(
        singular(words[k + 1])
        for k in range(len(words) - 1)
        if words[k] in LEX.record_articles
        and words[k + 1] not in VERBS
        and not is_function(words[k + 1])
    )


def _describes_noun(reading: Request, f: Fill, i: int) -> bool:
    """A word the tool's description says, before the tool's noun ("set my daily calorie goal
    to 1800" for "Set daily nutrition goals"), in a change of no one item: which of its things,
    never a value."""
    tool = f.tool
    if (
        tool.kind != "update"
        or tool.identifier is not None
        or singular(reading.text.tokens[i].norm) not in tool.describe_words
    ):
        return False
    k = i + 1
    while k < len(reading.text.tokens) and k in f.used and k not in f.nouns:
        k += 1
    return k in f.nouns


def left_to_a_check(
    reading: Request, tool: ToolView, args: dict[str, Any], stray: list[int]
) -> bool:
    """Whether a question with no verb of ours goes to a tool with none either (`is_holiday`,
    `fiscal_year`) with only typed values, no text of the request: the words left over
    ("public", "in japan") could be written nowhere. A value left over (a number, a date, a
    month) is still asked about."""
    if reading.action.kind is not None or not reading.action.question or tool.kind is not None:
        return False
    tokens = reading.text.tokens
    valued = {i for v in reading.values if v.kind != "name" for i in v.tokens}
    valued |= set(reading.when_tokens)
    dated = set(LEX.months) | set(LEX.weekdays)
    if any(
        i in valued or tokens[i].norm in dated or any(c.isdigit() for c in tokens[i].text)
        for i in stray
    ):
        return False
    return bool(args) and all(
        tool.params[name].role in LEX.typed_roles for name in args if name in tool.params
    )


def past_facts(reading: Request, f: Fill, stray: list[int]) -> list[int]:
    """`stray` less the words a computation's request says as a fact before its value ("a half
    marathon is 13.1 mi", "oven says 180C": what the value is of, lexicon `FACT_VERBS`) and its
    question words ("how many km is that"): no value of its own, nothing left to ask about."""
    tokens = reading.text.tokens
    left = set(stray)
    for k, tok in enumerate(tokens[:-1]):
        if tok.norm not in LEX.fact_verbs or k + 1 not in f.used or k + 1 in left:
            continue
        start = max((i + 1 for i in range(k) if tokens[i].norm in LEX.clause_breaks), default=0)
        span = range(start, k + 1)
        if all(i in left or is_function(tokens[i].norm) or i == k for i in span):
            left -= set(span)
    return [i for i in stray if i in left and tokens[i].norm not in LEX.question_words]


def remarks_left(reading: Request, f: Fill, stray: list[int]) -> list[int]:
    """`stray` less a clause that says why, to the end ("reload my todo.txt, I edited it by
    hand", "..., since I changed it", "... because the file moved"), for a tool that takes no
    text its words could be: a remark, not a value left out. A clause with a value read in it
    or a number of its own is no remark."""
    if not stray or f.tool.role("title", "body", "query"):
        return stray
    at = remark_at(reading, f)
    return stray if at is None else [j for j in stray if j < at]


def remark_at(reading: Request, f: Fill) -> int | None:
    """Where the clause that says why starts, running to the end (its clause break, or its
    word of reason), with no value read in it and no number; None when there is none."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        after = tokens[i + 1].norm if i + 1 < len(tokens) else ""
        opens = (
            tok.norm in LEX.clause_breaks
            and (after in LEX.remark_subjects or after in LEX.reason_leads)
        ) or (
            i > 0 and tok.norm in LEX.reason_leads and tokens[i - 1].norm not in LEX.clause_breaks
        )
        if not opens:
            continue
        span = range(i, len(tokens))
        if any(
            (j in f.used and tokens[j].kind != "punct") or tokens[j].kind == "number" for j in span
        ):
            return None
        return i
    return None
