"""A state said as a fact, and the tool whose description says it sets that state: "the docs
are finished" for a tool "Mark a task as done", "I'm starting on X" for "Mark a task as
in-progress", "put X back to pending" for "Reset a task back to pending". States are the
lexicon's enum synonym groups (done, finished, completed, ...); a tool's is the one group its
description's first sentence names after "as" or "to"; nothing here knows a tool.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request, is_past
from orchestrator.offline._tokens import stem, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "described_state",
    "described_word",
    "done_by_verb",
    "done_state",
    "done_when",
    "logs_done",
    "named_state",
    "said_after_marker",
    "said_states",
    "sets_done",
    "state_at",
    "state_length",
]


@lru_cache(maxsize=1)
def _states() -> tuple[dict[str, int], dict[str, int]]:
    """Each state word's stem, and each state phrase of two words, with its group."""
    words: dict[str, int] = {}
    phrases: dict[str, int] = {}
    for n, group in enumerate(LEX.enum_phrases):
        for phrase in group:
            parts = words_of(phrase)
            if len(parts) == 1 and phrase not in LEX.plain_enum_values:
                words.setdefault(stem(parts[0]), n)
            elif len(parts) == 2:
                phrases.setdefault(" ".join(parts), n)
    return words, phrases


def done_state() -> int | None:
    """The state that says a thing is done (the group of the lexicon's done verb)."""
    return _states()[0].get(stem(LEX.done_action[1]))


def state_at(words: list[str], i: int) -> int | None:
    """The state the words from `i` name ("finished", "in progress"), or None."""
    single, double = _states()
    pair = " ".join(words[i : i + 2])
    if pair in double:
        return double[pair]
    return single.get(stem(words[i]))


def state_length(words: list[str], i: int) -> int:
    """How many words from `i` name a state: 2 ("working on"), 1 ("finished"), or 0."""
    single, double = _states()
    if " ".join(words[i : i + 2]) in double:
        return 2
    return 1 if stem(words[i]) in single else 0


@lru_cache(maxsize=4096)
def described_state(tool: ToolView) -> int | None:
    """The state the tool's description says it sets ("Mark a task as done"), or None."""
    first = re.split(r"(?<=[.!?])\s", tool.description.strip(), maxsplit=1)[0]
    words = words_of(first)
    found = {
        state
        for i, word in enumerate(words[:-1])
        if word in LEX.change_markers and (state := state_at(words, i + 1)) is not None
    }
    return found.pop() if len(found) == 1 else None


@lru_cache(maxsize=4096)
def described_word(tool: ToolView) -> str | None:
    """The one content word its description's first sentence says after "as" or "to" ("Mark
    entries as read": read), a state no lexicon group names; None for a function word."""
    first = re.split(r"(?<=[.!?])\s", tool.description.strip(), maxsplit=1)[0]
    words = words_of(first)
    found = {
        words[i + 1]
        for i, word in enumerate(words[:-1])
        if word in LEX.change_markers and words[i + 1] not in LEX.stop_words
    }
    return found.pop() if len(found) == 1 else None


@lru_cache(maxsize=4096)
def named_state(tool: ToolView) -> tuple[str, int] | None:
    """The word of a listing's name that names a state (`get_active_items`: active, a word
    of the in-progress group), and its state; None for any other tool."""
    if tool.kind != "read":
        return None
    words = [w for w in words_of(tool.name) if w != tool.verb]
    found = {(w, state) for i, w in enumerate(words) if (state := state_at(words, i)) is not None}
    return found.pop() if len(found) == 1 else None


def said_after_marker(reading: Request) -> frozenset[str]:
    """The words said right after "as" or "to" ("mark the banana bread one as read")."""
    words = [t.norm for t in reading.text.tokens]
    return frozenset(words[i + 1] for i, w in enumerate(words[:-1]) if w in LEX.change_markers)


@lru_cache(maxsize=4096)
def sets_done(tool: ToolView) -> bool:
    """Whether the tool changes an item to done: its description says so ("Mark a task as
    complete"), or a state it takes is done (`status: want_to_read | reading | finished`)."""
    if logs_done(tool):
        return True
    if tool.kind != "update" or tool.identifier is None:
        return False
    done = done_state()
    return described_state(tool) == done or any(
        isinstance(v, str) and state_at(words_of(v.lower()), 0) == done
        for param in tool.role("enum")
        for v in param.enum
    )


def logs_done(tool: ToolView) -> bool:
    """Whether the tool records an item done as an entry of its own (`log_completion(habit_id)`,
    "Log habit completion"): it makes a record of what its name, or its description's opening,
    says is a thing done (lexicon `DONE_NOUNS`), for an existing item it needs."""
    ident = tool.identifier
    return (
        tool.kind == "create"
        and ident is not None
        and ident.required
        and bool(tool.nouns & LEX.done_nouns or _described_done(tool))
    )


def _described_done(tool: ToolView) -> bool:
    """Whether a logging tool's description opens by saying it logs a thing done ("Log habit
    completion" for `log_habit(habit_id)`)."""
    opening = words_of(tool.description.split("\n", 1)[0])[:4]
    return tool.verb in LEX.record_verbs and bool(set(opening) & LEX.done_nouns)


def done_by_verb(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "I meditated today", "I ran this morning": for a tool that logs an item done
    (`logs_done`), the past verb is the item, when no other word names one: "meditated" finds
    the habit "meditate" as any other form of a word does, "ran" the habit "run" (lexicon
    `PAST_BASES`). A word that only says done ("I finished") names nothing."""
    action = reading.action
    if f.reference or not action.past or not logs_done(tool):
        return
    tokens = reading.text.tokens
    for i in reversed(action.tokens):
        word = tokens[i].norm
        if word in LEX.self or word in LEX.done_words:
            continue
        if word in LEX.past_tenses or word.endswith(LEX.past_suffix):
            f.reference, f.reference_tokens = LEX.past_bases.get(word, tokens[i].text), [i]
            f.used.add(i)
        return


def said_states(reading: Request) -> frozenset[int]:
    """The states the request's words name ("finished", "starting", "back to pending")."""
    words = [t.norm for t in reading.text.tokens]
    partly = {v.tokens[-1] + 1 for v in reading.typed("percent")}  # "40% done": how far along
    return frozenset(
        s for i in range(len(words)) if i not in partly and (s := state_at(words, i)) is not None
    )


def done_when(reading: Request, tool: ToolView, f: Fill) -> None:
    """A day said of a thing done ("done, got it this afternoon", "finished it yesterday") is
    when it was done: never a new due date for it (but the value of a day named for a thing
    done: `applied_on`)."""
    when = reading.when
    if tool.kind != "update" or when is None or when.start > reading.now:
        return
    if done_state() not in said_states(reading) and not reading.action.past:
        return
    for name in list(f.args):
        param, span = tool.params.get(name), f.spans.get(name, set())
        if param is not None and any(is_past(w) for w in param.words):
            continue  # `applied_on`: the day it was done is its value
        if param is not None and param.role in ("day", "moment") and span <= reading.when_tokens:
            del f.args[name]
            f.evidence.pop(name, None)
            f.spans.pop(name, None)
