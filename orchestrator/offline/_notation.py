"""A value written in the notation a parameter's examples show, unquoted ("Dice to roll, e.g.
d20, 1d20+5, 2d6+1d4+3"): the one word of the request written only in the examples' letters,
digits and signs, with a letter and a digit ("roll a d20+5 for Torvald's perception": d20+5),
is the value, never the words left over ("Torvald's"). A single example of letters and digits
("The move in UCI format (e.g., 'e2e4')") shows the notation by its shape: a letter where it
has one, a digit where it has one ("g1f3", "d7d5"). A request that says nothing but such a
value (and "I", "play") is for the tool that takes it (`said_in_notation`).

A value its examples write as words joined ("Category slug (e.g. "smileys-and-emotion",
"animals-and-nature")", "Emoji slug (e.g. "grinning-face")") is the one whose words the request
says in a row ("5 emojis from animals and nature", "the grinning face emoji"), as the example
writes them (`joined_examples`).

A map whose example shows its keys in a notation ("cells: Mapping of cell address to value, e.g.
{"A1": "Name", "B3": 100}") takes each key the request writes in it with the value said beside it
(`map_entries`): "set B2 to 42", "A1 = Name, B1 = Age", "put 'Total' in A5". A key whose value is
not found leaves the whole map to be asked for."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from orchestrator.offline._account import is_function
from orchestrator.offline._moves_said import move_in_words, san_cased
from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import phrase_tokens
from orchestrator.offline._tools import VERBS, Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "examples_said",
    "fits_notation",
    "in_notation",
    "joined_examples",
    "keys_said",
    "map_entries",
    "named_notation",
    "notation_named",
    "notation_said",
    "notation_values",
    "said_in_notation",
    "shape_pattern",
]

_EXAMPLE = re.compile(r"^(?=.*\d)(?=.*[a-z])[^\s,;]+$")
_AT_LEAST = 2  # examples a description gives before they show a notation
_SAYING = {*LEX.self, *LEX.notation_verbs}  # the words said with a value alone: "I play e2e4"
_MAP_KEY = re.compile(r'"([^"]+)"\s*:')
_QUOTED = re.compile(r"['\"`]([^'\"`\s]+)['\"`]")  # an example quoted in a description
_STOPS = {*LEX.value_key_links, *LEX.list_joiners}  # what ends a value said after its key


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
    quoted = [w for w in _QUOTED.findall(text) if _EXAMPLE.match(w)]  # a docstring's list:
    if len(quoted) >= _AT_LEAST:  # "examples: - '1d6' - roll one ... - '1d20+5' - ..."
        return frozenset("".join(quoted))
    return frozenset()


@lru_cache(maxsize=4096)
def _digit_first(text: str) -> bool:
    """Whether one of the examples a description gives opens with a digit ("1d6")."""
    examples = [w for w in _QUOTED.findall(text) if _EXAMPLE.match(w)]
    examples += [w for w in re.split(r"[\s,;'\"`]+", text) if _EXAMPLE.match(w)]
    return any(w[:1].isdigit() for w in examples)


@lru_cache(maxsize=4096)
def _runs(text: str) -> frozenset[str]:
    """The runs of letters of the examples a description gives (`_alphabet`'s): "d", "kh"."""
    examples = [w for w in re.split(r"[\s,;()'\"`]+", text) if _EXAMPLE.match(w)]
    return frozenset(r for w in examples for r in re.findall(r"[a-z]+", w))


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
        return re.compile(_modified(shaped[0].lower()))
    return None


def _modified(example: str) -> str:
    """The shape of an example whose last part is a sign and a number ("1d20+5"), that part
    optional ("3d6" is written in it too); else the example's shape (`shape_pattern`)."""
    m = re.fullmatch(r"(.*?[a-z\d])([+-]\d+)", example)
    if m is None or ":" in example or not _EXAMPLE.match(m.group(1)):  # ("sku-1001": a code)
        return shape_pattern(example)
    head = re.sub(r"\\d\{\d+\}", r"\\d+", shape_pattern(m.group(1)))
    return rf"{head}(?:[+-]\d+)?"


def shape_pattern(example: str) -> str:
    """The shape an example shows, as a pattern: each run of letters any letters of its
    length, each run of digits any digits of its length, the rest as written ("e2e4":
    `[a-z]{1}\\d{1}[a-z]{1}\\d{1}`)."""
    runs = re.findall(r"[a-z]+|\d+|[^a-z\d]+", example, re.I)
    return "".join(
        rf"[a-z]{{{len(r)}}}"
        if r.isalpha()
        else rf"\d{{{len(r)}}}"
        if r.isdigit()
        else re.escape(r)
        for r in runs
    )


@lru_cache(maxsize=4096)
def named_notation(text: str) -> re.Pattern[str] | None:
    """The notation a parameter's description (`text`) names, as the lexicon writes its values
    (`NAMED_NOTATIONS`: "The move in algebraic notation (e.g., 'e4', 'Nf3')": any move, "d5",
    "exd5", "O-O", not only the examples' letters), or None."""
    lowered = text.lower()
    for name, pattern in LEX.named_notations.items():
        if name in lowered:
            return re.compile(pattern)
    return None


def notation_named(tool: ToolView) -> bool:
    """Whether a text parameter of the tool takes a notation its description names."""
    return any(
        named_notation(_described(p)) is not None
        for p in tool.params.values()
        if p.type == "string" and not p.enum
    )


def _written(param_describe: str, word: str) -> bool:
    """Whether `word` is written in the notation the description's examples show: in their
    characters, each run of letters one of theirs ("4d6kh3" of "1d6", "4d6kh3"; never "sha1"
    of "C6H12O6", "H2O"), or in the notation it names."""
    named = named_notation(param_describe)
    if named is not None:
        return named.fullmatch(word) is not None
    alphabet = _alphabet(param_describe)
    if alphabet:
        runs = set(re.findall(r"[a-z]+", word))
        digits = set("0123456789") if alphabet & set("0123456789") else set()  # any number
        if word[:1].isdigit() and not _digit_first(param_describe):
            return False  # ("8d6" is no formula: none of "H2O", "C6H12O6" opens with a digit)
        return (
            bool(_EXAMPLE.match(word))
            and set(word) <= alphabet | digits
            and runs <= _runs(param_describe)
        )
    shape = _shape(param_describe)
    return shape is not None and shape.fullmatch(word) is not None


def fits_notation(param: Param, value: str) -> bool | None:
    """Whether a value is written in the notation the parameter's examples show ("H2O",
    "Ca(OH)2" for a formula; never "caffeine"); None when they show none."""
    describe = _described(param)
    if not _alphabet(describe) and _shape(describe) is None:
        return None
    return _written(describe, value.lower())


def _described(param: Param) -> str:
    """What describes a parameter: its schema's description, else its line in the tool's
    ("range_string: Cell range like "A1:D1"", a docstring's `Args:`)."""
    return param.describe or param.own


def _range_said(reading: Request, f: Fill, describe: str) -> tuple[str, list[int]] | None:
    """A range written as its example's two ends ("A1:D1") but said with a word between them
    ("merge cells A1 to C1"): the range in the example's notation, and its tokens."""
    shape = _shape(describe)
    if shape is None or ":" not in shape.pattern.replace("(?:", ""):
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
        named = named_notation(_described(param)) is not None
        said = move_in_words(reading, f.used) if named else None
        if said is not None and set(found) <= set(said[1]):  # "knight to f3": "Nf3", never f3
            f.set(param, said[0], said[1], reading.text.slice(said[1]))
        elif len(found) == 1:
            value = tokens[found[0]].text
            f.set(param, san_cased(value) if named else value, found, value)  # "nf3": "Nf3"
        elif ranged is not None:  # "A1 to C1" for "A1:D1"
            f.set(param, ranged[0], ranged[1], reading.text.slice(ranged[1]))
    if said_in_notation(reading, tool):  # "I play e2e4": "I play" says it, no item named
        f.used.update(i for i, t in enumerate(tokens) if t.norm in _SAYING)
        if any(named_notation(_described(p)) for p in tool.params.values()):  # "for black"
            f.used.update(phrase_tokens(reading.text, LEX.notation_sides))


def in_notation(reading: Request, tool: ToolView) -> set[int]:
    """The tokens written in the notation of one of the tool's maps' keys or of its text
    parameters other than the one naming its record ("B2", "A1:D1" for a workbook's cells):
    values, never names of records."""
    maps = [shape for _, shape in _maps(tool)]
    formulas = any(_holds_formulas(_described(p)) for p, _ in _maps(tool))
    return {
        i
        for i, t in enumerate(reading.text.tokens)
        if t.kind != "punct"
        and (
            any(_cells_named(t.norm, shape) for shape in maps)
            or (formulas and t.norm in LEX.formula_words)  # "the average of B2 to B4"
            or any(_written(_described(p), t.text.lower()) for p in _valued(tool))
        )
    }


def notation_said(reading: Request, tool: ToolView) -> bool:
    """Whether a word of the request is written in the notation of one of the tool's text
    parameters other than its record's name ("A1:D1" for `range_string`, "Cell range like
    "A1:D1"")."""
    return any(
        t.kind != "punct" and any(_written(_described(p), t.text.lower()) for p in _valued(tool))
        for t in reading.text.tokens
    )


@lru_cache(maxsize=1024)
def _valued(tool: ToolView) -> tuple[Param, ...]:
    """The tool's text parameters that take a value in a notation, other than the one naming
    its record ("mark P1-1 as done": the item, found first, never the tool's evidence)."""
    return tuple(
        p
        for p in tool.params.values()
        if p.type == "string" and not p.enum and p is not tool.identifier
    )


def said_in_notation(reading: Request, tool: ToolView) -> bool:
    """Whether the request says nothing but a value written in the notation of one of the
    tool's parameters (see the module): "e2e4", "I play g1f3"."""
    tokens = reading.text.tokens
    texts = [p for p in tool.params.values() if p.type == "string" and not p.enum]
    shaped = [
        i
        for i, t in enumerate(tokens)
        if t.kind != "punct" and any(_written(_described(p), t.text.lower()) for p in texts)
    ]
    named = any(named_notation(_described(p)) for p in texts)
    said = move_in_words(reading, set()) if named else None
    if said is not None and set(shaped) <= set(said[1]):  # "knight to f3"
        shaped = said[1]
    elif len(shaped) != 1:
        return False
    if not shaped:
        return False
    sides = set(phrase_tokens(reading.text, LEX.notation_sides)) if named else set()
    rest = [
        t for i, t in enumerate(tokens) if i not in shaped and i not in sides and t.kind != "punct"
    ]
    return all(
        t.norm in _SAYING or (named and (is_function(t.norm) or t.norm in LEX.fillers))
        for t in rest
    )


@lru_cache(maxsize=4096)
def _key_shape(text: str) -> re.Pattern[str] | None:
    """The notation of a map's keys, from the mapping its description (`text`) gives as an
    example (`{"A1": "Name", "B3": 100}`: letters, then digits), when it gives two keys or more,
    each of letters and digits in the same order; else None."""
    at = text.find("{")
    if at < 0:
        return None
    keys = _MAP_KEY.findall(text[at : text.find("}", at) + 1])
    runs = {tuple("a" if r.isalpha() else "1" for r in re.findall(r"[a-z]+|\d+", k)) for k in keys}
    if len(keys) < _AT_LEAST or len(runs) != 1 or not all(_EXAMPLE.match(k.lower()) for k in keys):
        return None
    (shape,) = runs
    if "".join(re.findall(r"[a-z]+|\d+", keys[0].lower())) != keys[0].lower():
        return None  # marks inside a key ("a-1"): no notation read from it
    return re.compile("".join("[a-z]+" if r == "a" else r"\d+" for r in shape))


def _holds_formulas(text: str) -> bool:
    """Whether a map's example values hold formulas (`"C5": "=SUM(C1:C4)"`)."""
    return bool(re.search(r'"=[a-z]+\(', text))


def _maps(tool: ToolView) -> list[tuple[Param, re.Pattern[str]]]:
    """The tool's maps whose keys are written in a notation, each with that notation."""
    found = []
    for param in tool.params.values():
        if param.type != "object" or param.schema.get("properties"):
            continue
        shape = _key_shape(_described(param))
        if shape is not None:
            found.append((param, shape))
    return found


def _keys(reading: Request, shape: re.Pattern[str], used: set[int]) -> list[int]:
    return [
        i
        for i, t in enumerate(reading.text.tokens)
        if i not in used and t.kind == "word" and shape.fullmatch(t.norm)
    ]


def keys_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request writes a key of one of the tool's maps in its notation, with a value
    beside it ("set B2 to 42" for `cells`)."""
    return any(_entries(reading, param, shape, set()) for param, shape in _maps(tool))


def _entries(
    reading: Request, param: Param, shape: re.Pattern[str], used: set[int]
) -> dict[int, tuple[Any, list[int]]]:
    """Each key of the map `param` the request writes, with its value and the value's tokens,
    in order (a key inside a formula said is the formula's: "the sum of B2:B4 in B5"); none
    when a key's value is not found."""
    keys = _keys(reading, shape, used)
    formulas = _holds_formulas(_described(param))
    found: dict[int, tuple[Any, list[int]]] = {}
    taken: set[int] = set()
    for i in keys:
        if i in taken:
            continue
        entry = _entry(reading, i, set(keys), shape, formulas)
        if entry is None:
            return {}
        found[i] = entry
        taken.update(entry[1])
    return {i: e for i, e in found.items() if i not in taken}


def _value(token_kind: str, text: str) -> Any:
    if token_kind == "number":
        number = float(text)
        return int(number) if number.is_integer() and "." not in text else number
    return text


def _formula(
    reading: Request, run: list[int], shape: re.Pattern[str], formulas: bool
) -> str | None:
    """The formula the words at `run` say ("the sum of B2:B4", "average of C2 to C9":
    "=SUM(B2:B4)"), where the map's examples hold formulas (`formulas`); else None."""
    tokens = reading.text.tokens
    words = [i for i in run if tokens[i].norm not in LEX.function_words]
    if not formulas or len(words) < 2 or tokens[words[0]].norm not in LEX.formula_words:
        return None
    rest = [
        i
        for i in run[run.index(words[0]) + 1 :]
        if tokens[i].norm not in LEX.function_words or tokens[i].norm in LEX.range_words
    ]
    ends = [tokens[i].text for i in rest]
    if (
        len(ends) == 1
        and all(shape.fullmatch(e.lower()) for e in ends[0].split(":"))
        and (ends[0].count(":") == 1)
    ):
        cells = ends[0]
    elif (
        len(ends) == 3
        and tokens[rest[1]].norm in LEX.range_words
        and all(shape.fullmatch(e.lower()) for e in (ends[0], ends[2]))
    ):
        cells = f"{ends[0]}:{ends[2]}"
    else:
        return None
    return f"={LEX.formula_words[tokens[words[0]].norm]}({cells})"


def _entry(
    reading: Request, key: int, keys: set[int], shape: re.Pattern[str], formulas: bool
) -> tuple[Any, list[int]] | None:
    """The value said beside the key at `key` and its tokens: after a link ("B2 to 42", "A1 =
    Name", up to a comma, "and", "in" or the next key) or before "in" or "into" the key ("put
    'Total' in A5", a number or a quoted text only); a formula said in words either way ("the
    sum of B2:B4 in B5", "B5 = average of C2 to C9"); else None. Words that name other cells
    and say no formula are no value."""
    tokens = reading.text.tokens
    if key + 2 < len(tokens) and tokens[key + 1].norm in LEX.key_value_links:
        first = tokens[key + 2]
        if first.kind in ("number", "quoted"):
            return _value(first.kind, text_of(reading, [key + 2])), [key + 1, key + 2]
        run = []
        for i in range(key + 2, len(tokens)):
            t = tokens[i]
            if t.kind in ("punct", "path") or t.norm in _STOPS:
                break
            run.append(i)
        formula = _formula(reading, run, shape, formulas)
        if formula is not None:
            return formula, [key + 1, *run]
        run = run[: next((n for n, i in enumerate(run) if i in keys), len(run))]
        if run and not any(_cells_named(tokens[i].norm, shape) for i in run):
            return reading.text.slice(run), [key + 1, *run]
        return None
    if key >= 2 and tokens[key - 1].norm in LEX.value_key_links:
        value = tokens[key - 2]
        if value.kind in ("number", "quoted"):
            return _value(value.kind, text_of(reading, [key - 2])), [key - 2, key - 1]
        start = key - 2
        while (
            start > 0
            and tokens[start - 1].kind not in ("punct", "path")
            and (tokens[start - 1].norm not in _STOPS and tokens[start - 1].norm not in VERBS)
        ):
            start -= 1
        run = list(range(start, key - 1))
        formula = _formula(reading, run, shape, formulas)
        if formula is not None:
            return formula, [*run, key - 1]
    return None


def _cells_named(norm: str, shape: re.Pattern[str]) -> bool:
    """Whether a word names a key or a range of keys ("b2", "b2:b4")."""
    return all(shape.fullmatch(part) for part in norm.split(":"))


def map_entries(reading: Request, f: Fill, tool: ToolView) -> None:
    """Each key of a map the request writes in the map's notation, with its value (see the
    module); none when a key's value is not found."""
    for param, shape in _maps(tool):
        if param.name in f.args:
            continue
        entries = _entries(reading, param, shape, f.used)
        if not entries:
            continue
        value: dict[str, Any] = {}
        said: list[int] = []
        for i, entry in entries.items():
            value[reading.text.tokens[i].text] = entry[0]
            said += [i, *entry[1]]
        first = min(said) - 1
        if first >= 0 and reading.text.tokens[first].norm in VERBS:  # "in x.xlsx set A1 to 5"
            said.append(first)
        f.set(param, value, said, reading.text.slice(sorted(said)))


def _joined(param: Param) -> dict[tuple[str, ...], str]:
    """The param's examples written as words joined by hyphens or underscores, by their words."""
    return {
        tuple(re.split(r"[-_]", e)): e
        for e in param.examples
        if re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)+", e)
    }


def joined_examples(reading: Request, f: Fill, tool: ToolView) -> None:
    """An example value its words said in a row name (see the module)."""
    norms = [t.norm for t in reading.text.tokens]
    for param in tool.params.values():
        if param.name in f.args or param.type not in ("string", None) or param.enum:
            continue
        found = [
            (i, words, value)
            for words, value in _joined(param).items()
            for i in range(len(norms) - len(words) + 1)
            if tuple(norms[i : i + len(words)]) == words
            and not set(range(i, i + len(words))) & f.used
        ]
        if len(found) == 1:
            i, words, value = found[0]
            span = range(i, i + len(words))
            f.set(param, value, span, reading.text.slice(span))


def examples_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request says the words of an example one of the tool's values is written as
    ("animals and nature" for "animals-and-nature")."""
    norms = " ".join(t.norm for t in reading.text.tokens)
    return any(
        f" {' '.join(words)} " in f" {norms} " for p in tool.params.values() for words in _joined(p)
    )
