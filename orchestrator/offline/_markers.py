"""The two ends of a part of a text, said "between X and Y" ("pull out what's between <key>
and </key> in <cfg>...", "grab the part between net= and ;"), for a tool's one pair of text
parameters named for where a part starts and where it ends (`start_marker`, `end_marker`): X
the start, Y the end, each one token as written (quoted, code, a mark), and the text the part
is in the one token after "in" or "of", for the tool's one text to work on when no other value
took it."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["marker_pair"]


def _ends(tool: ToolView) -> tuple[Param, Param] | None:
    """The tool's one start and one end of a part, both text."""
    texts = [p for p in tool.params.values() if p.type in ("string", None) and not p.enum]
    starts = [p for p in texts if set(p.words) & LEX.range_start_words]
    ends = [p for p in texts if set(p.words) & LEX.until_words]
    if len(starts) != 1 or len(ends) != 1 or starts[0] is ends[0]:
        return None
    return starts[0], ends[0]


def _said(tok: Token) -> str:
    return tok.inner if tok.kind == "quoted" else tok.text


def marker_pair(reading: Request, f: Fill, tool: ToolView) -> None:
    """X and Y of "between X and Y" for the tool's start and end of a part (docstring)."""
    ends = _ends(tool)
    if ends is None or any(p.name in f.args for p in ends):
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-3]):
        if tok.norm not in LEX.between_words or i + 1 in f.used:
            continue
        first, join, last = tokens[i + 1], tokens[i + 2], tokens[i + 3]
        if join.norm != LEX.joins[0] or (first.kind == "word" and first.norm in LEX.joins):
            continue
        start, end = ends
        f.set(start, _said(first), [i, i + 1], first.text)
        f.set(end, _said(last), [i + 2, i + 3], last.text)
        _text_in(reading, f, tool, i + 4)
        return


def _text_in(reading: Request, f: Fill, tool: ToolView, at: int) -> None:
    """The text the part is in: the one token after "in"/"of" right after the two ends."""
    tokens = reading.text.tokens
    texts = [p for p in tool.required if p.role in ("body", "query") and p.name not in f.args]
    if len(texts) != 1 or at + 1 >= len(tokens) or tokens[at].norm not in LEX.inside_words:
        return
    said = tokens[at + 1]
    if said.kind in ("quoted", "other") and at + 1 not in f.used:
        f.set(texts[0], _said(said), [at, at + 1], said.text)
