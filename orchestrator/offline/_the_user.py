"""The user as a value of a request: "he asked me to ..." makes the user the one to do it (the
word a parameter's description gives for the user), and "a task for myself" names the one it is
for, never part of its title or text."""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import phrase_tokens
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["asked_of_me", "for_the_user"]


def asked_of_me(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "he asked me to ...": the user does it, so the one to do it is the word the parameter's
    description gives for the user ("owner: ... Me for the owner")."""
    if not reading.action.asked:
        return
    for param in tool.params.values():
        if param.name in f.args or param.role not in ("label", "person"):
            continue
        said = str(param.schema.get("description") or "")
        for phrase in LEX.self_value_describe:
            found = re.search(rf"(\w+)\s+{re.escape(phrase)}\b", said, re.I)
            if found:
                f.set(param, found.group(1), (), found.group(0))
                break


def for_the_user(reading: Request) -> list[int]:
    """ "a task for myself to write the deck": the user as the one a thing is for, never part of
    its title or text."""
    return phrase_tokens(reading.text, LEX.self_beneficiaries)
