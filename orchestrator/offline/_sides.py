"""Two texts said as a pair, for an object parameter whose description shows it with two keys
(`fields`: "Field name to value mapping (e.g., {'Front': 'Question', 'Back': 'Answer'})"): a
card's two sides. "bonjour / hello", "laufen = to run", "H2O -> water", "tachycardia - fast
heart rate, over 100 bpm" are the first key's text, a mark (lexicon `SIDE_MARKS`), and the
second key's; "front: mitochondria back: powerhouse of the cell" and "Question: What is 7x8?
Answer: 56" say each under a key's name or under the example's word for it.

The first text is the words right before the mark that nothing else read (back to a colon or
a word read: the verb, the deck named), the second those after it to the sentence's end or a
word read ("..., tag it exam"); quotes around either are dropped. Two marks, or a text left
empty, read no pair: the object is left to be asked for. The required text a type is named by
(`note_type_name`: "e.g., 'Basic', 'Cloze'") and nothing said for takes its first example, the
kind the example's two keys are of.
"""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["paired_sides", "sides_said"]

_PAIR = re.compile(r"['\"]([\w ]+)['\"]\s*:\s*['\"]([^'\"]*)['\"]")
_QUOTED = re.compile(r"['\"]([^'\"]+)['\"]")


def _sides(param: Param) -> list[tuple[str, str]]:
    """The two (key, the example's word for it) its description's example shows, else []."""
    found = re.search(r"\{([^{}]*)\}", param.schema.get("description") or "")
    pairs = _PAIR.findall(found.group(1)) if found else []
    return pairs if len(pairs) == 2 else []


def _text(reading: Request, span: list[int]) -> str:
    tokens = reading.text.tokens
    if not span:
        return ""
    if len(span) == 1 and tokens[span[0]].kind == "quoted":
        return tokens[span[0]].inner.strip()
    start, end = tokens[span[0]].start, tokens[span[-1]].end
    return reading.text.original[start:end].strip(" ,;").strip()


def _labelled(reading: Request, f: Fill, sides: list[tuple[str, str]]) -> list[list[int]]:
    """ "front: X back: Y", "Question: X Answer: Y": each text under its key's name (its name
    and colon the span's first two tokens)."""
    tokens = reading.text.tokens
    at: list[int] = []
    for key, word in sides:
        names = {key.lower(), word.lower()}
        found = [
            i
            for i in range(len(tokens) - 1)
            if tokens[i].norm in names and tokens[i + 1].text == ":" and i not in f.used
        ]
        if len(found) != 1:
            return []
        at.append(found[0])
    if at[0] >= at[1]:
        return []
    first = [i for i in range(at[0] + 2, at[1]) if i not in f.used]
    second = [i for i in range(at[1] + 2, len(tokens)) if i not in f.used]
    return [[at[0], at[0] + 1, *first], [at[1], at[1] + 1, *second]] if first and second else []


def _marked(reading: Request, f: Fill) -> list[list[int]]:
    """ "X = Y", "X -> Y", "X / Y", "X - Y": the texts either side of the one mark (the mark
    the second span's first token)."""
    tokens = reading.text.tokens
    marks = [i for i, t in enumerate(tokens) if t.text in LEX.side_marks and i not in f.used]
    if len(marks) != 1:
        return []
    (mark,) = marks
    first: list[int] = []
    i = mark - 1
    while i >= 0 and i not in f.used and tokens[i].text != ":":
        first.insert(0, i)
        i -= 1
    second: list[int] = []
    i = mark + 1
    while i < len(tokens) and i not in f.used and tokens[i].text not in LEX.dimension_stops:
        if tokens[i].text == "," and i + 1 < len(tokens) and tokens[i + 1].norm in LEX.self:
            break  # "grazie = thank you, i want it tested both directions": a remark
        second.append(i)
        i += 1
    if not first or not second:
        return []
    return [first, [mark, *second]]


def sides_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a pair of texts the tool takes as two sides: under their keys'
    names, or either side of a mark only such a pair is said with ("=", "->": lexicon
    `SIDE_MARKS_OWN`; "call mom - urgent", "milk / eggs" say no pair)."""
    used = set(reading.action.tokens) | set(reading.lead)
    for param in tool.role("object"):
        sides = _sides(param)
        if sides:
            f = Fill(tool, used=set(used))
            if _labelled(reading, f, sides):
                return True
            marked = _marked(reading, f)
            if marked and reading.text.tokens[marked[1][0]].text in LEX.side_marks_own:
                return True
    return False


def paired_sides(reading: Request, f: Fill, tool: ToolView) -> None:
    """A pair of texts into the object its description shows with two keys (the docstring)."""
    for param in tool.role("object"):
        sides = _sides(param)
        if param.name in f.args or not sides:
            continue
        labelled = _labelled(reading, f, sides)
        spans = labelled or _marked(reading, f)
        if not spans:
            continue
        skip = 2 if labelled else 0  # the key's name and its colon
        texts = [_text(reading, spans[0][skip:]), _text(reading, spans[1][skip or 1 :])]
        if not all(texts):
            return
        value = {key: text for (key, _), text in zip(sides, texts, strict=True)}
        f.set(param, value, [i for span in spans for i in span], "; ".join(texts))
        _kind_of(f, tool)
        return


def _kind_of(f: Fill, tool: ToolView) -> None:
    """The required text a type is named by, where nothing names it: its first example."""
    kinds = [
        p
        for p in tool.required
        if p.name not in f.args and p.type == "string" and set(p.words) & LEX.type_words
    ]
    for kind in kinds[:1]:
        examples = _QUOTED.findall(kind.schema.get("description") or "")
        if examples:
            f.args[kind.name] = examples[0]
            f.evidence[kind.name] = ""
