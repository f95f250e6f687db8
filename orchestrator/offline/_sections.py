"""Texts a request gives under their fields' names, each a section of its own: "symptom:
searching with an apostrophe crashed the page. root cause: the query string was interpolated
into raw SQL" fills `symptom` and `root_cause`, each with its sentence. A section opens the
request, follows a mark, words read already ("add card front: ...") or another section ("...
back: ..."); its label is the field's name in words ("root cause:"), or the last
of them where no other field of the tool ends on it ("cause:"); it runs to the end of its
sentence or to the next section. A field named in two words or more, labelled with one word
after it between marks, is a short section ("..., area search. symptom: ...": `feature_area`
search). Read from the schema alone: no word list."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["labelled_sections"]


def labelled_sections(reading: Request, f: Fill, tool: ToolView) -> None:
    tokens = reading.text.tokens
    texts = [
        p
        for p in tool.params.values()
        if p.type in ("string", None) and not p.enum and p.name not in f.args
    ]
    ends = [p.words[-1] for p in tool.params.values() if p.words]
    opened: list[tuple[int, int, Param]] = []  # (label's first token, its mark, field)
    for at, tok in enumerate(tokens):
        if tok.norm not in LEX.heading_marks:
            continue
        for param in texts:
            start = _label_start(
                reading,
                at,
                param,
                ends.count(param.words[-1]) == 1,
                bool(opened),
                f.used if not set(param.words) & tool.nouns else frozenset(),  # ("add a
            )  # snack: flapjack, 240 kcal": the record's kind, no field's label)
            if start is not None and all(p is not param for _, _, p in opened):
                opened.append((start, at, param))
                break
    _short_sections(reading, f, tool, [p for p in texts if all(p is not q for _, _, q in opened)])
    for n, (start, mark, param) in enumerate(opened):
        stop = opened[n + 1][0] if n + 1 < len(opened) else len(tokens)
        run: list[int] = []
        for i in range(mark + 1, stop):
            if tokens[i].kind == "punct" and tokens[i].norm in LEX.sentence_ends:
                if any(t.kind != "punct" for t in tokens[i + 1 : stop]):
                    break  # the sentence ends; what follows is no part of it
                continue
            run.append(i)
        run = [i for i in run if i not in f.used]
        words = [i for i in run if tokens[i].kind != "punct"]
        if not words:
            continue
        value = text_of(reading, range(words[0], words[-1] + 1))
        f.set(
            param,
            value,
            range(start, words[-1] + 1),
            f"{text_of(reading, range(start, mark))}: {value}",
        )


def _short_sections(reading: Request, f: Fill, tool: ToolView, texts: list[Param]) -> None:
    """ "..., area search. ...": a label and one word, a mark (or the end) on either side."""
    tokens = reading.text.tokens
    ends = [p.words[-1] for p in tool.params.values() if p.words]
    for param in texts:
        if param.name in f.args or len(param.words) < 2:  # (one word: `label_values` reads it)
            continue
        own_end = ends.count(param.words[-1]) == 1
        for at in range(1, len(tokens)):
            value = tokens[at]
            closed = at + 1 == len(tokens) or tokens[at + 1].kind == "punct"
            if value.kind != "word" or at in f.used or not closed:
                continue
            start = _label_start(reading, at, param, own_end)
            if start is not None and not set(range(start, at)) & f.used:
                label = text_of(reading, range(start, at))
                f.set(param, value.text, range(start, at + 1), f"{label} {value.text}")
                break


def _label_start(
    reading: Request,
    mark: int,
    param: Param,
    own_end: bool,
    after_another: bool = False,
    used: set[int] | frozenset[int] = frozenset(),
) -> int | None:
    """Where the label before the mark at `mark` starts, when it names `param` and opens a
    section: the request's start, a mark before it, only words read already ("add card front:
    la mesa"), or, a section opened before it, the end of that one's text ("... back: the
    table")."""
    tokens = reading.text.tokens
    words = list(param.words)
    for label in (words, words[-1:] if own_end and len(words) > 1 else None):
        if not label or mark < len(label):
            continue
        start = mark - len(label)
        said = [singular(tokens[k].norm) for k in range(start, mark)]
        if said != label:
            continue
        if start == 0 or tokens[start - 1].kind == "punct":
            return start
        if after_another or all(k in used for k in range(start)):
            return start
    return None
