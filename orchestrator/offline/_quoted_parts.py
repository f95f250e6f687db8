"""A text and a part of it, both quoted, for a tool that works on a text (`find_nth_char(text,
char, n)`, `find_nth_substring(text, substring)`): "where's the 3rd 'a' in 'banana bandana'",
"find the second 'the' in 'the cat and the hat'". The quoted text said after "in", "of" or
"from" (lexicon `WHOLE_TEXT_LEADS`) is the one worked on, for the parameter named for a text
(lexicon `TEXT_PARAM_WORDS`); the other quoted one is the tool's one other required text; an
ordinal said before it ("3rd", "second") its whole number that counts occurrences (`n`,
`occurrence`: lexicon `OCCURRENCE_WORDS`).
"""

from __future__ import annotations

from orchestrator.offline._earlier import place_of
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["quoted_parts", "quoted_parts_fit"]


def _text_param(tool: ToolView) -> Param | None:
    found = [
        p
        for p in tool.required
        if p.type in ("string", None) and set(p.words) & LEX.text_param_words
    ]
    return found[0] if len(found) == 1 else None


def quoted_parts(reading: Request, f: Fill, tool: ToolView) -> None:
    """The text worked on and the part of it said, both quoted (see the module docstring)."""
    whole = _text_param(tool)
    if whole is None or whole.name in f.args:
        return
    parts = [
        p
        for p in tool.required
        if p is not whole and p.type in ("string", None) and p.name not in f.args
    ]
    tokens = reading.text.tokens
    quoted = [i for i, t in enumerate(tokens) if t.kind == "quoted" and i not in f.used]
    if len(quoted) != 2 or len(parts) != 1:
        return
    led = [i for i in quoted if i and tokens[i - 1].norm in LEX.whole_text_leads]
    if len(led) > 1:  # "every index of 'e' in 'excellence'": "in" before "of"
        led = [i for i in led if tokens[i - 1].norm != LEX.whole_text_leads_weak]
    if len(led) != 1:
        return
    text_at = led[0]
    part_at = next(i for i in quoted if i != text_at)
    f.set(whole, tokens[text_at].inner, [text_at - 1, text_at], tokens[text_at].text)
    f.set(parts[0], tokens[part_at].inner, [part_at], tokens[part_at].text)
    counts = [
        p
        for p in tool.params.values()
        if p.type == "integer" and p.name not in f.args and set(p.words) & LEX.occurrence_words
    ]
    before = part_at - 1
    if len(counts) == 1 and before >= 0:
        nth = place_of(tokens[before].norm)  # "3rd", "second" (never "last": -1)
        if nth is not None and nth > 0:
            f.set(counts[0], nth, [before], tokens[before].text)


def quoted_parts_fit(reading: Request, tool: ToolView) -> bool:
    """Whether a text and a part of it are said quoted, as the tool takes them, each value
    fitting ("the 3rd 'a' in 'banana'": `find_nth_char`, never a `char` of three letters)."""
    f = Fill(tool)
    quoted_parts(reading, f, tool)
    if len(f.args) < 2:
        return False
    return not any(
        set(p.words) <= LEX.char_param_words and len(str(f.args[p.name])) != 1
        for p in tool.params.values()
        if p.name in f.args
    )
