"""A lexicon joined by the words of tools that speak other languages (`lexicon_tools`): each
joins the verb group of the English word it means, else the noun clusters that hold that word
(a cluster of the two when none does). All of them, and the phrases of two words only a
parameter's name says (`no hp`: phone), are kept in `tool_words` to read parameter names
(`_tokens.param_words`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["joined"]

Joined = tuple[tuple[tuple[Any, str, str], ...], tuple[str, ...], frozenset[str], dict[str, Any]]


def joined(lexicon: Any, languages: Mapping[str, Mapping[str, str]]) -> Joined:
    """The verb groups, noun clusters and dual words of `lexicon` (a `lexicon.Lexicon`) where
    tools that speak the `languages` are read too, and each such word's English."""
    verbs = [(kind, concept, words.split()) for kind, concept, words in lexicon.verb_groups]
    clusters = [group.split() for group in lexicon.noun_clusters]
    meant: dict[str, tuple[str, ...]] = {}
    dual: set[str] = set()
    for words in languages.values():
        for word, english in words.items():
            meant.setdefault(word, tuple(english.split()))
            if " " in word or " " in english:  # `no hp`: a parameter's name only
                continue
            if english in lexicon.verbs:
                group = verbs[lexicon.verbs[english][1]][2]
                group.extend([word] if word not in group else [])
                if english not in lexicon.dual_words:
                    continue
                dual.add(word)  # `catatan`, a note: a noun as well, as "note" is
            holding = [c for c in clusters if english in c]
            if not holding:
                clusters.append([english])
                holding = clusters[-1:]
            for cluster in holding:
                cluster.extend([word] if word not in cluster else [])
    return (
        tuple((kind, concept, " ".join(w)) for kind, concept, w in verbs),
        tuple(" ".join(c) for c in clusters),
        lexicon.dual_words | dual,
        meant,
    )
