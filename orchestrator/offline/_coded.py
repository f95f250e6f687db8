"""Coded values: a word written as no English word is, letters mixed with digits or capitals
inside it ("C6H12O6", "NaCl", "Fe2(SO4)3", "API-142"), for a parameter whose description shows
such words as its examples ("Chemical formula to weigh. Examples: 'H2O', 'C6H12O6',
'Ca(OH)2'"). The request's one such word is that parameter's value, never the words around it
("how heavy is a mole of NaCl" weighs "NaCl"), and a tool that takes one fits a request that
says one. Only the schema says which parameter takes them: no word list names a kind of code.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView

__all__ = ["coded_fit", "coded_values", "coded_words", "takes_coded"]

_QUOTED = re.compile(r"""['"`]([^'"`\s][^'"`]*?)['"`]""")
_EDGES = "?!.,;:"


def is_coded(text: str) -> bool:
    """Whether `text` is written as no word is: it starts with a letter and holds a digit
    ("CO2", "API-142"), or capitals after its first letter beside lower-case ones ("NaCl",
    "CHCl3"); never a word in capitals alone ("MW"), a title ("Science") or "3pm"."""
    if not text[:1].isalpha() or not any(c.isalpha() for c in text[1:] + text[:1]):
        return False
    if any(c.isdigit() for c in text):
        return True
    letters = [c for c in text if c.isalpha()]
    return any(c.isupper() for c in letters[1:]) and any(c.islower() for c in letters)


@lru_cache(maxsize=2048)
def _examples(description: str, examples: tuple[str, ...]) -> tuple[str, ...]:
    return (*examples, *(m.group(1) for m in _QUOTED.finditer(description)))


def _coded_examples(param: Param) -> list[str]:
    """The coded words among `param`'s examples (the schema's, or those its description
    quotes) when they are most of them ("Examples: 'H2O', 'C6H12O6', 'Tc'": a formula; not
    "Examples: 'aspirin', 'acetylsalicylic acid', 'H2O', 'C9H8O4'": a name or a formula)."""
    if param.type not in ("string", None) or param.enum:
        return []
    given = tuple(str(e) for e in param.schema.get("examples") or () if isinstance(e, str))
    examples = _examples(str(param.schema.get("description") or ""), given)
    coded = [e for e in examples if is_coded(e)]
    return coded if len(coded) * 2 > len(examples) else []


def takes_coded(param: Param) -> bool:
    """Whether `param` is text whose examples are coded words, most of them."""
    return bool(_coded_examples(param))


def coded_words(reading: Request, param: Param) -> list[int]:
    """The tokens of the request, outside quotes, written as codes as `param`'s examples are:
    with a capital where each of them has one ("CO2" for a formula; "sha1", "base64" are the
    names of things, no formula)."""
    examples = _coded_examples(param)
    if not examples:
        return []
    capital = all(any(c.isupper() for c in e) for e in examples)
    return [
        i
        for i, t in enumerate(reading.text.tokens)
        if t.kind in ("word", "other")
        and is_coded(word := t.text.rstrip(_EDGES))
        and (not capital or any(c.isupper() for c in word))
    ]


def coded_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The request's one coded word into the one parameter of `tool` that takes one."""
    params = [p for p in tool.params.values() if p.name not in f.args and takes_coded(p)]
    if len(params) != 1:
        return
    said = [
        i
        for i in coded_words(reading, params[0])
        if i not in f.used and reading.text.tokens[i].norm not in _enum_values(tool)
    ]  # ("in kDa": the unit the tool lists, no formula)
    if len(said) == 1:
        text = reading.text.tokens[said[0]].text.rstrip(_EDGES)
        f.set(params[0], text, said, text)


def _enum_values(tool: ToolView) -> set[str]:
    return {str(v).lower() for p in tool.params.values() for v in p.enum}


def coded_fit(reading: Request, tool: ToolView) -> bool:
    """Whether the request says one coded word and `tool` requires a parameter that takes it."""
    return any(len(coded_words(reading, p)) == 1 for p in tool.required)
