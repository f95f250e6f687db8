"""An action the tool's description says it does, said by the request with the same object:
"reset the board" for `new_game`, "Starts a new game, resetting the board to the initial
position." (user trial 35: nothing was done, "the board" taken for a record nobody had named).

The request's verb, in any of its forms ("resetting", "resets"), and one of the first two
content words of its object ("the board", "the whole board") come in that order in one of the
description's sentences, with only function words between them. A tool's name said there
("alternative to delete_card") is no verb, nor is a past participle ("List saved quotes") or
"new" ("creating new notes"), and what a sentence says after "before" or "after" is another
action ("find existing tags before creating new notes"; blind sets D and G, books:14 and
mixed_household:7). A tool so described does what was asked whatever kind of action its own
verb is (`new_game` makes a game; "reset" restarts); a request of the tool's own kind, or of one
of its operations, reaches it as it always did.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, verb_root
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["acted_on", "action_described", "user_acted_on", "user_verb_at"]

_SENTENCES = re.compile(r"(?<=[.!?;:])\s+|\n")
_WORDS = re.compile(r"[a-z_]+")  # ("alternative to delete_card": a name, no verb)
_OBJECT_WORDS = 2  # "the whole board": an adjective, then its noun


@lru_cache(maxsize=1024)
def _pairs(description: str) -> frozenset[tuple[str, str]]:
    """(verb form, the object's first content word) of each verb-like word of the description
    with a content word after it, only function words between them."""
    found: set[tuple[str, str]] = set()
    for sentence in _SENTENCES.split(description.lower()):
        words = _WORDS.findall(sentence)
        for i, word in enumerate(words):
            if word in LEX.other_action_leads:
                break  # ("find existing tags before creating new notes": not what it does)
            if "_" in word or _participle(word) or word in LEX.kept_before_content:
                continue  # ("new notes": an adjective)
            following = (w for w in words[i + 1 :] if w not in LEX.function_words)
            after = next(following, None)
            if after is not None:
                found.add((verb_root(word), singular(after)))
    return frozenset(found)


def _participle(word: str) -> bool:
    """A past participle, which says what was done to a thing, not what the tool does ("List
    saved quotes": no saving; books:14 of blind set D went to it for "save this quote")."""
    return word.endswith(LEX.past_participle_ending) and verb_root(word) != word


def acted_on(reading: Request, tool: ToolView) -> range:
    """The tokens of the request's object where the tool's description says the request's verb
    done to it ("the whole board" of "reset the whole board"), else an empty range. Only its
    first two content words are looked at; those up to the one the description says are its."""
    action = reading.action
    if action.kind in (None, tool.kind) or tool.kind is None or tool.called or not action.tokens:
        return range(0)  # (a verb of the tool's own kind, or its operation, reaches it anyway)
    tokens = reading.text.tokens
    verb = verb_root(tokens[action.tokens[0]].norm)
    pairs = _pairs(tool.description)
    start = action.tokens[-1] + 1
    seen = 0
    for i in range(start, len(tokens)):
        if tokens[i].kind != "word" or seen == _OBJECT_WORDS:
            break  # (the object ends at a mark or a value: "test ^\w+$ against ...")
        if tokens[i].norm in LEX.function_words:
            continue
        if (verb, singular(tokens[i].norm)) in pairs:
            return range(start, i + 1)
        seen += 1
    return range(0)


def action_described(reading: Request, tool: ToolView) -> bool:
    """Whether the tool's description says the request's verb done to the request's object."""
    return bool(acted_on(reading, tool))


def user_acted_on(reading: Request, tool: ToolView) -> bool:
    """Whether a request with no verb of ours opens with a verb the tool's description says it
    does to the user, said to the assistant of the speaker ("quiz me on spanish" and `due_cards`,
    "Quiz the user with `front`")."""
    action, tokens = reading.action, reading.text.tokens
    at = user_verb_at(reading)
    if action.kind is not None or at is None or action.tokens not in ((), (at, at + 1)):
        return False
    if at + 1 >= len(tokens) or tokens[at].kind != "word":
        return False
    if tokens[at + 1].norm not in LEX.instruction_objects:  # "me", "us"
        return False
    verb = verb_root(tokens[at].norm)
    return any((verb, user) in _pairs(tool.description) for user in LEX.user_words)


def user_verb_at(reading: Request) -> int | None:
    """The request's first word past its lead, if any."""
    return next((i for i in range(len(reading.text.tokens)) if i not in reading.lead), None)
