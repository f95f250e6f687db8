"""The write just made, made once more: "same again", "and another one, same weight, 4 reps"
after a set was logged is the call the turn before made, with what the request changes ("4
reps") and keeps ("same weight"). Only a write whose tool makes records, only the last one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["again_call", "again_tokens"]


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
    return []


def again_call(
    reading: Request, earlier: Sequence[MadeCall], tools: Sequence[ToolView]
) -> tuple[ToolView, dict[str, Any]] | None:
    """The tool and arguments of the write to make again, or None."""
    if not again_tokens(reading) or not earlier:
        return None
    last = earlier[-1]
    tool = next((t for t in tools if t.name == last.name), None)
    if tool is None or tool.kind != "create" or last.status != "ok" or not last.done:
        return None
    kept = {
        name: value
        for name, value in last.arguments.items()
        if name in tool.params and singular(name) not in LEX.again_fresh
    }
    return tool, kept
