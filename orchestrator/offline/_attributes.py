"""A thing named by its attributes in the order its tool lists them: `vehicle_year`,
`vehicle_make`, `vehicle_model` are "my 2018 toyota camry", "a 2020 Jeep Grand Cherokee",
"2014 ford f-150" (user trial 35: every quote, schedule and fix-or-replace asked for the make
and model the request said).

The run starts right after the number that filled the first attribute (the year) and ends at a
mark, a function word, a verb or a word another value took; the string attributes after the
number, of the same head word (`vehicle_`), none filled yet, take it in order: one word each,
the last the rest ("Jeep" and "Grand Cherokee"). A run shorter than them fills the last ones
("2019 rav4": the model), the most particular, which people never leave out; the others are
asked for, never taken from the words left over ("maintenance wise": no make "wise").
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["attribute_run"]


def _head(param: Param) -> str:
    words = words_of(param.name)
    return words[0] if len(words) > 1 else ""


def _run(reading: Request, f: Fill, start: int, most: int) -> list[int]:
    tokens = reading.text.tokens
    run: list[int] = []
    i = start
    while i < len(tokens) and len(run) < most:
        tok = tokens[i]
        if (
            tok.kind not in ("word", "path", "other")
            or i in f.used
            or i in reading.when_tokens
            or is_function(tok.norm)
            or tok.norm in LEX.verbs
            or tok.norm in LEX.attribute_ends  # "2011 civic needs a ...": no model "needs"
            or tok.norm in LEX.judged_words  # "... honda accord reasonable?"
            or tok.norm in LEX.past_tenses
            or tok.norm in LEX.question_words  # "2019 rav4 is ...", "has ..."
            or tok.norm in LEX.fillers
        ):
            break
        run.append(i)
        if tok.possessive:  # "my 2014 nissan rogue's cvt": the model ends there
            break
        i += 1
    return run


def attribute_run(reading: Request, f: Fill, tool: ToolView) -> None:
    """The attributes said after the number that filled the first of them (see the module)."""
    params = list(tool.params.values())
    for k, first in enumerate(params):
        head = _head(first)
        spans = f.spans.get(first.name)
        if not head or first.type not in ("integer", "number") or not spans:
            continue
        after: list[Param] = []
        for param in params[k + 1 :]:
            if _head(param) != head or param.type not in ("string", None) or param.enum:
                break
            after.append(param)
        if len(after) < 2 or any(p.name in f.args for p in after):
            continue
        run = _run(reading, f, max(spans) + 1, len(after) + LEX.weights.attribute_extra)
        if not run:
            continue
        tokens = reading.text.tokens
        if len(run) < len(after):  # "2019 rav4": the model; the make asked for, never guessed
            f.fields.extend(
                p.name for p in after[: len(after) - len(run)] if p.name not in f.fields
            )
            after = after[len(after) - len(run) :]
        for n, param in enumerate(after):
            part = run[n:] if n == len(after) - 1 else run[n : n + 1]
            words = reading.text.original[tokens[part[0]].start : tokens[part[-1]].end]
            value = words[: -len("'s")] if tokens[part[-1]].possessive else words
            f.set(param, value, part, words)
        return
