"""What a check verifies: a tool that checks (`validate_cpf(value)`, "Valida CPF brasileiro")
and takes one text, said a number or a code with no word in it ("is CPF 529.982.247-25
valid?", "which brand is the card 5555 5555 5555 4444"), verifies that, whole, never the words
around it ("valid", "ok")."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView

__all__ = ["checked_value"]

_CODES = ("number", "other", "ident")
_TEXT_ROLES = ("label", "title", "body", "query", "expression")


def _runs(reading: Request, used: set[int]) -> list[list[int]]:
    """Runs of tokens that are numbers or codes, punctuation inside a run kept with it."""
    tokens = reading.text.tokens
    runs: list[list[int]] = []
    for i, tok in enumerate(tokens):
        if i in used or tok.kind not in _CODES or not any(c.isalnum() for c in tok.text):
            continue  # "02650306461 - is it valid": the dash is no part of the number
        last = runs[-1][-1] if runs else -2
        between = range(last + 1, i)
        if runs and all(tokens[k].kind == "punct" and k not in used for k in between):
            runs[-1] += [*between, i]
        else:
            runs.append([i])
    return runs


def checked_value(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one run of numbers or codes into a check's one text."""
    if tool.kind != "check" or len(tool.required) != 1:
        return
    (param,) = tool.required
    if param.name in f.args or param.enum or param.type not in ("string", None):
        return
    if param.role not in _TEXT_ROLES:
        return
    runs = _runs(reading, f.used)
    if len(runs) != 1:
        return
    tokens = reading.text.tokens
    words = [tokens[i].text for i in runs[0] if tokens[i].kind != "punct"]
    f.set(param, " ".join(words), runs[0], reading.text.slice(runs[0]))
