"""Repetitions said with a weight or as sets: "squats 100kg x 5" and "bench 80kg for 5" are 5
repetitions of the weight, "3x10 lat pulldown" and "3 sets of 10 pull-ups" 3 sets of 10; the
parameter for repetitions is named so (the lexicon's names for them), the one for sets is named
or described so ("identical sets at once"). `_typed` fills them. Every word from the lexicon.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from orchestrator.offline._tokens import Token, singular, words_of
from orchestrator.offline._tools import Param
from orchestrator.offline._values import Value
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["reps_param", "said_repeats", "sets_param"]

_SETS = re.compile(r"^(\d{1,2})\s*[x×]\s*(\d{1,3})$")
_GLUED = re.compile(r"^[x×](\d{1,3})$")


def reps_param(params: list[Param]) -> Param | None:
    names = LEX.measure_groups.get(LEX.repeat_name, frozenset())
    return next((p for p in params if set(words_of(p.name)) & names), None)


def sets_param(params: list[Param]) -> Param | None:
    """The parameter for a number of sets: named so, or described as counting sets."""
    for p in params:
        said = {singular(w) for w in (*words_of(p.name), *(p.describe + " " + p.own).split())}
        if said & LEX.set_words and p.role in ("count", "number"):
            return p
    return None


def said_repeats(
    tokens: Sequence[Token], values: Sequence[Value]
) -> tuple[int | None, int, list[int]] | None:
    """(sets, repetitions, tokens) the request says, or None."""
    quantities = {v.tokens[-1]: v for v in values if v.kind == "quantity"}
    for i, tok in enumerate(tokens):
        m = _SETS.match(tok.text.lower())
        if m and i not in quantities:  # "3x10"
            return int(m.group(1)), int(m.group(2)), [i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if (  # "3 sets of 10"
            tok.kind == "number"
            and nxt is not None
            and singular(nxt.norm) in LEX.set_words
            and i + 3 < len(tokens)
            and tokens[i + 2].norm in LEX.measure_links
            and tokens[i + 3].kind == "number"
        ):
            return int(tok.text), int(tokens[i + 3].text), [i, i + 1, i + 2, i + 3]
        if i in quantities and nxt is not None:  # "100kg x 5", "80kg for 5", "100kg x5"
            glued = _GLUED.match(nxt.norm)
            if glued:
                return None, int(glued.group(1)), [i + 1]
            for k in range(i + 1, min(i + 1 + LEX.repeat_reach, len(tokens) - 1)):
                mark, after = tokens[k], tokens[k + 1]  # "60kg overhead press for 5" too
                counted = after.kind == "number" and after.text.isdigit()
                if mark.norm in LEX.repeat_marks and counted:
                    return None, int(after.text), [k, k + 1]
                if mark.kind != "word":
                    break
    return None
