"""A value written in the notation a parameter's examples show, unquoted ("Dice to roll, e.g.
d20, 1d20+5, 2d6+1d4+3"): the one word of the request written only in the examples' letters,
digits and signs, with a letter and a digit ("roll a d20+5 for Torvald's perception": d20+5),
is the value, never the words left over ("Torvald's"). A single example of letters and digits
("The move in UCI format (e.g., 'e2e4')") shows the notation by its shape: a letter where it
has one, a digit where it has one ("g1f3", "d7d5"). A request that says nothing but such a
value (and "I", "play") is for the tool that takes it (`said_in_notation`)."""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["notation_values", "said_in_notation"]

_EXAMPLE = re.compile(r"^(?=.*\d)(?=.*[a-z])[^\s,;]+$")
_AT_LEAST = 2  # examples a description gives before they show a notation
_SAYING = {*LEX.self, *LEX.notation_verbs}  # the words said with a value alone: "I play e2e4"


@lru_cache(maxsize=4096)
def _alphabet(text: str) -> frozenset[str]:
    """The characters of the notation a parameter's description (`text`) shows by unquoted
    examples, or none when it gives fewer than two such examples (read once per description:
    every turn fills many tools)."""
    for lead in LEX.example_leads:
        at = text.find(lead)
        if at < 0:
            continue
        said = text[at + len(lead) :].split(")")[0].split(".")[0]
        examples = [w.strip() for w in re.split(r",|\bor\b", said) if w.strip()]
        shaped = [w for w in examples if _EXAMPLE.match(w)]
        if len(shaped) >= _AT_LEAST and len(shaped) == len(examples):
            return frozenset("".join(shaped))
    return frozenset()


@lru_cache(maxsize=4096)
def _shape(text: str) -> re.Pattern[str] | None:
    """The shape of the one example of letters and digits a description (`text`) gives ("e.g.,
    'e2e4'": a letter, a digit, a letter, a digit), or None."""
    for lead in LEX.example_leads:
        at = text.find(lead)
        if at < 0:
            continue
        said = text[at + len(lead) :].split(")")[0].strip(" ,:")
        examples = [w.strip(" '\"`.") for w in re.split(r",|\bor\b", said) if w.strip()]
        shaped = [w for w in examples if _EXAMPLE.match(w.lower())]
        if len(shaped) != 1 or shaped[0] != examples[0]:  # ("A1:D1" or "A:A": the first)
            return None
        runs = re.findall(r"[a-z]+|\d+|[^a-z\d]+", shaped[0].lower())
        return re.compile(
            "".join(
                f"[a-z]{{{len(r)}}}"
                if r.isalpha()
                else rf"\d{{{len(r)}}}"
                if r.isdigit()
                else re.escape(r)
                for r in runs
            )
        )
    return None


def _written(param_describe: str, word: str) -> bool:
    """Whether `word` is written in the notation the description's examples show."""
    alphabet = _alphabet(param_describe)
    if alphabet:
        return bool(_EXAMPLE.match(word)) and set(word) <= alphabet
    shape = _shape(param_describe)
    return shape is not None and shape.fullmatch(word) is not None


def _described(param: Param) -> str:
    """What describes a parameter: its schema's description, else its line in the tool's
    ("range_string: Cell range like "A1:D1"", a docstring's `Args:`)."""
    return param.describe or param.own


def _range_said(reading: Request, f: Fill, describe: str) -> tuple[str, list[int]] | None:
    """A range written as its example's two ends ("A1:D1") but said with a word between them
    ("merge cells A1 to C1"): the range in the example's notation, and its tokens."""
    shape = _shape(describe)
    if shape is None or ":" not in shape.pattern:
        return None
    side = re.compile(shape.pattern.split(":")[0].rstrip("\\"))
    tokens = reading.text.tokens
    for i in range(len(tokens) - 2):
        a, between, b = tokens[i], tokens[i + 1], tokens[i + 2]
        if {i, i + 1, i + 2} & f.used or between.norm not in LEX.range_words:
            continue
        if side.fullmatch(a.text.lower()) and side.fullmatch(b.text.lower()):
            return f"{a.text}:{b.text}", [i, i + 1, i + 2]
    return None


def notation_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The one word written in a text parameter's notation, for it (see the module)."""
    tokens = reading.text.tokens
    for param in tool.params.values():
        if param.type != "string" or param.name in f.args or param.enum:
            continue
        found = [
            i
            for i, t in enumerate(tokens)
            if i not in f.used and _written(_described(param), t.text.lower())
        ]
        ranged = _range_said(reading, f, _described(param)) if not found else None
        if len(found) == 1:
            f.set(param, tokens[found[0]].text, found, tokens[found[0]].text)
        elif ranged is not None:  # "A1 to C1" for "A1:D1"
            f.set(param, ranged[0], ranged[1], reading.text.slice(ranged[1]))
    if said_in_notation(reading, tool):  # "I play e2e4": "I play" says it, no item named
        f.used.update(i for i, t in enumerate(tokens) if t.norm in _SAYING)


def said_in_notation(reading: Request, tool: ToolView) -> bool:
    """Whether the request says nothing but a value written in the notation of one of the
    tool's parameters (see the module): "e2e4", "I play g1f3"."""
    tokens = reading.text.tokens
    shaped = [
        i
        for i, t in enumerate(tokens)
        if t.kind != "punct"
        and any(
            p.type == "string" and not p.enum and _written(_described(p), t.text.lower())
            for p in tool.params.values()
        )
    ]
    if len(shaped) != 1:
        return False
    rest = [t for i, t in enumerate(tokens) if i != shaped[0] and t.kind != "punct"]
    return all(t.norm in _SAYING for t in rest)
