"""Ids said after the noun their parameter is named for: "remove story S-2 from epic E-1" for
`manage_epic_stories(epic_id, story_id)`, "add ticket TSK-9 to milestone 4". An id parameter
named `<noun>_id` (`storyId`, `story_id`) takes the word said right after its noun when that
word is written as an id is: letters with digits ("S-2", "EPIC-07E4C03F"), or a number for an
integer id; never a word, and never a number for a text id ("todo 3" may be a place in a list).
A tool of one id that changes nothing takes a text id so said too ("join game abc123"); a
number said after its noun, or the record a change acts on, is the item the request names,
found as any reference is (`_references`).
"""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["named_ids"]

_FOUND = ("update", "delete", "stop", "restart")  # kinds whose record is found by reference


_HEX_ID = re.compile(r"[0-9a-f]{8}(?:-?[0-9a-f]{4}){3}-?[0-9a-f]{12}|[0-9a-f]{16,}", re.I)


def _id_like(text: str) -> bool:
    """Written as a text id is: a letter first, and a digit in it ("S-2", "TSK-1"); or a UUID
    or a long run of hex digits with a letter in it ("9c1e4b7a2d3f4e5a8b6c0d1e2f3a4b5c")."""
    if _HEX_ID.fullmatch(text):
        return any(c.isalpha() for c in text)
    return text[:1].isalpha() and any(c.isdigit() for c in text)


def named_ids(reading: Request, f: Fill, tool: ToolView) -> None:
    """Each id said after its noun (see the module docstring)."""
    tokens = reading.text.tokens
    ids = tool.role("id")
    for param in ids:
        nouns = [w for w in param.words if w not in LEX.id_words]
        if param.name in f.args or len(nouns) != 1:
            continue
        whole = param.type == "integer"
        if len(ids) < 2 and (whole or tool.kind in _FOUND):  # one id, a number, or a change:
            continue  # the item the request names, found as any reference is ("todo 3" may
            # be a place in a list; "mark task T-3 as done": its state said after it)
        said = [
            i + 1
            for i, tok in enumerate(tokens[:-1])
            if singular(tok.norm) == nouns[0]
            and (i not in f.used or i in f.nouns)  # ("story": the tool's noun too)
            and (i + 1 not in f.used or i + 1 in f.nouns)  # ("STORY-85B0393A" spells it)
            and (tokens[i + 1].text.isdigit() if whole else _id_like(tokens[i + 1].text))
        ]
        if len(said) != 1:
            continue
        at = said[0]
        value: str | int = tokens[at].text.rstrip(".,;:!?")
        if whole:
            value = int(value)
        f.set(param, value, [at - 1, at], reading.text.slice([at - 1, at]))
