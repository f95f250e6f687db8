"""A tool's nouns under another name its description gives them in brackets, in its first
paragraph: "Compute the molecular weight (molar mass) of a chemical formula" names
`molecular_weight_calculator`'s molecular weight "molar mass", and "Compute the natural isotopic
pattern (isotope distribution)" names `isotope_distribution`'s "isotopic pattern"; and a word
its first sentence puts before one of its nouns after "a" or "new", that one of its parameters
is named by ("Create a new concept node" of `add_node(concept, ...)`), names that noun alone
("add a concept called ..."; never "diary" of "Add a new diary entry"). Said, the
other name is the tool's nouns said ("molar mass of glucose, C6H12O6"); so are their initials
typed in capitals ("MW of CO2"). Read from the schema alone: no word list."""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, stem, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["aliased_nouns"]

_BRACKETED = re.compile(r"([A-Za-z][\w -]*?)\s*\(([A-Za-z][\w -]{0,40})\)")
_MOST_WORDS = 3


@lru_cache(maxsize=2048)
def _aliases(
    description: str, nouns: frozenset[str], fields: frozenset[str] = frozenset()
) -> tuple[tuple[tuple[str, ...], frozenset[str]], ...]:
    """(the other name's words, the nouns it names) for each "A (B)" of the first paragraph
    where one side is all the tool's nouns and the other as many words, not all of them; and
    for a word of its first sentence before one of its nouns that names one of its `fields`
    ("Create a new concept node" of `add_node(concept, ...)`)."""
    first = re.split(r"\n\s*\n", description.strip(), maxsplit=1)[0]
    found = []
    for m in _BRACKETED.finditer(first):
        inside = [singular(w) for w in words_of(m.group(2).lower())]
        before = [singular(w) for w in words_of(m.group(1).lower())][-len(inside) :]
        if not inside or len(inside) > _MOST_WORDS or len(before) != len(inside):
            continue
        for named, other in ((before, inside), (inside, before)):
            if set(named) <= nouns and not set(other) & nouns and not set(other) <= LEX.stop_words:
                found.append((tuple(other), frozenset(named)))
                found += [((tail,), frozenset(named)) for tail in _tails(other, description)]
    first_sentence = re.split(r"(?<=[.!?])\s", first, maxsplit=1)[0].lower()
    for m in _COMPOUND.finditer(first_sentence):  # "Create a new concept node": a concept
        modifier, head = m.group(1), singular(m.group(2))
        after = singular(m.group(3) or "")
        if head in nouns and after not in nouns and modifier in fields - nouns:
            found.append(((modifier,), frozenset({head})))
    return tuple(found)


_COMPOUND = re.compile(  # (overlapping: "a new X Y"; "a car repair estimate": no head "repair")
    r"\b(?:a|an|new)\s+(?=([a-z]+)\s+([a-z]+)\b(?:\s+([a-z]+))?)"
)


def _tails(other: list[str], description: str) -> list[str]:
    """The last part of a one-word other name that the description says as a word of its own
    ("note (flashcard)" and "... generates one or more cards": card)."""
    if len(other) != 1:
        return []
    said = {singular(w) for w in words_of(description.lower())}
    word = other[0]
    return [
        word[k:]
        for k in range(LEX.weights.alias_tail_min, len(word) - LEX.weights.alias_tail_min + 1)
        if word[k:] in said and word[k:] not in LEX.stop_words
    ][:1]


@lru_cache(maxsize=2048)
def _initials(name: str, nouns: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The initials of each run of two or three of the name's words that are all its nouns
    (`molecular_weight_calculator`: "mw" for molecular weight)."""
    words = [singular(w) for w in words_of(name)]
    out: dict[str, tuple[str, ...]] = {}
    for size in range(LEX.weights.initials_min, LEX.weights.initials_max + 1):
        for start in range(len(words) - size + 1):
            run = tuple(words[start : start + size])
            if set(run) <= nouns:
                out.setdefault("".join(w[0] for w in run), run)
    return out


_KNOWN_WORDS = frozenset().union(LEX.stop_words, LEX.id_words, LEX.verbs, LEX.unit_names)


def _initialism(word: str) -> bool:
    """Whether a word may be initials: typed in capitals ("MW"), or in lower case when it is
    no word the lexicon knows ("bp" for blood pressure; never "me", "id", "kg" or "do")."""
    if word.isupper():
        return True
    return word.islower() and word not in _KNOWN_WORDS


def aliased_nouns(reading: Request, tool: ToolView) -> dict[str, list[int]]:
    """The tool's nouns the request names by their other name, each with its tokens; or by
    their initials ("MW of CO2": the molecular weight; "bp 120/80": the blood pressure)."""
    tokens = reading.text.tokens
    stems = [stem(singular(t.norm)) for t in tokens]
    out: dict[str, list[int]] = {}
    initials = _initials(tool.name, frozenset(tool.nouns))
    for i, tok in enumerate(tokens):
        if tok.kind == "word" and tok.text.isalpha() and _initialism(tok.text):
            for noun in initials.get(tok.text.lower(), ()):
                out[noun] = [i]
    fields = frozenset(w for p in tool.params.values() for w in p.words)
    for other, named in _aliases(tool.description, frozenset(tool.nouns), fields):
        said = [stem(w) for w in other]
        for start in range(len(tokens) - len(said) + 1):
            if stems[start : start + len(said)] == said:
                for noun in named:
                    out[noun] = list(range(start, start + len(said)))
                break
    return out
