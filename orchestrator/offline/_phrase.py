"""Words and spans for the fill step: the function words a value is trimmed of, the words that
end a phrase, and `Fill`, what the fill step found for one tool (values, the words each came
from, the tokens used, the reference to an existing item).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from orchestrator.offline._read import Request
from orchestrator.offline._tools import VERBS, Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "BOUNDARY",
    "CLAUSES",
    "EDGE",
    "GENERIC",
    "NOT_VALUE",
    "TITLE_MARKERS",
    "Fill",
    "free_tokens",
    "one_name",
    "phrase_after",
    "text_of",
    "trim",
]

EDGE = LEX.edge_words
GENERIC = LEX.generic_nouns
BOUNDARY = LEX.boundary_words
TITLE_MARKERS = LEX.title_markers
CLAUSES = frozenset(LEX.clause_breaks)
NOT_VALUE = EDGE | BOUNDARY | frozenset(VERBS) | LEX.not_value_words


@dataclass
class Fill:
    tool: ToolView
    args: dict[str, Any] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)
    evidence: dict[str, str] = field(default_factory=dict)
    reference: str = ""  # the words naming an existing item (update, delete, get, run)
    reference_tokens: list[int] = field(default_factory=list)
    references: list[str] = field(default_factory=list)  # several named, for a list of ids
    removals: dict[str, list[str]] = field(default_factory=dict)  # "remove the health tag"
    target: str | None = None  # "rename X to Y": Y, for the title
    nouns: set[int] = field(default_factory=set)  # the tokens naming the tool's object
    nested: dict[str, Fill] = field(default_factory=dict)  # an array-of-objects parameter's item
    misfits: dict[str, str] = field(default_factory=dict)  # "top priority" for A-Z: no member
    fields: list[str] = field(default_factory=list)  # "set its priority": named, no value said
    added: tuple[Param, str] | None = None  # "add to the X note: Y": Y, added to its text
    spans: dict[str, set[int]] = field(default_factory=dict)  # the tokens each value came from
    described: dict[str, Any] = field(default_factory=dict)  # "the high priority one": its values

    def set(self, param: Param | str, value: Any, tokens: Iterable[int], words: str) -> None:
        name = param if isinstance(param, str) else param.name
        self.args[name] = value
        tokens = set(tokens)
        self.used.update(tokens)
        self.spans[name] = tokens
        self.evidence[name] = words

    def missing(self, skip: Iterable[str] = ()) -> list[Param]:
        skipped = set(skip)
        return [
            p
            for p in self.tool.required
            if p.name not in self.args and p.name not in skipped and p.role != "const"
        ]


def trim(reading: Request, indices: Iterable[int]) -> list[int]:
    """Token indices without function words and punctuation at either end, and without runs
    (between consumed words) made of nothing else ("call the bank, it's, tagged ...")."""
    tokens = reading.text.tokens

    def edge(i: int) -> bool:
        tok = tokens[i]
        return tok.kind == "punct" or tok.norm in EDGE or tok.text.lower() in EDGE

    runs: list[list[int]] = []
    for i in sorted(set(indices)):
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    kept = [i for run in runs if not all(edge(i) for i in run) for i in run]
    last = len(tokens) - 1
    while kept and edge(kept[0]):
        if (
            tokens[kept[0]].norm in LEX.kept_before_content
            and len(kept) > 1
            and kept[1] == kept[0] + 1
            and not edge(kept[1])
        ):
            break  # "a new chair"
        if _titled_article(reading, kept):
            break  # "add The Name of the Wind": the title's own "The"
        kept.pop(0)
    while (
        kept
        and edge(kept[-1])
        and (
            kept[-1] < last
            or tokens[kept[-1]].kind == "punct"
            or tokens[kept[-1]].norm in LEX.tail_words
        )
    ):  # a preposition the request ends with stays: "... cannot sign in"
        kept.pop()
    return kept


def _titled_article(reading: Request, kept: list[int]) -> bool:
    """Whether `kept` opens on an article written with a capital inside the request, before a
    word written with one too ("add The Name of the Wind"): a title's own first word."""
    tokens = reading.text.tokens
    first = kept[0]
    return (
        first > 0
        and len(kept) > 1
        and kept[1] == first + 1
        and tokens[first].norm in LEX.articles
        and tokens[first].text[:1].isupper()
        and tokens[first + 1].text[:1].isupper()
    )


def text_of(reading: Request, indices: Iterable[int]) -> str:
    indices = list(indices)
    if len(indices) == 1 and reading.text.tokens[indices[0]].kind == "quoted":
        return reading.text.tokens[indices[0]].inner.strip()
    return reading.text.slice(indices).strip(" ,;")


def one_name(reading: Request, kept: list[int], markers: Iterable[str]) -> list[int]:
    """The words of a read's name: `kept` when they are one run of words; else their first run,
    when a marker opens it ("for squat, base weight 100": squat); else none ("for me? I used to
    do 185, surgery was ...": no name; it is asked for)."""
    tokens = reading.text.tokens
    run: list[int] = []
    for i in kept:
        if tokens[i].kind == "punct" or (run and i != run[-1] + 1):
            break
        run.append(i)
    if run == kept:
        return kept
    return run if run and run[0] > 0 and tokens[run[0] - 1].norm in markers else []


def free_tokens(reading: Request, f: Fill) -> list[int]:
    return [i for i in range(len(reading.text.tokens)) if i not in f.used]


def phrase_after(reading: Request, f: Fill, start: int, stop_words: frozenset[str]) -> list[int]:
    """The unused tokens from `start` up to a used token or a boundary word."""
    out: list[int] = []
    tokens = reading.text.tokens
    for i in range(start, len(tokens)):
        if i in f.used or (out and tokens[i].norm in stop_words) or tokens[i].norm in CLAUSES:
            break
        out.append(i)
    return out
