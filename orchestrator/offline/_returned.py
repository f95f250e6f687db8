"""A question that asks what a tool's description says it returns: "When do I actually need to
start writing?" for a tool that "returns when to start drafting, when the internal review copy
is due, and when the packet must be complete" (user trial 34's r071 and r083: a deadline
planner named by its verb `plan`, which makes it a writer no question reaches).

The description says it when a word that returns (`returns`, `tells`, `gives`) comes before a
question word in one of its sentences, and a content word soon after that question word
("start", "packet") is said in the request, which asks with the same question word, or the
question word is one only such a question asks with (lexicon `OWN_WH_WORDS`: "whose move is it
now?" for "Indicates whose turn it is"). A question
so answered reaches the tool; a writer so reached is asked about before it is called
(`Planner`), never called on a question alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import stem
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["answer_described", "answered_tokens"]

_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
_WORDS = re.compile(r"[a-z]+")
_LETTERS = 3  # a word asked of, at least ("s" of "what's" is none)


@lru_cache(maxsize=1024)
def _answers(description: str) -> frozenset[tuple[str, str]]:
    """(question word, stem of a content word soon after it) for each question the
    description says the tool returns the answer to."""
    found: set[tuple[str, str]] = set()
    asking = LEX.wh_words
    for sentence in _SENTENCES.split(description.lower()):
        words = _WORDS.findall(sentence)
        returning = [i for i, w in enumerate(words) if w in LEX.returning_verbs]
        if not returning:
            continue
        for i, word in enumerate(words):
            if i <= returning[0] or word not in LEX.wh_words:
                continue
            after = words[i + 1 : i + 1 + LEX.weights.returned_reach]
            found.update(
                (word, stem(w))
                for w in after
                if w not in LEX.function_words and w not in asking and len(w) >= _LETTERS
            )
    return frozenset(found)


def _asking(word: str) -> str:
    """The question word, its "is" let go: "whats" is "what"."""
    return word[:-1] if word.endswith("s") and word[:-1] in LEX.wh_words else word


def answer_described(reading: Request, tool: ToolView) -> bool:
    """Whether the request is a question the tool's description says it returns the answer to
    (see the module)."""
    return bool(answered_tokens(reading, tool))


def answered_tokens(reading: Request, tool: ToolView) -> list[int]:
    """The words of the question the tool's description says it answers, none when the request
    asks no such question: its question word, the words asked of and the verb after them
    ("whats due", "which project has" the push notifications item): no value, no name."""
    if not reading.action.question or not tool.description:
        return []
    answers = _answers(tool.description)
    if not answers:
        return []
    tokens = reading.text.tokens
    asked = {_asking(t.norm): i for i, t in enumerate(tokens) if t.norm in LEX.wh_words}
    found: list[int] = []
    for i, tok in enumerate(tokens):
        if tok.kind != "word" or tok.norm in LEX.function_words:
            continue
        for wh, word in answers:
            if wh in asked and stem(tok.norm) == word:
                found += [asked[wh], i]
    for wh in {w for w, _ in answers} & set(asked) & LEX.own_wh_words:
        found.append(asked[wh])  # "whose move is it now?": "Indicates whose turn it is"
    if found:
        after = max(found) + 1
        while after < len(tokens) and tokens[after].norm in LEX.question_words:
            found.append(after)  # "which project has ...": its verb
            after += 1
    return sorted(set(found))
