"""The write just made, made once more or corrected: "same again", "and another one, same
weight, 4 reps" after a set was logged is the call the turn before made, with what the request
changes ("4 reps") and keeps ("same weight"); "oops, make that 145" changes the argument it is
nearest to (the 140 kg) through the tool that changes records. Only the last write."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["again_call", "again_tokens", "correction"]


def again_tokens(reading: Request) -> list[int]:
    """The tokens that say "once more" ("same again", "and another one", "same weight"), when
    the request opens with them; else []."""
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    i = 0
    while i < len(norms) and (norms[i] in LEX.fillers or norms[i] in LEX.follow_up_openers):
        i += 1
    for phrase in sorted(LEX.again_phrases, key=lambda p: -len(p.split())):
        said = phrase.split()
        if norms[i : i + len(said)] == said:
            out = list(range(i + len(said)))
            for k, norm in enumerate(norms):  # "same weight": what is kept, no value
                if norm == LEX.same_word and k + 1 < len(norms) and k not in out:
                    out += [k, k + 1]
            return out
    return also_tokens(reading) or another_tokens(reading)


def another_tokens(reading: Request) -> list[int]:
    """The tokens that open a request with no verb as another record of the last one's kind
    ("also 'pack gym bag' tagged personal"; lexicon `ANOTHER_OPENERS`), none of it "too"."""
    if reading.action.kind is not None or also_tokens(reading):
        return []
    norms = [t.norm for t in reading.text.tokens]
    for opener in sorted(LEX.another_openers, key=lambda p: -len(p.split())):
        said = opener.split()
        if norms[: len(said)] == said and len(norms) > len(said):
            return list(range(len(said)))
    return []


def also_tokens(reading: Request) -> list[int]:
    """The tokens of "and ... too" around another record's name ("and the gym one too"), with
    no verb: the last change goes for it as well; else []."""
    norms = [t.norm for t in reading.text.tokens if t.kind != "punct"]
    if reading.action.kind is not None or not norms or norms[0] not in LEX.follow_up_openers:
        return []
    for tail in LEX.also_tails:
        said = tail.split()
        if len(norms) > len(said) + 1 and norms[-len(said) :] == said:
            return [0, *range(len(norms) - len(said), len(norms))]
    return []


def again_call(
    reading: Request, earlier: Sequence[MadeCall], tools: Sequence[ToolView]
) -> tuple[ToolView, dict[str, Any]] | None:
    """The tool and arguments of the write to make again, or None."""
    if not again_tokens(reading) or not earlier:
        return None
    last = earlier[-1]
    tool = next((t for t in tools if t.name == last.name), None)
    if tool is None or last.status != "ok" or not last.done:
        return None
    ident = tool.identifier
    if also_tokens(reading):  # "and the gym one too": the change, for the record named
        if tool.kind not in ("update", "delete") or ident is None:
            return None
        return tool, {
            k: v for k, v in last.arguments.items() if k in tool.params and k != ident.name
        }
    if tool.kind != "create":
        return None
    if another_tokens(reading):  # another one, of what it says alone
        return tool, {}
    kept = {
        name: value
        for name, value in last.arguments.items()
        if name in tool.params and singular(name) not in LEX.again_fresh
    }
    return tool, kept


def correction(
    reading: Request, earlier: Sequence[MadeCall], tools: Sequence[ToolView]
) -> tuple[ToolView, str, float | int, tuple[int, ...]] | None:
    """ "oops, make that 145" after logging 140 kg x 3: the one number said replaces the
    argument of the write just made that it is nearest to (145 for 140, not for 3), through
    the tool that changes records and has that parameter; or None."""
    action = reading.action
    numbers = reading.typed("number")
    if action.kind != "update" or not reading.pronoun or len(numbers) != 1 or not earlier:
        return None
    last = earlier[-1]
    made = next((t for t in tools if t.name == last.name), None)
    if made is None or made.kind != "create" or last.status != "ok" or not last.done:
        return None
    said = numbers[0].value
    if not isinstance(said, (int, float)) or said <= 0:
        return None
    near = sorted(
        (abs(math.log(value / said)), name)
        for name, value in last.arguments.items()
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
    )
    if not near or near[0][0] > math.log(LEX.correction_ratio):
        return None
    if len(near) > 1 and near[1][0] - near[0][0] < math.log(LEX.correction_ratio) / 2:
        return None  # two arguments as near: which one is unclear
    name = near[0][1]
    changers = [t for t in tools if t.kind == "update" and name in t.params]
    if len(changers) != 1:
        return None
    return changers[0], name, said, numbers[0].tokens
