"""A pattern said for a tool's pattern parameter (a string its name or description calls a
pattern, lexicon `PATTERN_NOUNS`: `pattern`, "The regex pattern to test"): "test the pattern
\\d+", "try [0-9]{3}-[0-9]{4}", "test 'colou?r'". The pattern is the token written as code
right after a pattern noun, else the request's one such token (`_tokens.code_like`: "\\d+",
"^a+$"), else its one quoted text; sent as written. A code its description gives a meaning to
("Optional regex flags (e.g., 'i' for case-insensitive, 'm' for multiline)") is sent for that
meaning said ("case insensitive": `flags` "i").
"""

from __future__ import annotations

import re

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import code_like, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["coded_meanings", "pattern_fit", "pattern_param", "pattern_said", "pattern_values"]

# "'i' for case-insensitive": a code of one to three letters, and the words of its meaning.
_CODE_FOR = re.compile(r"['\"`]([a-z]{1,3})['\"`]\s+for\s+([a-z][a-z -]*[a-z])")


def pattern_param(tool: ToolView) -> Param | None:
    """The tool's one string parameter that takes a pattern, if it has exactly one."""
    found = [
        p
        for p in tool.params.values()
        if p.type in ("string", None)
        and not p.enum
        and (set(p.words) | set(words_of(p.describe)[:4])) & LEX.pattern_nouns
        and not _CODE_FOR.search(p.describe)
    ]
    return found[0] if len(found) == 1 else None


def pattern_said(reading: Request, used: set[int] | frozenset[int] = frozenset()) -> int | None:
    """The token that says a pattern (see the module docstring), or None."""
    tokens = reading.text.tokens
    coded = [i for i, t in enumerate(tokens) if i not in used and code_like(t.text)]
    for i in coded:
        if i and tokens[i - 1].norm in LEX.pattern_nouns:
            return i
    if len(coded) == 1:
        return coded[0]
    quoted = [i for i, t in enumerate(tokens) if i not in used and t.kind == "quoted"]
    return quoted[0] if len(quoted) == 1 and not coded else None


def pattern_fit(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a pattern for a tool that takes one."""
    param = pattern_param(tool)
    return param is not None and param.required and pattern_said(reading) is not None


def pattern_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The pattern said, for the tool's pattern parameter (see the module docstring)."""
    param = pattern_param(tool)
    if param is None or param.name in f.args:
        return
    at = pattern_said(reading, f.used)
    if at is None:
        return
    tok = reading.text.tokens[at]
    value = tok.inner if tok.kind == "quoted" else tok.text
    f.set(param, value, [at], tok.text)


def coded_meanings(reading: Request, f: Fill, tool: ToolView) -> None:
    """The codes a parameter's description gives meanings to, for each meaning said, joined
    in the order the description gives them ("case insensitive": "i")."""
    said = [(i, w) for i, t in enumerate(reading.text.tokens) for w in words_of(t.text)]
    for param in tool.params.values():
        if param.name in f.args or param.type not in ("string", None) or param.enum:
            continue
        codes: list[str] = []
        spans: set[int] = set()
        for code, meaning in _CODE_FOR.findall(param.describe):
            words = words_of(meaning)
            for k in range(len(said) - len(words) + 1):
                if words and [w for _, w in said[k : k + len(words)]] == words:
                    codes.append(code)
                    spans |= {i for i, _ in said[k : k + len(words)]}
                    break
        if codes and not spans & f.used:
            f.set(param, "".join(codes), spans, " ".join(codes))
