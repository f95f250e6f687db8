"""A name said with the mark a parameter's description says the server puts before it
("context: Context name (without the @ prefix)": "@phone"; "+learning" for a project): the
mark says which parameter the name is for, and so the thing the request is about ("what can I
do @phone": the tool that filters by context, its context phone). Nothing here knows a mark:
each is the one a description gives (`Param.marker`).
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView

__all__ = ["marked_names", "marked_params", "marked_values"]


def marked_names(reading: Request, param: Param) -> list[tuple[int, str]]:
    """The tokens that are a name with `param`'s mark before it, and each name without it."""
    if not param.marker:
        return []
    out = []
    for i, tok in enumerate(reading.text.tokens):
        name = tok.text.removeprefix(param.marker)
        if name != tok.text and name[:1].isalnum() and all(c.isalnum() or c in "-_" for c in name):
            out.append((i, name))
    return out


def marked_params(reading: Request, tool: ToolView) -> list[Param]:
    """The tool's parameters a name said with their mark is for."""
    return [p for p in tool.params.values() if marked_names(reading, p)]


def marked_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A read's text filter takes the one name said with its mark, without it ("@phone":
    phone). (A write's lists of such names are read with its tags.)"""
    if tool.kind not in ("read", None):
        return
    for param in marked_params(reading, tool):
        found = [(i, n) for i, n in marked_names(reading, param) if i not in f.used]
        if param.name in f.args or len(found) != 1 or param.type not in ("string", None):
            continue
        i, name = found[0]
        f.set(param, name, [i], reading.text.tokens[i].text)
