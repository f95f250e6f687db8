"""An id said as its parameter's example is written: "book dr-002 on dec 14" for `doctor_id`
("doctor id from search_doctors, e.g. dr-001"), "cancel BK-20260709-001" for `booking_id`
("e.g. BK-20260709-001"). The example's letters and marks kept, each run of digits any digits,
is the id's shape; the request's one word of that shape is the value, as the user gave it, never
a name or a reference to look up ("for Lily Rivera" stays the patient's name). Only an example
of letters and digits shapes an id ("e.g. anak, jantung" are values, not ids). A text id with no
example (`create_booking(doctor_id)`, "doctor id from search_doctors") takes a word of letters,
a mark and digits whose letters shorten its noun ("dr-002" for a doctor, "BK-20260709-001" for a
booking), never another's ("dr-002" is no `booking_id`); but for the record a change acts on,
found as any reference is (`_references`: "mark task T-3002 as done"). An example of letters
and digits mixed ("such as '8JX2WO'") shapes codes of as many of both ("NO6JO3"); one of words
and a number that are not the parameter's ("sara_doe_496" for `user_id`) shapes handles
("raj_sanchez_7340"), also from the parameter's line in a docstring's `Args:`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._notation import shape_pattern
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["code_misfit", "general_shape", "id_shaped", "ids_said", "shaped_ids"]

_WORD = re.compile(r"[\w-]+")
_RUNS = re.compile(r"(\d+)")
_PREFIXED = re.compile(r"(?P<prefix>[A-Za-z]+)[-_](?=[\w-]*\d)[\w-]+")  # "dr-002", "BK-1"
_FOUND = ("update", "delete", "stop", "run")  # kinds that act on a record found by reference


@lru_cache(maxsize=2048)
def _shape(
    describe: str, words: tuple[str, ...] = (), docstring: bool = False
) -> re.Pattern[str] | None:
    """The shape of the id the description gives as its example, or None: a code of its
    letters and digits mixed (`_mixed`), a handle of words and a number (`_handle`), else its
    letters and marks as written and any digits. From a `docstring`'s line only the first two:
    "P1-2" there made "mark P1-1 as done" a write on an id several projects have (blind set C).
    """
    example = _example(describe)
    if example is None:
        return None
    general = _mixed(example) or _handle(example, words)
    if general is not None or docstring:
        return general
    parts = _RUNS.split(example)
    return re.compile("".join(r"\d+" if p.isdigit() else re.escape(p) for p in parts if p), re.I)


def _example(describe: str) -> str | None:
    """The first example of letters and digits a description gives, or None."""
    for lead in LEX.example_leads:
        at = describe.find(lead)
        if at < 0:
            continue
        word = _WORD.search(describe, at + len(lead))
        example = word.group(0) if word else ""
        if any(c.isdigit() for c in example) and any(c.isalpha() for c in example):
            return example
        return None
    return None


def general_shape(param: Param) -> re.Pattern[str] | None:
    """The shape any id of `param` has, where its example shows one: a code of letters and
    digits mixed, a handle (`_mixed`, `_handle`); None where its example's letters are the id's
    own ("dr-001") or it gives none. A value of another shape is no such id
    ("credit_card_2929732" is no reservation's "8JX2WO")."""
    if param.role != "id" or param.type not in ("string", None) or param.enum:
        return None
    example = _example(param.describe or param.own)
    return (_mixed(example) or _handle(example, param.words)) if example else None


@lru_cache(maxsize=2048)
def _mixed(example: str) -> re.Pattern[str] | None:
    """For an example of letters and digits mixed at random ("8JX2WO", "ZFA04Y": three runs
    or more, no mark), any code of as many letters and digits, with both: "NO6JO3"."""
    if not example.isalnum() or len(re.findall(r"[a-z]+|\d+", example, re.I)) < 3:
        return None
    n = len(example)  # (written in capitals, or in three runs: never "covid1")
    upper = rf"(?=[A-Z\d]{{{n}}}$)(?=\D*\d)(?=\d*[A-Z])[A-Z\d]+"
    lower = rf"(?=[a-z\d]{{{n}}}$)(?:\d*[a-z]+\d+[a-z]|[a-z]*\d+[a-z]+\d)[a-z\d]*"
    return re.compile(f"{upper}|{lower}")


@lru_cache(maxsize=2048)
def _handle(example: str, words: tuple[str, ...]) -> re.Pattern[str] | None:
    """For an example of two words or more and a number ("sara_doe_496" for `user_id`), whose
    words are none of the parameter's own (as "order_item_12" of `order_item_id` would be),
    any words so joined and a number of about as many digits: "raj_sanchez_7340"."""
    m = re.fullmatch(r"((?:[a-z]+_)+)(\d+)", example)
    if m is None:
        return None
    names = re.findall(r"[a-z]+", m.group(1))
    if len(names) < 2 or set(names) & (set(words) | LEX.id_words):
        return None
    mark = re.escape(m.group(1)[-1])
    digits = len(m.group(2))
    return re.compile(
        rf"[a-z]+(?:{mark}[a-z]+){{{len(names) - 1}}}{mark}\d{{{max(1, digits - 1)},{digits + 1}}}",
        re.I,
    )


@lru_cache(maxsize=2048)
def _code_shape(describe: str) -> re.Pattern[str] | None:
    """The shape of the codes the description gives as its examples ("Maidenhead locator,
    e.g. DN13 or DN13la"), any letters where they have letters: `[a-z]{2}\\d{2}([a-z]{2})?`."""
    for lead in LEX.example_leads:
        at = describe.find(lead)
        if at < 0:
            continue
        shapes: list[str] = []
        for written in re.split(r"[\s,;]+", describe[at + len(lead) :].strip()):
            example = written.rstrip(".)")
            if example in LEX.either_joins and shapes:
                continue  # "DN13 or DN13la"
            if not _WORD.fullmatch(example):
                return None  # "e.g. d20, 1d20+5": a notation, no code
            if not (any(c.isdigit() for c in example) and any(c.isalpha() for c in example)):
                break
            shapes.append(shape_pattern(example))
        return re.compile("|".join(shapes), re.I) if shapes else None
    return None


def code_misfit(param: Param, value: object) -> str | None:
    """Why a value is no code of the shape a parameter's examples give: a word with no digit
    where a code of letters and digits is due ("locator must be written like “DN13”" for
    "degraded"); None when it has digits (an example need not be the only form: "room 101"
    for "e.g. B12"), or the parameter gives no such example."""
    if param.role == "id" or set(param.words) & LEX.id_words or not isinstance(value, str):
        return None
    if any(c.isdigit() for c in value):
        return None
    shape = _code_shape(param.describe) if param.type in ("string", None) else None
    if shape is None or shape.fullmatch(value):
        return None
    described = str(param.schema.get("description") or param.describe)
    lead = next((x for x in LEX.example_leads if x in described.lower()), "")
    example = _WORD.search(described, described.lower().find(lead) + len(lead)) if lead else None
    return f"{param.name} must be written like “{example.group(0) if example else ''}”"


def id_shaped(param: Param) -> re.Pattern[str] | None:
    """The shape `param`'s example gives its ids, for a text parameter; else None. A value
    that is no id (`locator`, "e.g. DN13 or DN13la") is a code of any letters in their place."""
    if param.type not in ("string", None) or param.enum:
        return None
    if param.role != "id" and not set(param.words) & LEX.id_words:
        return _code_shape(param.describe)
    shape = _shape(param.describe, param.words)
    if shape is None and param.own:  # its line in a docstring's `Args:` ("such as '8JX2WO'")
        shape = _shape(param.own, param.words, docstring=True)
    return shape


def _abbreviates(prefix: str, noun: str) -> bool:
    """Whether an id's letters shorten the noun its parameter is named for: its first letter,
    then the others in order ("dr" doctor, "BK" booking, "TSK" task, "EPIC" epic)."""
    prefix, noun = prefix.lower(), noun.lower()
    if not prefix or not noun or prefix[0] != noun[0]:
        return False
    rest = iter(noun[1:])
    return all(c in rest for c in prefix[1:])


def _abbreviated(param: Param) -> re.Pattern[str] | None:
    """For a text id named for one noun (`doctor_id`), ids whose letters shorten that noun."""
    if param.role != "id" or param.type not in ("string", None) or param.enum:
        return None
    nouns = [w for w in param.words if w not in LEX.id_words]
    if len(nouns) != 1:
        return None
    noun = nouns[0]
    return _PREFIXED if noun.isalpha() else None


def _said(reading: Request, shape: re.Pattern[str], noun: str = "") -> list[tuple[int, str]]:
    out = []
    for i, tok in enumerate(reading.text.tokens):
        text = tok.text.rstrip(".,;:!?")
        text = text[:-2] if tok.possessive and text.lower().endswith(("'s", "’s")) else text
        m = shape.fullmatch(text)
        if m and (not noun or _abbreviates(m.group("prefix"), noun)):
            out.append((i, text))
    return out


def _second_of(param: Param, tool: ToolView) -> Param | None:
    """The parameter `param` is a second one of (`other_locator`, `locator2`: `locator`)."""
    words = [w for w in param.words if w not in LEX.second_words and not w.isdigit()]
    if not words or len(words) == len(param.words):
        return None
    return next(
        (p for p in tool.params.values() if p is not param and list(p.words) == words), None
    )


def _shaped_pairs(reading: Request, f: Fill, tool: ToolView) -> None:
    """Two codes said in the shape of a parameter's examples, for it and for its second one
    (`locator`, `other_locator`: "a window for FN31 and JO65"), in the order said."""
    for second in tool.params.values():
        first = _second_of(second, tool)
        if first is None or first.name in f.args or second.name in f.args:
            continue
        shape = id_shaped(first)
        said = [(i, text) for i, text in _said(reading, shape) if i not in f.used] if shape else []
        if len(said) == 2:
            for param, (i, text) in zip((first, second), said, strict=True):
                f.set(param, text, [i], text)


def shaped_ids(reading: Request, f: Fill, tool: ToolView) -> None:
    """Each id said in its example's shape, or with letters that shorten its noun (see the
    module docstring)."""
    _shaped_pairs(reading, f, tool)
    for param in tool.params.values():
        if param.name in f.args:
            continue
        shape, noun = id_shaped(param), ""
        if shape is None and not (param is tool.identifier and tool.kind in _FOUND):
            shape = _abbreviated(param)  # (a record changed is found as any reference is)
            noun = next((w for w in param.words if w not in LEX.id_words), "")
        if shape is None:
            continue
        said = [(i, text) for i, text in _said(reading, shape, noun) if i not in f.used]
        if len(said) == 1:
            i, text = said[0]
            f.set(param, text, [i], text)


def ids_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request says an id in the shape a required parameter's example gives
    ("is sku-1003 available" for `product_id`, "e.g. SKU-1001")."""
    return any((shape := id_shaped(p)) is not None and _said(reading, shape) for p in tool.required)
