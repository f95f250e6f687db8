"""A question that asks what a tool's description says it returns: "When do I actually need to
start writing?" for a tool that "returns when to start drafting, when the internal review copy
is due, and when the packet must be complete" (user trial 34's r071 and r083: a deadline
planner named by its verb `plan`, which makes it a writer no question reaches).

The description says it when a word that returns (`returns`, `tells`, `gives`) comes before a
question word in one of its sentences, and a content word soon after that question word
("start", "packet") is said in the request, which asks with the same question word. A question
so answered reaches the tool; a writer so reached is asked about before it is called
(`Planner`), never called on a question alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._account import is_function
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import stem
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["answer_described"]

_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
_WORDS = re.compile(r"[a-z]+")


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
            found.update((word, stem(w)) for w in after if not is_function(w) and w not in asking)
    return frozenset(found)


def answer_described(reading: Request, tool: ToolView) -> bool:
    """Whether the request is a question the tool's description says it returns the answer to
    (see the module)."""
    if not reading.action.question or not tool.description:
        return False
    answers = _answers(tool.description)
    if not answers:
        return False
    tokens = reading.text.tokens
    asked = {t.norm for t in tokens if t.norm in LEX.wh_words}
    said = {stem(t.norm) for t in tokens if t.kind == "word" and not is_function(t.norm)}
    return any(wh in asked and word in said for wh, word in answers)
