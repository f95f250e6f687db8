"""A record said by what it holds rather than by its title: "the one due wednesday", "the high
priority one", "the one tagged work", "the todo from yesterday". A `Described` phrase is a
determiner, up to a few words, and its head (a kind word such as "one", or a word that names
the kind of thing: the tool's noun), then, after a marker (lexicon `DESCRIBED_MARKERS`: "due",
"tagged", "from"), what is said of it up to where the change begins ("to friday", "done").

The phrase is read twice: at reading, so that a date it holds says which record, not the
change's date ("move the one due wednesday to friday": friday is the new date), and at filling,
so that a value it holds ("high priority", "tagged work") names the record and is never written
(`_by_fields`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from orchestrator.offline._tokens import Token
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["Described", "described", "said_of_item"]


@dataclass(frozen=True)
class Described:
    """ "the high priority one" / "the one due wednesday": the words before the head, the
    head, and the marker with what follows it."""

    head: int
    before: tuple[int, ...]
    after: tuple[int, ...]

    @property
    def tokens(self) -> tuple[int, ...]:
        """The words that say what the record holds (its head and determiner aside)."""
        return (*self.before, *self.after)


def described(
    tokens: Sequence[Token], heads: Callable[[int], bool], markers: frozenset[str]
) -> list[Described]:
    """The described phrases of `tokens`, each after a determiner; `heads` says which tokens
    name the kind of thing (a word before one of the `markers` is a head too: "the dentist todo
    due friday"). A phrase with nothing before or after its head says nothing of the record."""
    found: list[Described] = []
    for at, tok in enumerate(tokens):
        if tok.norm not in LEX.determiners:
            continue
        for head in range(at + 1, min(len(tokens), at + 2 + W.described_words)):
            if tokens[head].kind == "punct" or tokens[head].norm in LEX.described_ends:
                break
            after = _qualifier(tokens, head, markers)
            if not (heads(head) or (tokens[head].kind == "word" and after)):
                continue
            before = tuple(range(at + 1, head))
            if before or after:
                found.append(Described(head, before, after))
            break
    return found


def said_of_item(tokens: Sequence[Token], said: frozenset[int]) -> Described | None:
    """The described phrase whose date, said in `said` tokens, says which record a change or
    deletion is of: after a marker ("the one due wednesday", "the card from monday"), or before
    a kind word ("the wednesday one"); None when the date is said of no such phrase."""
    markers = LEX.described_markers | LEX.described_since
    for phrase in described(tokens, lambda i: tokens[i].norm in LEX.kind_words, markers):
        marked = phrase.after and said <= set(phrase.after) and said - {phrase.after[0]}
        before = said <= set(phrase.before) and tokens[phrase.head].norm in LEX.kind_words
        if marked or before:
            return phrase
    return None


def _qualifier(tokens: Sequence[Token], head: int, markers: frozenset[str]) -> tuple[int, ...]:
    """The marker after `head` and the words after it up to where the change begins (lexicon
    `DESCRIBED_ENDS`, a done word, a break), or () when no marker follows it."""
    at = head + 1
    if at >= len(tokens) or tokens[at].norm not in markers:
        return ()
    end = at + 1
    while end < len(tokens) and not _ends(tokens[end]):
        end += 1
    return tuple(range(at, end)) if end > at + 1 else ()


def _ends(tok: Token) -> bool:
    return (
        tok.kind == "punct"
        or tok.norm in LEX.described_ends
        or tok.norm in LEX.done_words
        or tok.norm in LEX.clause_breaks
    )
