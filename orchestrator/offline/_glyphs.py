"""An emoji's glyph said ("what is 🦄", "encode ❤️ in utf-8 bytes"): the value of a tool's
parameter for a character (`character`, `emoji`, `glyph`: lexicon `GLYPH_PARAM_WORDS`), never
words of a text around it, and the request is for a tool that takes one."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["glyph_param", "glyph_values", "glyphs_said"]

_JOINERS = {"\u200d", "\ufe0f", "\ufe0e"}  # a zero-width joiner, the variation selectors


def _glyph(text: str) -> bool:
    """Whether a token is written in pictographs alone (an emoji, its joiners and skin tones)."""
    marks = [c for c in text if c not in _JOINERS]
    return bool(marks) and all(
        unicodedata.category(c) in ("So", "Sk") or 0x1F000 <= ord(c) <= 0x1FAFF for c in marks
    )


def glyphs_said(reading: Request) -> list[int]:
    """The tokens that are emoji glyphs."""
    return [i for i, t in enumerate(reading.text.tokens) if t.kind != "punct" and _glyph(t.text)]


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def glyph_param(tool: ToolView) -> Param | None:
    """The tool's text parameter for a character, if it has one."""
    return next(
        (
            p
            for p in tool.params.values()
            if p.type in ("string", None) and not p.enum and set(p.words) & LEX.glyph_param_words
        ),
        None,
    )


def glyph_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one glyph said, for the tool's character parameter."""
    param = glyph_param(tool)
    said = [i for i in glyphs_said(reading) if i not in f.used]
    if param is None or param.name in f.args or len(said) != 1:
        return
    f.set(param, reading.text.tokens[said[0]].text, said, reading.text.tokens[said[0]].text)
