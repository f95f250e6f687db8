"""Step 2: what the request asks, before looking at any tool: the action and its words, the
typed values found (dates, durations, ids, URLs, emails, paths, hashtags, quoted text), and
whether it is a question, names "all" of something, or points back at an earlier item ("it").

`read(text)` gives a `Request`. Spans are token indices into `reading.text.tokens`; a value
the fill step uses marks its tokens consumed, so what is left can become a title.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import pairwise

from orchestrator.offline._dates import When, find_duration, find_when, last_of, local_now
from orchestrator.offline._described import said_of_item
from orchestrator.offline._jotted import jotted_money, received_tokens
from orchestrator.offline._math import find_math
from orchestrator.offline._repeats import said_repeats
from orchestrator.offline._tokens import Text, Token, singular, tokenize
from orchestrator.offline._values import Value, read_values
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W
from orchestrator.offline.lexicon import Kind

VERBS = LEX.verbs

__all__ = [
    "FILLERS",
    "Action",
    "Request",
    "is_past",
    "opening_past",
    "pasted_tokens",
    "pointing_ahead",
    "read",
]

FILLERS = LEX.fillers
_POLITE = re.compile(
    r"^(?:" + "|".join(re.escape(p) for p in sorted(LEX.polite, key=len, reverse=True)) + r")\b ?"
)
_DONE_TAIL = re.compile(
    r"\b(?:"
    + "|".join(re.escape(a) for a in LEX.done_aux)
    + r") (?:"
    + "|".join(re.escape(d) for d in LEX.done_words)
    + r")\b"
)


@dataclass(frozen=True)
class Action:
    verb: str  # the verb as read (normalized): "mark", "remind", "rid"
    kind: Kind | None  # None: a question with no verb
    group: int | None  # the verb's synonym group (`_tools.VERBS`)
    tokens: tuple[int, ...] = ()  # the tokens of the verb phrase ("get rid of", "remind me to")
    question: bool = False
    colon: bool = False  # "X: the rest", X not a verb: a noun to create, or someone to ask
    heading: bool = False  # "journal: ...": X names a kind of record, made of what follows
    late: int | None = None  # the verb came later; the request starts at this token
    bare: bool = False  # no verb and no question word: "time in Tokyo", "€3 for a bus ticket"
    past: bool = False  # said as done: "I paid the bill", "solved two sum in 12 minutes"
    asked: bool = False  # asked of the user: "he asked me to send the price list": a task
    measured: bool = False  # no verb, read as a record from its measured values ("70 kg")
    stated: bool = False  # no verb of ours, a fact said: "Ana knows Ben", "the X task is on Y"
    errand: bool = False  # and said as a thing to do then: "call mom tomorrow" (`_errand`)
    # "add X to the Y epic" where a tool links records to epics: X may be a record, no text
    linked: bool = False


@dataclass(frozen=True)
class Request:
    """A request as read before looking at any tool (frozen: every later step reads it)."""

    text: Text
    now: datetime
    action: Action
    when: When | None = None
    when_tokens: frozenset[int] = frozenset()
    # a date that says which record, not the change's ("mark the one due wednesday done"), with
    # its tokens and the marker before it (`_described`)
    item_when: When | None = None
    item_when_tokens: frozenset[int] = frozenset()
    duration: tuple[int, frozenset[int]] | None = None  # minutes, tokens
    lead: frozenset[int] = frozenset()  # fillers and politeness before the verb
    pronoun: bool = False  # "make it high priority": an earlier item
    everything: bool = False  # "delete all my todos"
    dated_name: bool = False  # a date said inside a name ("watch The Day After Tomorrow")
    words: frozenset[str] = field(default_factory=frozenset)  # normalized words, for matching
    vocabulary: frozenset[str] = frozenset()  # the tools' words
    values: tuple[Value, ...] = ()  # money, quantities, phones, names, numbers (`_values`)

    def kinds(self, *kinds: str) -> list[int]:
        return [i for i, t in enumerate(self.text.tokens) if t.kind in kinds]

    def typed(self, *kinds: str) -> list[Value]:
        """The typed values of these kinds (`_values`), in the order said."""
        return [v for v in self.values if v.kind in kinds]


def _done_action(tokens: tuple[int, ...]) -> Action:
    kind, verb = LEX.done_action
    return Action(verb, kind, LEX.group_of(verb), tokens)


def _done_tail(words: list[str]) -> tuple[int, ...]:
    """ "the onboarding docs are finished": the words that say it is done (never the item's)."""
    for j in range(len(words) - 1, 0, -1):
        if words[j] not in LEX.done_words:
            continue
        for aux in LEX.done_aux:
            n = len(aux.split())
            if j >= n and words[j - n : j] == aux.split():
                return tuple(range(j - n, j + 1))
    return ()


def _contracted_done(tokens: Sequence[Token], words: list[str]) -> tuple[int, ...]:
    """ "ok that one's done": a done word after a word ending in "'s" (is), ending a clause."""
    for j in range(1, len(words)):
        ends = j + 1 == len(words) or tokens[j + 1].kind == "punct"
        if words[j] in LEX.done_words and tokens[j - 1].possessive and ends:
            return (j,)
    return ()


def _verb(norm: str, nxt: str) -> tuple[Kind, str] | None:
    if f"{norm} {nxt}" in LEX.foreign_phrasal:
        return None
    if (norm, nxt) in LEX.phrasal_pairs:
        return LEX.phrasal_pairs[(norm, nxt)]
    if norm in VERBS:
        return VERBS[norm][0], norm
    if norm in LEX.spoken_verbs:  # "text maria that ...": send
        return VERBS[LEX.spoken_verbs[norm]][0], LEX.spoken_verbs[norm]
    return None


def _progressive(first: str, nxt: str) -> tuple[Kind, str] | None:
    """ "I'm starting", "I'm closing": the verb said in its -ing form after "I'm", when it
    changes the state of a thing (not "I'm making", "I'm having")."""
    suffix = LEX.progressive_suffix
    if first not in LEX.self_contracted or not nxt.endswith(suffix):
        return None
    cut = nxt[: -len(suffix)]
    for verb in (cut, cut + "e", cut[:-1] if cut[-1:] == cut[-2:-1] else ""):
        if verb in VERBS and VERBS[verb][0] in LEX.progressive_kinds:
            return VERBS[verb][0], verb
    return None


def _intended(words: list[str], i: int) -> tuple[Kind, str, tuple[int, ...]] | None:
    """ "I'll begin on X", "I will start X": a verb that changes a thing's state, said after
    the speaker's "I'll" or "I will" (lexicon `SELF_FUTURE`), with "on" after it."""
    lead = next(
        (len(p.split()) for p in LEX.self_future if words[i : i + len(p.split())] == p.split()),
        0,
    )
    at = i + lead
    if not lead or at >= len(words) or words[at] not in VERBS:
        return None
    kind, _ = VERBS[words[at]]
    if kind not in LEX.progressive_kinds:
        return None
    on = (at + 1,) if at + 1 < len(words) and words[at + 1] in LEX.on_words else ()
    return kind, words[at], (*range(i, at + 1), *on)


def _order_after(tokens: Sequence[Token], words: list[str], i: int) -> Action | None:
    """ "booked the dentist, tick it off", "Priya is vegetarian, make a note of that", "LOI
    deadline is Sept 15, can you back-plan it for me": an order closing the request (a polite
    lead and "for me" around it), after a clause break, whose pronoun points back at the clause
    before it, which says what it acts on (a fact, not an order of its own). The order is the verb,
    the pronoun, the verbs and function words between them ("make a note of that") and a
    particle after it that makes one verb with the first ("tick ... off"), at most
    `order_words` words; None for any other request."""
    content = [k for k in range(len(words)) if tokens[k].kind != "punct"]
    if not content:
        return None
    end = content[-1]
    breaks = [k for k in range(i + 1, end) if words[k] in LEX.clause_breaks]
    if not breaks or words[i] in VERBS:  # "add X, then mark it done": two orders
        return None
    j = breaks[-1] + 1
    while j < end and words[j] in FILLERS:
        j += 1
    polite = _POLITE.match(" ".join(words[j:]))  # "LOI deadline is Sept 15, can you plan it"
    j += len(polite.group(0).split()) if polite and polite.group(0) else 0
    for tail in LEX.self_beneficiaries:  # "... plan it for me": for whom, no word of the order
        n = len(tail.split())
        if end - n > j and " ".join(words[end - n + 1 : end + 1]) == tail:
            end -= n
            break
    if j > end or end - j + 1 > W.order_words or words[j] not in VERBS:
        return None
    particle = (words[j], words[end]) in LEX.phrasal_pairs and end - 1 > j
    at = end - 1 if particle else end
    between = range(j + 1, at)
    if words[at] not in LEX.pronouns or not all(
        words[k] in LEX.stop_words or words[k] in VERBS for k in between
    ):
        return None
    kind, verb = (
        LEX.phrasal_pairs[(words[j], words[end])] if particle else (VERBS[words[j]][0], words[j])
    )
    return Action(verb, kind, VERBS[verb][1], tuple(range(j, end + 1)))


def pasted_tokens(text: Text) -> frozenset[int]:
    """The tokens of the lines pasted under a request's first line (one with words of its
    own): a text to work on, whose marks say no date, no duration and no verb."""
    head = text.original.find("\n")
    if head <= 0 or not text.original[:head].strip():
        return frozenset()
    return frozenset(i for i, t in enumerate(text.tokens) if t.start > head)


def _action(text: Text) -> tuple[Action, frozenset[int]]:
    tokens = text.tokens
    pasted = pasted_tokens(text)  # lines pasted under the request's first: a value, as a
    words = [  # quoted text is
        t.norm if t.kind != "quoted" and i not in pasted else "§" for i, t in enumerate(tokens)
    ]
    i = 0
    lead: set[int] = set()
    while True:  # fillers and politeness
        rest = " ".join(words[i:])
        m = _POLITE.match(rest)
        if i < len(words) and (
            words[i] in FILLERS or (i - 1 in lead and words[i] in LEX.clause_breaks)
        ):  # "ok, make it ...": the comma after a filler too
            lead.add(i)
            i += 1
        elif m and m.group(0):
            n = len(m.group(0).split())
            lead.update(range(i, i + n))
            i += n
        else:
            break
    if (
        i + 2 < len(words)
        and " ".join(words[i : i + 2]) in LEX.asked_reminders
        and words[i + 2] in LEX.wh_words
    ):  # "remind me what the grapple rules are": a question, no reminder
        lead.update((i, i + 1))
        i += 2
    order = _order_after(tokens, words, i)
    if order is not None:  # "booked the dentist, tick it off": that order, on the clause before
        return order, frozenset(lead)
    first = words[i] if i < len(words) else ""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    joined = " ".join(words)
    if (
        first in LEX.self
        and nxt not in LEX.declare
        and nxt.isalpha()
        and (nxt.endswith(LEX.past_suffix) or nxt in LEX.past_tenses)
    ):  # "i paid the electricity bill": done
        return replace(_done_action((i, i + 1)), past=True), frozenset(lead)
    if first in LEX.self or (first in LEX.self_contracted and nxt in LEX.declare):
        j = i + 1
        while (  # "I've just finished", but "I had a meeting"
            j + 1 < len(words)
            and words[j] in LEX.declare_skip
            and (words[j + 1] in LEX.declare_skip or words[j + 1] in LEX.declare)
        ):
            j += 1
        if j + 2 < len(words) and words[j + 1] == "," and words[j + 2] in VERBS:
            i, first, nxt = j + 2, words[j + 2], words[j + 3] if j + 3 < len(words) else ""
            lead.update(range(0, i))  # "i'm done, stop my timer": the order after the comma
        elif j < len(words) and words[j] in LEX.declare:
            kind, verb = LEX.declare[words[j]]
            said = [i, j] + (
                [j + 1] if j + 1 < len(words) and words[j + 1] in LEX.change_to[:1] else []
            )
            past = is_past(words[j])
            return Action(verb, kind, VERBS[verb][1], tuple(said), past=past), frozenset(lead)
    if _declared_alone(words, i) and not tokens[-1].text.endswith("?"):
        kind, verb = LEX.declare[first]  # "had oatmeal for breakfast": "I had ...", unsaid "I"
        return Action(verb, kind, VERBS[verb][1], (i,), past=True), frozenset(lead)
    for n in LEX.reported_subject_words:  # "he asked me to ...", "Lena wants me to ...": a task
        start = i + n
        for phrase in LEX.reported_requests:
            request = phrase.split()
            if words[start : start + len(request)] == request and start + len(request) < len(words):
                kind, verb = LEX.create_action
                asked = tuple(range(i, start + len(request)))
                return Action(verb, kind, LEX.group_of(verb), asked, asked=True), frozenset(lead)
    progressive = _progressive(first, nxt)
    if progressive is not None:  # "I'm starting on the SSL renewal": that verb's action
        kind, verb = progressive
        on = (i + 2,) if i + 2 < len(words) and words[i + 2] in LEX.on_words else ()
        return Action(verb, kind, VERBS[verb][1], (i, i + 1, *on)), frozenset(lead)
    intent = _intended(words, i)
    if intent is not None:  # "I'll begin on the offsite planning": that verb's action
        kind, verb, spoken = intent
        return Action(verb, kind, VERBS[verb][1], spoken), frozenset(lead)
    if first in LEX.naming_verbs and nxt in LEX.named_pronouns:  # "call it Space": a new name
        verb = LEX.verb_groups[LEX.group("rename")][2].split()[0]
        return Action(verb, "update", LEX.group("rename"), (i,)), frozenset(lead)
    the_my = LEX.determiners & {LEX.the_word, "my"}
    if (  # "make it high priority", "set the X todo to low": a change, not a creation
        first in LEX.change_verbs
        and nxt in LEX.pronouns | the_my
        and not (nxt in the_my and first == LEX.set_word and LEX.setup_tail in words[i:])
        and (
            first != LEX.set_word
            or nxt in LEX.pronouns
            or any(f" {m} " in f" {joined} " for m in LEX.change_markers)
        )
    ):
        return Action(first, "update", LEX.group("update"), (i,)), frozenset(lead)
    if (
        first in LEX.article_create_verbs
        and nxt
        and nxt not in LEX.articles_new
        and not any(  # "make Maya and Daniel a connection called 'M & D'": one made for them
            words[k] in LEX.articles_new and words[k + 2] in LEX.title_markers
            for k in range(i + 2, len(words) - 2)
        )
    ):
        # "make dark mode part of the epic": a change; "make a note" creates
        return Action(first, "update", LEX.group("update"), (i,)), frozenset(lead)
    after = words[i + 2] if i + 2 < len(words) else ""
    if first in LEX.verb_modifiers and nxt not in LEX.verb_modifiers and _verb(nxt, after):
        i, first, nxt = i + 1, nxt, after  # "force delete agent writer": delete, with force
    found = _verb(first, nxt)
    if found and first in LEX.open_verbs and nxt in LEX.articles_new:  # "open a ticket"
        found = ("create", LEX.verb_groups[0][1].split()[0])
    if found and found[0] == "run" and nxt in LEX.articles_new and after in LEX.new_words:
        found = ("create", LEX.verb_groups[0][1].split()[0])  # "start a new campaign": one made
    if (
        found
        and first in LEX.give_verbs
        and nxt in LEX.object_pronouns
        and after in LEX.articles_new
    ):
        found = ("create", LEX.verb_groups[0][1].split()[0])  # "give it a subtask": one under it
    if found:
        kind, verb = found
        span: tuple[int, ...] = (i, i + 1) if (first, nxt) in LEX.phrasal_pairs else (i,)
        tail = LEX.verb_tails.get(verb, ())
        at = span[-1] + 1
        for word in tail:  # "get rid of", "remind me to"
            if at < len(words) and words[at] == word:
                span, at = (*span, at), at + 1
            else:
                break
        return Action(verb, kind, VERBS[verb][1], span), frozenset(lead)
    adverb = first in LEX.declare_skip and is_past(nxt)  # "finally fixed the bike light"
    done = first in LEX.subjectless_past and (
        (nxt.isalpha() and nxt not in LEX.subject_words)
        or (i + 1 < len(tokens) and tokens[i + 1].kind in ("number", "duration"))
    )  # "did squats", "did 25 min of yoga": no question
    asking = first in LEX.question_words and not done  # "did squats yesterday": no question
    if (is_past(first) or adverb or done) and not asking and not joined.endswith("?"):
        # "solved two sum in 12 minutes": a thing said as done, with no verb of ours
        lead.update([i] if adverb else [])
        verb = nxt if adverb else first
        return Action(verb, None, None, (), True, bare=True, past=True), frozenset(lead)
    if first in LEX.question_words or first in LEX.about_words or joined.rstrip().endswith("?"):
        if VERBS.get(first, ("", 0))[0] == "read":  # "show ...?"
            return Action(first, "read", VERBS[first][1], (i,), True), frozenset(lead)
        asks = (i,) if first in LEX.question_words else ()
        return Action(first, None, None, asks, True), frozenset(lead)
    contracted = _contracted_done(tokens, words)
    if _DONE_TAIL.search(joined) or contracted or (first in LEX.done_words and nxt == ":"):
        return _done_action(_done_tail(words) or contracted), frozenset(lead)
    if nxt == ":" and first not in LEX.notice_words:  # "todo: renew ...", "claude: explain ..."
        return Action(first, None, None, (i, i + 1), colon=True), frozenset(lead)
    colon = next((k for k in range(i, len(words)) if words[k] in LEX.heading_marks), None)
    for j in range(i, len(words)):  # "urgent: remind me to ...": a later verb
        if colon is not None and j > colon + 1:  # ("flesch score for: Click the button to
            break  # start.": the text handed over says no verb of the request's)
        found = _verb(words[j], words[j + 1] if j + 1 < len(words) else "")
        if found and tokens[j].kind == "word" and j > i and _late_verb(words, j):
            kind, verb = found
            if (
                words[j] in LEX.change_verbs
                and j + 1 < len(words)
                and words[j + 1] in (LEX.pronouns)
            ):  # "actually it was a big plate, make it 950": a change of the earlier one,
                if words[i] in LEX.pronouns:  # what it was said before it, a remark
                    lead.update(range(i, j))
                return Action(words[j], "update", LEX.group("update"), (j,), late=i), frozenset(
                    lead
                )
            return Action(verb, kind, VERBS[verb][1], (j,), late=i), frozenset(lead)
    corrected = _corrected(tokens, words, i)
    if corrected is not None and not joined.rstrip().endswith("?"):  # "the Blastoise was
        return corrected, frozenset(lead)  # actually 850": its value, changed
    # no verb at all ("time in Tokyo", "my todos for tomorrow"): something to see, unless it
    # says a fact ("Ana works at Acme"): a thing to record, asked about
    stated = not joined.rstrip().endswith("?") and _states(tokens, words, i)
    return Action("", None, None, (), True, bare=True, stated=stated), frozenset(lead)


def _late_verb(words: Sequence[str], j: int) -> bool:
    """Whether the verb at `j` opens the request's order after what it is about: after a
    colon, a comma or "to" ("urgent: remind me ..."), or as the last sentence, alone with what
    it acts on ("Notion – Operations Manager, applied Nov 16. add it", "..., please add", "pls
    add to tracker": lexicon `LATE_VERB_ENDS`)."""
    before = words[j - 1]
    if before in LEX.late_verb_after:
        return True
    if before in LEX.fillers and j >= 2:
        before = words[j - 2]
    if before not in LEX.late_verb_ends and before not in LEX.late_verb_after:
        return False
    rest = [w for w in words[j + 1 :] if w not in LEX.function_words and w not in LEX.fillers]
    return len(rest) <= 1 and all(w.isalpha() for w in rest)


def _corrected(tokens: Sequence[Token], words: Sequence[str], i: int) -> Action | None:
    """A value said to be what a thing really was, from `i` ("the Blastoise was actually 850",
    lexicon `CORRECTION_WORDS`): a change of it, the correcting word its verb; else None."""
    for j in range(i + 1, len(words) - 2):
        if (
            words[j] in LEX.stating_links
            and words[j + 1] in LEX.correction_words
            and tokens[j + 2].kind in ("number", "other")
        ):
            return Action(words[j + 1], "update", LEX.group("update"), (j + 1,))
    return None


def _states(tokens: Sequence[Token], words: Sequence[str], i: int) -> bool:
    """Whether the words from `i` say a fact of a thing: a subject, then "is" / "are"
    ("the billing task is on branch X", "Ben is married to Ana"; not "todos that are due"), or
    a name and a verb of its own ("Ana knows Ben", "Ana works at Acme")."""
    if any(w in LEX.wh_words for w in words[i:]):  # "if it's 3pm in NY what time is
        return False  # it in Tokyo": a question
    for j in range(i + 1, len(words) - 1):
        if words[j] in LEX.stating_links and words[j - 1] not in LEX.relative_words:
            return tokens[j - 1].kind == "word" and words[j - 1] not in LEX.pronouns
    if len(words) < i + 3 or tokens[i].kind != "word" or tokens[i + 1].kind != "word":
        return False
    name, verb, then = tokens[i].text, tokens[i + 1].text, tokens[i + 2].text
    return (
        name[:1].isupper()
        and verb.isalpha()
        and verb.islower()
        and verb.endswith(LEX.stating_suffix)
        and not verb.endswith(LEX.stating_suffix * 2)
        and (then[:1].isupper() or words[i + 2] in LEX.stating_objects)
    )


def _alone(text: Text, i: int) -> bool:
    """Whether token `i` is a sentence of one word ("welp.", "ugh!"): the first word, or one
    after a sentence's end, with a sentence's end right after it."""
    tokens = text.tokens
    ends = LEX.sentence_ends
    before = i == 0 or (tokens[i - 1].kind == "punct" and tokens[i - 1].text in ends)
    return before and i + 1 < len(tokens) and tokens[i + 1].text in ends


def _news(tokens: Sequence[Token]) -> bool:
    """Whether a verb in the past tense follows a word of its subject ("meeting with stripe went
    well today", "dinner reservation confirmed for friday"): news of what happened, no thing to
    do (not "return the borrowed book tomorrow": a past form after "the" says which)."""
    plain = LEX.function_words | LEX.determiners | LEX.fillers
    return any(
        is_past(t.norm)
        and before.kind == "word"
        and before.norm not in plain
        and not is_past(before.norm)
        for before, t in pairwise(tokens)
    )


def _errand(text: Text, lead: frozenset[int], vocabulary: frozenset[str]) -> bool:
    """Whether a request with no verb of ours and a date opens with a word of no tool's, no
    function word ("call 555-1234 about the car insurance next friday", "buy milk
    tomorrow"): a thing to do then, said to be recorded, not a listing's filter."""
    kept = [i for i, t in enumerate(text.tokens) if i not in lead and t.kind != "punct"]
    while len(kept) > 1 and _alone(text, kept[0]):  # "ugh. got rejected by Airbnb today":
        kept = kept[1:]  # a word said as a sentence of its own opens nothing
    tokens = [text.tokens[i] for i in kept]
    if len(tokens) < 3 or text.original.rstrip().endswith("?"):
        return False
    if any(t.norm in LEX.wh_words for t in tokens):  # "if it's 3pm ... what time is it"
        return False
    first = tokens[0]
    if _news(tokens):
        return False
    return (
        first.kind == "word"
        and first.norm.isalpha()
        and first.norm not in vocabulary
        and first.norm not in LEX.function_words | LEX.fillers | LEX.quantifiers
        and first.norm not in LEX.question_words | LEX.determiners | LEX.pronouns
        and first.norm not in LEX.wh_words
        and singular(first.norm) not in LEX.report_nouns  # "summary of spending this month"
    )


def _said_deleted(action: Action, text: Text) -> Action:
    """A delete verb said in the past tense ("forgot the butterfly one", "deleted the old card")
    reports what happened: no order to delete (its words had been corrected to the verb's)."""
    if action.kind != "delete" or action.past or not action.tokens:
        return action
    said = text.tokens[action.tokens[0]].text.lower()
    return replace(action, past=True) if is_past(said) else action


def _declared_alone(words: list[str], i: int) -> bool:
    """Whether a declaring verb opens the request with no "I" before it and a kind of a logged
    thing after "for" ("had oatmeal for breakfast": lexicon `DECLARE_ALONE`, `KINDS_OF`)."""
    if i + 1 >= len(words) or words[i] not in LEX.declare_alone:
        return False
    if words[i + 1] in LEX.declare_alone_not_before:
        return False
    return any(
        words[j - 1] in LEX.declare_alone_kind_leads and singular(words[j]) in LEX.kind_nouns
        for j in range(i + 2, len(words))
    )


def opening_past(reading: Request) -> str:
    """The past verb the request opens with, after its fillers, "I" and a word such as "just"
    ("I just took 2 advil": "took"), or ""."""
    words = [t.norm for i, t in enumerate(reading.text.tokens) if i not in reading.lead]
    at = 1 if words[:1] and words[0] in LEX.self else 0
    while at < len(words) - 1 and words[at] in LEX.declare_skip:
        at += 1
    return words[at] if at < len(words) and is_past(words[at]) else ""


def is_past(word: str) -> bool:
    """A verb's past tense: an irregular one, or a regular "-ed" form of a longer word (not
    "need", "bed")."""
    suffix = LEX.past_suffix
    return word in LEX.past_tenses or (
        word.isalpha() and word.endswith(suffix) and len(word) > len(suffix) + 3
    )


def _in_the_past(
    when: When, text: Text, action: Action, said: frozenset[int], now: datetime
) -> When:
    """ "spent 60 bucks on saturday": a day said in the past tense, its year unsaid, is the
    last one: a weekday a week back, a month's day ("paid 120 on nov 15") a year back, a day of
    the month alone ("on the 25th") a month back (not when it was asked: "he asked me to send
    it by friday" is a friday to come)."""
    if action.asked:
        return when
    verbs = [text.tokens[i].norm for i in action.tokens]
    past = action.past or any(v in LEX.past_tenses or v.endswith(LEX.past_suffix) for v in verbs)
    if action.question and said:  # "how much did I spend on monday?", not "... for monday?"
        leads = {t.norm for t in text.tokens[max(min(said) - 1, 0) : min(said) + 1]}
        words = {t.norm for t in text.tokens[: min(said)]}
        past = past or bool(words & LEX.past_question_words)
        past = past and not leads & LEX.future_day_leads
    past = past or _said_done(text, said)
    if not past:
        return when
    return last_of(when, [text.tokens[i].norm for i in said], now)


def _said_done(text: Text, said: frozenset[int]) -> bool:
    """Whether the day is said right after a verb in the past tense, over a function word or
    two ("applied on nov 5", "applied back on sept 15th", "sent it on the 2nd"), never after a
    word that leads a day to come ("done by friday")."""
    if not said:
        return False
    i = min(said) - 1
    while i >= 0 and min(said) - i <= 3:
        word = text.tokens[i].norm
        if word in LEX.future_day_leads:
            return False
        if word not in LEX.function_words and word not in LEX.past_day_skips:
            return is_past(word)
        i -= 1
    return False


def _item_when(
    text: Text, action: Action, when: When | None, now: datetime
) -> tuple[When, frozenset[int]] | None:
    """The date that says which record a change or deletion is of ("the one due wednesday",
    "the card from monday": a day past), and its tokens with the marker before it; None when
    the first date said is no such date."""
    if when is None or action.kind not in LEX.described_kinds:
        return None
    said = frozenset(i for s in when.spans for i in text.tokens_in(s))
    phrase = said_of_item(text.tokens, said) if said else None
    if phrase is None:
        return None
    marker = phrase.after[:1] if said <= set(phrase.after) else ()
    if marker and text.tokens[marker[0]].norm in LEX.described_since:  # made then: a day gone
        when = _in_the_past(when, text, replace(action, past=True), said, now)  # by
    return when, said | set(marker)


def _blanked(norm: str, spans: tuple[tuple[int, int], ...]) -> str:
    """`norm` with the characters of `spans` blanked, so that each other word keeps its place."""
    chars = list(norm)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _took(norm: str, when: When) -> tuple[int, tuple[int, int]] | None:
    """ "in 12 minutes", read as a moment from now, as a length instead (a thing said as done
    took it): the length and its span, "in" with it."""
    start, end = when.spans[0]
    lead = LEX.in_word + " "
    if not norm[start:end].startswith(lead):
        return None
    found = find_duration(norm[start + len(lead) : end])
    return (found[0], (start, end)) if found is not None else None


def _now_part(text: Text, lead: frozenset[int], said: frozenset[int]) -> bool:
    """Whether the request asks if it is now a part of the day ("is it still morning in Los
    Angeles?", lexicon `NOW_PART_QUESTIONS`): the time read from the part is no time at all."""
    words = [t.norm for i, t in enumerate(text.tokens) if i not in lead]
    at = min((i for i in range(len(text.tokens)) if i not in lead), default=0)
    for phrase in LEX.now_part_questions:
        n = len(phrase.split())
        if words[:n] == phrase.split() and n < len(words) and words[n] in LEX.day_parts:
            return said == frozenset({at + n})
    return False


def _in_a_name(text: Text, said: frozenset[int]) -> bool:
    """Whether the date read sits inside a name: a run of capitalised words (not the request's
    first word) holding a date word typed capitalised that names no day or month ("The Day
    After Tomorrow"), or a day's name with a capitalised word after it ("Friday Night Lights").
    "call John Friday" holds none."""
    runs: list[list[int]] = [[]]
    for i, t in enumerate(text.tokens):
        if i > 0 and t.kind == "word" and t.text[:1].isupper() and not t.text.isupper():
            runs[-1].append(i)
        elif runs[-1]:
            runs.append([])
    for run in runs:
        dated = [i for i in run if i in said]
        if len(run) < 2 or not dated:
            continue
        if any(not _names_a_day(text.tokens[i].norm) for i in dated):
            return True
        if any(i > dated[0] and i not in said for i in run):
            return True
    return False


def _kind_of_thing(text: Text, said: frozenset[int]) -> bool:
    """Whether the date read is a day part alone said after an article or an owner and before
    a word of its own ("the evening walk helped", "my morning run"): it says what kind of thing
    that is, not when ("in the evening", "this evening", "the evening of the 5th" are times)."""
    if len(said) != 1:
        return False
    (at,) = said
    tokens = text.tokens
    if tokens[at].norm not in LEX.day_parts or not 0 < at < len(tokens) - 1:
        return False
    after = tokens[at + 1]
    return (
        tokens[at - 1].norm in LEX.day_part_owners
        and after.kind == "word"
        and after.norm not in LEX.function_words
        and after.norm not in LEX.edge_words
    )


def _names_an_evening(text: Text, said: frozenset[int]) -> bool:
    """Whether the date read is a day part alone said after a noun of its own, ending the
    request ("host game night", "plan movie night"): what the thing is called, not when
    ("friday night", "tomorrow night", "at night" are times)."""
    if len(said) != 1:
        return False
    (at,) = said
    tokens = text.tokens
    if tokens[at].norm not in LEX.naming_day_parts or at == 0 or at != len(tokens) - 1:
        return False
    before = tokens[at - 1]
    return (
        before.kind == "word"
        and before.norm.isalpha()
        and before.norm not in LEX.function_words
        and before.norm not in LEX.edge_words
        and find_when(before.norm, local_now()) is None  # ("friday night", "tomorrow night")
    )


def _names_a_day(word: str) -> bool:
    """A day's or a month's name, or its short form ("fri", "dec"): written capitalised."""
    return len(word) >= 3 and any(n.startswith(word) for n in (*LEX.weekdays, *LEX.months))


def _reminded_other(action: Action, text: Text) -> Action:
    """ "remind nova labs about their invoice": someone else reminded of something, a thing
    sent to them (lexicon `SEND_ACTION`), no reminder for the user ("remind me to ...",
    "remind about X")."""
    said = {text.tokens[i].norm for i in action.tokens}  # "remind me to": its own tail
    if action.verb not in LEX.remind_verbs or not said & LEX.remind_verbs:
        return action  # ("I need ...": a reminder, said otherwise)
    at = max(action.tokens) + 1
    nxt = text.tokens[at].norm if at < len(text.tokens) else ""
    if not nxt or (said | {nxt}) & LEX.remind_self or text.tokens[at].kind != "word":
        return action
    if not any(t.norm in LEX.remind_leads for t in text.tokens[at + 1 :]):
        return action  # ("remind widgets": nobody reminded of anything)
    kind, verb = LEX.send_action
    return Action(verb, kind, LEX.group_of(verb), action.tokens)


def _retarget(action: Action, words: frozenset[str]) -> Action:
    """ "remove the health tag from the dentist todo" changes the todo; it deletes nothing."""
    if action.kind == "delete" and words & LEX.tag_nouns and LEX.from_word in words:
        return Action(action.verb, "update", LEX.group("update"), action.tokens)
    return action


def _with_values(
    action: Action,
    text: Text,
    values: tuple[Value, ...],
    timed: frozenset[int],
    day: tuple[When | None, datetime],
) -> Action:
    """What money or a quantity makes of the action: "I paid 80 dollars" spent it (it was not
    a thing done), and so does "paid 45 eur for gas", the verb opening it; "€3 for a bus
    ticket", with no verb at all, records it."""
    measured = said_repeats(text.tokens, values) is not None  # "3 sets of 10 pull-ups"
    measured = (
        measured
        or any(
            v.kind == "money" or (v.kind == "quantity" and not _set_on(text, v) and _logged(v))
            for v in values
        )
        or any(
            text.tokens[k].norm in LEX.measure_groups
            for v in values
            if v.kind == "number"
            for k in (v.tokens[-1] + 1,)
            if k < len(text.tokens)
        )
    )  # "155 kcal": a measure, said by its name
    spending = [i for i in action.tokens if text.tokens[i].norm in LEX.spend_verbs]
    if action.bare and action.past and action.verb in LEX.spend_verbs:  # "paid 45 eur for gas"
        spending = [next(i for i, t in enumerate(text.tokens) if t.norm == action.verb)]
    measured = measured or bool(spending and _priced(text, values, timed))
    if action.bare and not spending:  # "netflix 13.99 charged today": said after the amount
        after = [v.tokens[-1] + 1 for v in values if _cents(text, v)]
        spending = [
            k for k in after if k < len(text.tokens) and text.tokens[k].norm in LEX.spent_words
        ]
        measured = measured or bool(spending)
    received = received_tokens(text)
    if received and any(v.kind in ("money", "number") for v in values):
        kind, verb = LEX.create_action  # "i got paid! salary 3200 today": money received
        said = tuple(sorted({*action.tokens, *received}))
        return Action(verb, kind, LEX.group_of(verb), said, measured=True)
    if action.kind is None and action.bare:  # "coffee 3.80", "gym 35 today": money jotted down
        measured = measured or jotted_money(text, values, timed, *day)
    if not measured:
        return action
    kind, verb = LEX.spend_action
    if spending and (action.kind == "update" or action.bare):
        return Action(verb, kind, LEX.group_of(verb), tuple(sorted({*action.tokens, *spending})))
    if action.kind is None and action.bare:
        kind, verb = LEX.create_action
        return Action(verb, kind, LEX.group_of(verb), (), measured=True)
    return action


def _logged(value: Value) -> bool:
    """Whether a quantity is of a kind people record ("80 kg", "2 l"), not a part's rating
    ("330 ohm", "100nF": lexicon `RATED_KINDS`), which says no record."""
    return not any(value.unit in LEX.unit_kinds.get(kind, ()) for kind in LEX.rated_kinds)


def _set_on(text: Text, value: Value) -> bool:
    """Whether a quantity is said after a preposition of place, a setting the request is about
    ("the path loss on 23cm"), never a measure it records."""
    before = value.tokens[0] - 1
    return before >= 0 and text.tokens[before].norm in LEX.setting_leads


def _cents(text: Text, value: Value) -> bool:
    """Money, or a number with a fraction ("13.99"): an amount, never a record's number
    ("the invoice 42 paid")."""
    if value.kind == "money":
        return True
    return value.kind == "number" and any(not c.isdigit() for c in text.slice(value.tokens))


def _priced(text: Text, values: tuple[Value, ...], timed: frozenset[int]) -> bool:
    """Whether a plain number is said as what a spending verb paid: right after the verb or
    after "for" ("I paid 120 for the bill", "bought a book for 18"), no thing counted after it
    ("paid 3 invoices"), nor a day's number ("paid on the 15th")."""
    tokens = text.tokens
    for value in values:
        if value.kind != "number" or set(value.tokens) & timed:
            continue
        before, after = value.tokens[0] - 1, value.tokens[-1] + 1
        led = before >= 0 and tokens[before].norm in (*LEX.spend_verbs, *LEX.price_leads)
        if not led and not _cents(text, value):  # ("paid meralco bill 3,450.75": its cents)
            continue
        if (
            after >= len(tokens)
            or tokens[after].kind == "punct"
            or tokens[after].norm in LEX.function_words
            or after in timed
            or (led and tokens[value.tokens[-1]].text[-1:].lower() in LEX.number_suffixes)
        ):  # ("paid 15k rent": thousands, never a count of rents)
            return True
    return False


def _with_progress(action: Action, text: Text, values: tuple[Value, ...]) -> Action:
    """ "the kitchen renovation is about 40% done": how far along it is, a change to it (not a
    thing done, nor a question)."""
    if action.kind not in (None, "update") or (action.kind == "update" and action.tokens):
        return action
    for value in values:
        k = value.tokens[-1] + 1
        if (
            value.kind == "percent"
            and k < len(text.tokens)
            and text.tokens[k].norm in (LEX.done_words)
        ):
            kind, verb = LEX.progress_action  # its words are the percentage's (`_typed`)
            return Action(verb, kind, LEX.group_of(verb), ())
    return action


def _with_times(
    action: Action, when: When | None, duration: tuple[int, frozenset[int]] | None, now: datetime
) -> Action:
    """With no verb, a time to come said with its end or its length ("call with the bank next
    wednesday 3pm, half an hour", "1:1 with Priya on monday 10:00-10:30") is a thing to put in
    the calendar: a new record."""
    if action.kind is not None or not action.bare or action.past or when is None:
        return action
    if when.kind != "moment" or not when.has_time or when.exact or when.start < now:
        return action
    if when.end is None and duration is None:
        return action
    kind, verb = LEX.create_action
    return Action(verb, kind, LEX.group_of(verb), ())


def pointing_ahead(tokens: Text, action: Action) -> set[int]:
    """ "save this: gate code 4821#", "jot down that the plumber's number is ...": a pronoun
    right after the verb that points at what follows it (a colon after it, or a clause it opens,
    lexicon `CONTENT_OPENERS`), never at an earlier item."""
    words = tokens.tokens
    out: set[int] = set()
    for i in range(1, len(words) - 1):
        if i - 1 not in action.tokens or i in action.tokens or words[i].norm not in LEX.pronouns:
            continue
        nxt = words[i + 1].norm
        if nxt in LEX.heading_marks or (
            words[i].norm in LEX.content_marks and nxt in LEX.content_openers
        ):
            out.add(i)
    return out


def _day_owns(text: Text, when: frozenset[int]) -> frozenset[int]:
    """The event a day said in the possessive owns ("for saturday's session", "before
    friday's meeting"; lexicon `DATED_EVENTS`): it says which day, as the day does, and names
    nothing else ("today's step count" is the count's)."""
    tokens = text.tokens
    for i in sorted(when):
        k = i + 1
        if (
            tokens[i].text.lower().endswith(LEX.possessive)
            and k < len(tokens)
            and k not in when
            and singular(tokens[k].norm) in LEX.dated_events
        ):
            return frozenset({k})
    return frozenset()


def read(
    text: str, vocabulary: frozenset[str] = frozenset(), now: datetime | None = None
) -> Request:
    """The request as the router reads it before looking at the tools."""
    now = now or local_now()
    tokens = tokenize(text, vocabulary)
    action, lead = _action(tokens)
    words = frozenset(t.norm for t in tokens.tokens if t.kind != "punct")
    action = _retarget(action, words)
    action = _reminded_other(action, tokens)
    when = find_when(tokens.norm, now)
    when_tokens: frozenset[int] = frozenset()
    item = _item_when(tokens, action, when, now)
    if item is not None:  # "move the one due wednesday to friday": friday is when it goes
        when = find_when(_blanked(tokens.norm, item[0].spans), now)
    if when is not None:
        when_tokens = frozenset(i for s in when.spans for i in tokens.tokens_in(s))
        when_tokens |= _day_owns(tokens, when_tokens)  # "saturday's session": that day's
        when = _in_the_past(when, tokens, action, when_tokens, now)
    if when is not None and _now_part(tokens, lead, when_tokens):
        when, when_tokens = None, frozenset()  # "is it still morning in LA?": now, there
    pasted = pasted_tokens(tokens)
    if when is not None and when_tokens and when_tokens <= pasted:
        when, when_tokens = None, frozenset()  # "M:4/4" in an ABC tune pasted: no date
    dated_name = when is not None and _in_a_name(tokens, when_tokens)
    if dated_name:  # "watch Friday Night Lights": a show's name, no date
        when, when_tokens = None, frozenset()
    if when is not None and _kind_of_thing(tokens, when_tokens):
        when, when_tokens = None, frozenset()  # "the evening walk helped": a walk, no date
    if when is not None and _names_an_evening(tokens, when_tokens):
        when, when_tokens = None, frozenset()  # "host game night": its name, no date
    duration = None
    found = find_duration(tokens.norm)
    if found is None and action.past and when is not None and when.exact:
        found = _took(tokens.norm, when)  # "solved it in 12 minutes": how long, not when
        if found is not None:
            when, when_tokens = None, frozenset()
    if found is not None:
        minutes, span = found
        used = frozenset(tokens.tokens_in(span))
        next_at = max(used) + 1 if used else 0
        priced = next_at < len(tokens.tokens) and tokens.tokens[next_at].norm in LEX.currency_names
        if not used & when_tokens and not used <= pasted and not priced:  # ("3.5m won": money)
            duration = (minutes, used)
    timed = when_tokens | (duration[1] if duration else frozenset())
    values = read_values(tokens, timed | frozenset(action.tokens) | pasted, vocabulary)
    loose = ("number", "numbers", "name", "percent", "money")  # arithmetic too ("2 x 189 euros")
    typed = {i for v in values if v.kind not in loose for i in v.tokens}  # ("15% of 240")
    math = find_math(tokens, set(timed) | typed)
    if math is not None:
        values = tuple(sorted((*values, math), key=lambda v: v.tokens[0]))
        if action.tokens and set(action.tokens) <= set(math.tokens):  # "add 17 and 25": a sum
            action = Action("", None, None, (), True)
    if action.bare and not action.stated and when is not None and _errand(tokens, lead, vocabulary):
        action = replace(action, stated=True, errand=True)  # "call 555-1234 about ... friday"
    action = _with_values(action, tokens, values, timed, (when, now))
    action = _with_progress(action, tokens, values)
    action = _said_deleted(action, tokens)
    action = _with_times(action, when, duration, now)
    after = [
        t.norm for i, t in enumerate(tokens.tokens) if i not in action.tokens and i not in lead
    ]
    pronouns = LEX.pronouns
    joins = LEX.joins
    ahead = pointing_ahead(tokens, action)
    pronoun = bool(after) and (
        (after[0] in pronouns and not ahead)
        or (len(after) > 1 and after[0] in joins and after[1] in pronouns)
    )
    pronoun = pronoun or any(  # (an order's own pronoun points inside the request)
        t.norm in pronouns and i - 1 in action.tokens and i not in action.tokens and i not in ahead
        for i, t in enumerate(tokens.tokens)
    )
    return Request(
        tokens,
        now,
        action,
        when=when,
        when_tokens=when_tokens,
        item_when=item[0] if item else None,
        item_when_tokens=item[1] if item else frozenset(),
        duration=duration,
        lead=lead,
        pronoun=pronoun,
        everything=bool(words & LEX.all_words),
        dated_name=dated_name,
        words=words,
        vocabulary=vocabulary,
        values=values,
    )
