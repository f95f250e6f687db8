"""Parameters numbered in a row (`band1`, `band2`, `band3`, ...): the values their
descriptions list ("First color band (digit 1): Black, Brown, Red, ..."), said one after
another ("brown black red gold"), fill them in order; a tool that takes such a run fits a
request that says one. Only the schema says which words are values: no word list names them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView

__all__ = ["numbered_fit", "numbered_run"]

_NUMBERED = re.compile(r"^(?P<base>[A-Za-z_]*?[A-Za-z])_?(?P<n>\d+)$")
_LISTED = re.compile(r"[A-Za-z]+(?:\s*,\s*[A-Za-z]+){2,}")
_LEAST = 3  # a list of at least these many words is a list of values


def numbered_params(tool: ToolView) -> list[Param]:
    """The tool's parameters numbered from 1 in a row under one name (`band1` .. `band5`)."""
    groups: dict[str, dict[int, Param]] = {}
    for name, param in tool.params.items():
        found = _NUMBERED.match(name)
        if found and param.type in ("string", None):
            groups.setdefault(found.group("base"), {})[int(found.group("n"))] = param
    for row in groups.values():
        if len(row) > 1 and sorted(row) == list(range(1, len(row) + 1)):
            return [row[n] for n in sorted(row)]
    return []


@lru_cache(maxsize=256)
def _listed(descriptions: tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        word.strip().lower()
        for text in descriptions
        for run in _LISTED.findall(text)
        if len(run.split(",")) >= _LEAST
        for word in run.split(",")
    )


def _run(reading: Request, taken: set[int], params: list[Param]) -> list[int]:
    """The longest run of tokens in a row that are values the parameters' descriptions list."""
    values = _listed(tuple(p.describe for p in params))
    best: list[int] = []
    run: list[int] = []
    for i, tok in enumerate(reading.text.tokens):
        if tok.kind == "word" and tok.norm in values and i not in taken:
            run.append(i)
            best = run if len(run) > len(best) else best
        else:
            run = []
    return list(best)


def numbered_run(reading: Request, f: Fill, tool: ToolView) -> None:
    """The run of listed values said in a row, into the numbered parameters in order."""
    params = numbered_params(tool)
    if not params or any(p.name in f.args for p in params):
        return
    run = _run(reading, set(f.used), params)
    if len(run) < len([p for p in params if p.required]) or len(run) > len(params) or not run:
        return
    tokens = reading.text.tokens
    for param, i in zip(params, run, strict=False):
        f.set(param, tokens[i].norm, [i], tokens[i].text)
    base = _NUMBERED.match(params[0].name)
    word = base.group("base").lower() if base else ""
    for k in range(len(tokens) - 1):  # "5 band resistor: ...": how many of them, said
        said = tokens[k].text.split("-")
        if (
            said[0] == str(len(run))
            and singular(said[-1].lower() if len(said) > 1 else tokens[k + 1].text.lower()) == word
        ):
            f.used.update([k] if len(said) > 1 else [k, k + 1])


def numbered_fit(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a run of values for all the tool's numbered parameters it
    requires ("brown black red gold" for `band1` .. `band4`)."""
    params = numbered_params(tool)
    required = [p for p in params if p.required]
    return bool(required) and len(required) <= len(_run(reading, set(), params)) <= len(params)
