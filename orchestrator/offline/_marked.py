"""A name said with the mark a parameter's description says the server puts before it
("context: Context name (without the @ prefix)": "@phone"; "+learning" for a project): the
mark says which parameter the name is for, and so the thing the request is about ("what can I
do @phone": the tool that filters by context, its context phone). Nothing here knows a mark:
each is the one a description gives (`Param.marker`). So does a member of a parameter's enum
said alone in brackets, as a list's own notation writes it ("(A)" for `priority: A-Z`): a new
item's "+work", "@office" and "(A)" are its projects, contexts and priority, never its text.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["bare_names", "marked_fit", "marked_names", "marked_params", "marked_values"]


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


def _bracketed(reading: Request, param: Param) -> list[tuple[int, str]]:
    """The tokens said alone in brackets ("(A)") that are a member of `param`'s enum, as
    written where the member is one letter ("(a)" is no priority A), and that member."""
    members = [v for v in param.enum if isinstance(v, str)]
    original = reading.text.original
    out = []
    for i, tok in enumerate(reading.text.tokens):
        if original[tok.start - 1 : tok.start] != "(" or original[tok.end : tok.end + 1] != ")":
            continue
        for member in members:
            if tok.text == member or (len(member) > 1 and tok.text.lower() == member.lower()):
                out.append((i, member))
    return out


def marked_fit(reading: Request, tool: ToolView) -> float:
    """What names said with their marks weigh for the tool: a read that filters by one ("what
    can I do @phone"), a write for each parameter that takes such a name or a bracketed member
    ("todo.txt add: (A) email Jenna +work": priority, projects)."""
    if tool.kind in ("read", None):
        return W.fit_marked if marked_params(reading, tool) else 0.0
    taken = [p for p in tool.params.values() if marked_names(reading, p) or _bracketed(reading, p)]
    return W.fit_marked * len(taken) if tool.kind in ("create", "update") else 0.0


def marked_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """A read's text filter takes the one name said with its mark, without it ("@phone":
    phone); a write's parameter takes its names (a list, all of them), and an enum its member
    said in brackets ("(A)"). The parameter's word beside a name is its label ("the @store
    context", "project +work")."""
    tokens = reading.text.tokens
    writes = tool.kind in ("create", "update")
    for param in tool.params.values() if writes else marked_params(reading, tool):
        found = [(i, n) for i, n in marked_names(reading, param) if i not in f.used]
        if writes and not found:
            found = [(i, n) for i, n in _bracketed(reading, param) if i not in f.used]
        listed = writes and param.type == "array"
        if param.name in f.args or not found or (len(found) > 1 and not listed):
            continue
        if not listed and param.type not in ("string", None) and not param.enum:
            continue
        said = [i for i, _ in found]
        closing = [i + 1 for i in said if i + 1 < len(tokens) and tokens[i + 1].text == ")"]
        labels = [
            k
            for i in said
            for k in (i - 1, i + 1)
            if 0 <= k < len(tokens) and k not in f.used and singular(tokens[k].norm) in param.words
        ]
        value = [n for _, n in found] if listed else found[0][1]
        f.set(param, value, [*said, *closing, *labels], reading.text.slice(said))


def bare_names(f: Fill, tool: ToolView) -> None:
    """A name said with the mark the server adds itself ("the +car project" where the
    description says "without + prefix") goes without it: the server would double it."""
    for param in tool.params.values():
        value = f.args.get(param.name)
        if not param.marker or value is None:
            continue
        if isinstance(value, str):
            f.args[param.name] = value.removeprefix(param.marker)
        elif isinstance(value, list):
            f.args[param.name] = [
                v.removeprefix(param.marker) if isinstance(v, str) else v for v in value
            ]
