"""Step 2: what the request asks, before looking at any tool: the action and its words, the
typed values found (dates, durations, ids, URLs, emails, paths, hashtags, quoted text), and
whether it is a question, names "all" of something, or points back at an earlier item ("it").

`read(text)` gives a `Reading`. Spans are token indices into `reading.text.tokens`; a value
the fill step uses marks its tokens consumed, so what is left can become a title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from orchestrator.offline._dates import When, find_duration, find_when, local_now
from orchestrator.offline._tokens import Text, tokenize
from orchestrator.offline._tools import VERBS, Kind

__all__ = ["FILLERS", "Action", "Reading", "read"]

FILLERS = frozenset(
    [
        "please",
        "pls",
        "plz",
        "kindly",
        "hey",
        "hi",
        "hello",
        "ok",
        "okay",
        "so",
        "now",
        "just",
        "quickly",
        "also",
        "and",
        "then",
        "yes",
    ]
)
_POLITE = re.compile(
    r"^(?:(?:can|could|would|will) (?:you|u)(?: please)?|i (?:want|need|would like|wd like|d like)"
    r" (?:you )?to|id like to|i'd like to|lets|let's|go ahead and|help me|i want you to"
    r"|remember to)\b ?"
)
_PHRASAL: dict[tuple[str, str], tuple[Kind, str]] = {
    ("get", "rid"): ("delete", "rid"),
    ("tell", "me"): ("read", "show"),
    ("give", "me"): ("read", "show"),
    ("call", "off"): ("stop", "cancel"),
    ("spin", "up"): ("create", "create"),
    ("set", "up"): ("create", "setup"),
    ("kick", "off"): ("run", "start"),
    ("look", "up"): ("read", "lookup"),
    ("jot", "down"): ("create", "jot"),
    ("write", "down"): ("create", "jot"),
    ("tick", "off"): ("update", "complete"),
    ("check", "off"): ("update", "complete"),
    ("cross", "off"): ("update", "complete"),
    ("fire", "up"): ("create", "create"),
}
_QUESTION = frozenset(
    [
        "what",
        "whats",
        "which",
        "who",
        "where",
        "when",
        "how",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "have",
        "has",
        "any",
        "anything",
        "show",
    ]
)
_DECLARE: dict[str, tuple[Kind, str]] = {  # "I finished ...", "I spent ...", "I need to ..."
    "finished": ("update", "finish"),
    "completed": ("update", "complete"),
    "did": ("update", "done"),
    "done": ("update", "done"),
    "spent": ("create", "spent"),
    "worked": ("create", "record"),
    "need": ("create", "remind"),
    "have": ("create", "remind"),
    "must": ("create", "remind"),
    "should": ("create", "remind"),
    "gotta": ("create", "remind"),
}
_DONE_TAIL = re.compile(r"\b(?:is|are|was|has been|got) (?:done|finished|complete|completed)\b")
_PAST = frozenset(
    [
        "paid",
        "did",
        "sent",
        "bought",
        "went",
        "made",
        "wrote",
        "got",
        "took",
        "called",
        "rang",
        "fed",
        "gave",
        "left",
        "met",
        "read",
        "ran",
        "sold",
        "told",
    ]
)
_PRONOUNS = frozenset({"it", "that", "this", "them", "those"})
_ABOUT = frozenset({"details", "detail", "info", "status", "contents", "history", "log", "logs"})
_NOTICE = frozenset({"urgent", "important", "asap", "fyi", "ps"})
_ALL = frozenset({"all", "every", "everything", "each", "whole", "entire"})


@dataclass(frozen=True)
class Action:
    verb: str  # the verb as read (normalized): "mark", "remind", "rid"
    kind: Kind | None  # None: a question with no verb
    group: int | None  # the verb's synonym group (`_tools.VERBS`)
    tokens: tuple[int, ...] = ()  # the tokens of the verb phrase ("get rid of", "remind me to")
    question: bool = False
    colon: bool = False  # "X: the rest", X not a verb: a noun to create, or someone to ask
    late: int | None = None  # the verb came later; the request starts at this token


@dataclass
class Reading:
    text: Text
    now: datetime
    action: Action
    when: When | None = None
    when_tokens: frozenset[int] = frozenset()
    duration: tuple[int, frozenset[int]] | None = None  # minutes, tokens
    lead: frozenset[int] = frozenset()  # fillers and politeness before the verb
    pronoun: bool = False  # "make it high priority": an earlier item
    everything: bool = False  # "delete all my todos"
    words: frozenset[str] = field(default_factory=frozenset)  # normalized words, for matching
    vocabulary: frozenset[str] = frozenset()  # the tools' words

    def kinds(self, *kinds: str) -> list[int]:
        return [i for i, t in enumerate(self.text.tokens) if t.kind in kinds]


def _verb(norm: str, nxt: str) -> tuple[Kind, str] | None:
    if (norm, nxt) in _PHRASAL:
        return _PHRASAL[(norm, nxt)]
    if norm in VERBS:
        return VERBS[norm][0], norm
    return None


def _action(text: Text) -> tuple[Action, frozenset[int]]:
    tokens = text.tokens
    words = [t.norm if t.kind != "quoted" else "§" for t in tokens]
    i = 0
    lead: set[int] = set()
    while True:  # fillers and politeness
        rest = " ".join(words[i:])
        m = _POLITE.match(rest)
        if i < len(words) and words[i] in FILLERS:
            lead.add(i)
            i += 1
        elif m and m.group(0):
            n = len(m.group(0).split())
            lead.update(range(i, i + n))
            i += n
        else:
            break
    first = words[i] if i < len(words) else ""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    joined = " ".join(words)
    if (
        first == "i"
        and nxt not in _DECLARE
        and nxt.isalpha()
        and (nxt.endswith("ed") or nxt in _PAST)
    ):  # "i paid the electricity bill": done
        return Action("done", "update", VERBS["done"][1], (i, i + 1)), frozenset(lead)
    if first == "i" or (first in ("im", "ive", "i've") and nxt in _DECLARE):
        j = i + 1
        while j < len(words) and words[j] in ("just", "already", "have", "had", "ve", "finally"):
            j += 1
        if j + 2 < len(words) and words[j + 1] == "," and words[j + 2] in VERBS:
            i, first, nxt = j + 2, words[j + 2], words[j + 3] if j + 3 < len(words) else ""
            lead.update(range(0, i))  # "i'm done, stop my timer": the order after the comma
        elif j < len(words) and words[j] in _DECLARE:
            kind, verb = _DECLARE[words[j]]
            said = [i, j] + ([j + 1] if j + 1 < len(words) and words[j + 1] == "to" else [])
            return Action(verb, kind, VERBS[verb][1], tuple(said)), frozenset(lead)
    if (  # "make it high priority", "set the X todo to low": a change, not a creation
        first in ("make", "set", "turn")
        and nxt in _PRONOUNS | {"the", "my"}
        and not (nxt in ("the", "my") and first == "set" and "up" in words[i:])
        and (first != "set" or nxt in _PRONOUNS or " to " in f" {joined} " or "as" in words)
    ):
        return Action(first, "update", VERBS["update"][1], (i,)), frozenset(lead)
    found = _verb(first, nxt)
    if found and first == "open" and nxt in ("a", "an", "new"):  # "open a ticket"
        found = ("create", "create")
    if found:
        kind, verb = found
        span: tuple[int, ...] = (i, i + 1) if (first, nxt) in _PHRASAL else (i,)
        if verb == "rid" and i + 2 < len(words) and words[i + 2] == "of":
            span = (i, i + 1, i + 2)
        if verb in ("remind", "remember") and nxt == "me":
            span = (i, i + 1, i + 2) if i + 2 < len(words) and words[i + 2] == "to" else (i, i + 1)
        return Action(verb, kind, VERBS[verb][1], span), frozenset(lead)
    if first in _QUESTION or first in _ABOUT or joined.rstrip().endswith("?"):
        if first == "show":
            return Action("show", "read", VERBS["show"][1], (i,), True), frozenset(lead)
        return Action(first, None, None, (i,) if first in _QUESTION else (), True), frozenset(lead)
    if _DONE_TAIL.search(joined) or (first in ("done", "finished") and nxt == ":"):
        return Action("done", "update", VERBS["done"][1], ()), frozenset(lead)
    if nxt == ":" and first not in _NOTICE:  # "todo: renew ...", "claude: explain ..."
        return Action(first, None, None, (i, i + 1), colon=True), frozenset(lead)
    for j in range(i, len(words)):  # "urgent: remind me to ...": a later verb
        found = _verb(words[j], words[j + 1] if j + 1 < len(words) else "")
        if found and tokens[j].kind == "word" and j > i and words[j - 1] in (":", ",", "to", "-"):
            kind, verb = found
            return Action(verb, kind, VERBS[verb][1], (j,), late=i), frozenset(lead)
    if any(VERBS.get(w, ("", 0))[0] == "read" for w in words[i:]):  # "time report for ..."
        return Action("", None, None, (), True), frozenset(lead)
    return Action("", None, None), frozenset(lead)


def _retarget(action: Action, words: frozenset[str]) -> Action:
    """ "remove the health tag from the dentist todo" changes the todo; it deletes nothing."""
    if action.kind == "delete" and words & {"tag", "tags", "label", "labels"} and "from" in words:
        return Action(action.verb, "update", VERBS["update"][1], action.tokens)
    return action


def read(
    text: str, vocabulary: frozenset[str] = frozenset(), now: datetime | None = None
) -> Reading:
    """The request as the router reads it before looking at the tools."""
    now = now or local_now()
    tokens = tokenize(text, vocabulary)
    action, lead = _action(tokens)
    reading = Reading(tokens, now, action, lead=lead, vocabulary=vocabulary)
    reading.words = frozenset(t.norm for t in tokens.tokens if t.kind != "punct")
    reading.action = _retarget(action, reading.words)
    when = find_when(tokens.norm, now)
    if when is not None:
        reading.when = when
        reading.when_tokens = frozenset(i for s in when.spans for i in tokens.tokens_in(s))
    duration = find_duration(tokens.norm)
    if duration is not None:
        minutes, span = duration
        used = frozenset(tokens.tokens_in(span))
        if not used & reading.when_tokens:
            reading.duration = (minutes, used)
    after = [
        t.norm for i, t in enumerate(tokens.tokens) if i not in action.tokens and i not in lead
    ]
    reading.pronoun = bool(after) and (
        after[0] in _PRONOUNS
        or (len(after) > 1 and after[0] in ("and", "then") and after[1] in _PRONOUNS)
    )
    reading.pronoun = reading.pronoun or any(
        t.norm in _PRONOUNS and i - 1 in action.tokens for i, t in enumerate(tokens.tokens)
    )
    reading.everything = bool(reading.words & _ALL)
    return reading
