"""A reply to a question for typed values only (a number, a day, a length, one of an enum's
members) that says two words or more besides them, their fields' names, units and function
words, none of them the tool's own thing (its nouns, a member of one of its enums), is a request
of its own, never the answer: "just had a glass of water, around 250ml" to the question for a
body weight, "bedtime is 11pm from now on" to the one for a streak's length (user trial 16, w02
and w28, and trial 17's first sight: a pending question took the next request's number), and a
length said where no length is asked ("I slept 7h" to the question for a budget's amount, trial
17's s19). "45", "12 reps", "exercise", "make it 4 days", "just had a mug of tea, around 250ml"
(for `record_tea`) answer it.

A reply to the question for a text (a name, a title) is a request of its own, too, when it sets
a number apart after a comma and the tool has no number to take it ("movie tickets for me and
jess, 27" or "weighed myself, 182.4 lbs" to the question for a habit's name: trial 20's b10 and
w01 became habits), or when it opens with a past verb, saying what was done ("went to the gym"):
names and titles are not said so."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from orchestrator.offline._account import is_function
from orchestrator.offline._nouns import noun_strength
from orchestrator.offline._read import read
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["says_apart", "says_more"]

_TYPED = ("number", "integer", "boolean")
_DATED = ("moment", "day", "since", "until", "duration")


def _typed(param: Param) -> bool:
    return bool(param.enum) or param.type in _TYPED or param.role in _DATED


def says_more(reply: str, tool: ToolView, params: Sequence[Param], now: datetime) -> bool:
    """Whether `reply` says more than the typed values `params` of `tool` ask for (see the
    module), and not of the tool's own thing ("just had a mug of tea, 250ml" for `record_tea`
    answers it)."""
    if not params or not all(_typed(p) for p in params):
        return False
    reading = read(reply, frozenset(), now)
    if any(noun_strength(t.norm, n) > 0 for t in reading.text.tokens for n in tool.nouns):
        return False
    if reading.duration is not None and not any(p.role == "duration" for p in params):
        return True  # "I slept 7h" to the question for a budget's amount: a length, no amount
    used = set(reading.when_tokens) | set(reading.duration[1] if reading.duration else ())
    used |= {i for v in reading.values for i in v.tokens}
    named = {w for p in params for w in (*p.words, *words_of(p.name))}
    members = {  # "it's a renewal proposal due Feb 2" to the question for a deadline: the
        # members of the tool's other enums too ("proposal_renewal"), its own words
        w
        for p in tool.params.values()
        for v in p.enum
        if isinstance(v, str)
        for w in words_of(v)
    }
    units = {*LEX.unit_names, *LEX.day_units, *LEX.week_units, *LEX.month_units}
    units |= {*LEX.year_units, *LEX.hour_units, *LEX.minute_units, *LEX.second_units}
    tokens = reading.text.tokens
    if tokens and tokens[0].norm in LEX.verbs:  # "make it 4 days": the change said again
        used.add(0)
    left = [
        t.norm
        for i, t in enumerate(tokens)
        if t.kind == "word"
        and i not in used
        and not is_function(t.norm)
        and singular(t.norm) not in named
        and t.norm not in members
        and t.norm not in units
        and t.norm not in (*LEX.yes_words, *LEX.no_words)
    ]
    return len(left) >= LEX.weights.reply_words_own


def says_apart(reply: str, tool: ToolView, now: datetime) -> bool:
    """Whether a reply to the question for a text of `tool` is a request of its own (see the
    module): a number set apart after its last comma that no number field of the tool takes,
    or a past verb first."""
    reading = read(reply, frozenset(), now)
    tokens = reading.text.tokens
    if len(tokens) > 2 and tokens[0].norm in LEX.past_tenses:
        return True
    if any(p.type in ("number", "integer") for p in tool.params.values()):
        return False
    commas = [i for i, t in enumerate(tokens) if t.text == ","]
    if not commas or commas[-1] == len(tokens) - 1:
        return False
    valued = {i for v in reading.typed("number", "quantity", "money") for i in v.tokens}
    tail = range(commas[-1] + 1, len(tokens))
    return any(i in valued for i in tail) and all(
        i in valued or tokens[i].kind == "punct" or tokens[i].norm in LEX.unit_names for i in tail
    )
