"""Colours, for a tool that takes them: a hex colour is written as a hashtag ("#1a73e8") but is
no tag where a tool has a parameter for a colour (`color_hex`, `base_color`, `foreground`,
`start_color`: its words, lexicon `COLOR_PARAM_WORDS`), and a colour's name ("white text on
#1a73e8", "black on yellow") is that colour in hex (lexicon `COLOR_NAMES`). The colours said
fill the tool's colour parameters in the order the schema gives them ("#777777 on white":
`foreground`, `background`; "from #ff0000 to #0000ff": `start_color`, `end_color`), a list of
them all (`palette`), or the one colour its one parameter takes. A name said just before a hex
colour names that colour ("yellow #ffff00"), never a second one."""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["color_params", "color_values", "colors_said", "is_hex_color", "surely_color"]

_HEX = re.compile(r"^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$")


def is_hex_color(text: str) -> bool:
    """Whether a hashtag may be a hex colour: "#1a73e8", "#abc" (for a tool that takes one)."""
    return _HEX.match(text.lower()) is not None


def surely_color(text: str) -> bool:
    """Whether a hashtag is a hex colour whatever the tool: one with a digit or of six or
    eight letters ("#1a73e8", "#ffffff"), never a word a tag may be ("#cafe", "#bad")."""
    hexed = text[1:]
    return is_hex_color(text) and (any(c.isdigit() for c in hexed) or len(hexed) in (6, 8))


@lru_cache(maxsize=4096)  # a view is hashed by identity, and the router keeps its views
def color_params(tool: ToolView) -> tuple[Param, ...]:
    """The tool's parameters that take a colour (or a list of them), in the schema's order."""
    return tuple(
        p
        for p in tool.params.values()
        if set(p.words) & LEX.color_param_words
        and not p.enum  # (`color: red|green|blue`, a chess side "white/black": values of its
        and not p.allowed  # own, never a colour in hex)
        and (p.type in ("string", None) or (p.type == "array" and not p.enum))
    )


def colors_said(reading: Request) -> list[tuple[str, list[int]]]:
    """The colours the request says, in order, each in hex with its tokens."""
    tokens = reading.text.tokens
    found: list[tuple[str, list[int]]] = []
    for i, t in enumerate(tokens):
        if t.kind == "hashtag" and is_hex_color(t.text):
            if found and found[-1][1][-1] == i - 1 and tokens[i - 1].kind == "word":
                found[-1] = (t.text, [*found[-1][1], i])  # "yellow #ffff00": one colour
            else:
                found.append((t.text, [i]))
        elif t.kind == "word" and t.norm in LEX.color_names:
            found.append((LEX.color_names[t.norm], [i]))
    return found


def color_values(reading: Request, f: Fill, tool: ToolView) -> None:
    """The colours said, for the tool's colour parameters (see the module)."""
    params = [p for p in color_params(tool) if p.name not in f.args]
    if not params:
        return
    said = [(c, span) for c, span in colors_said(reading) if not set(span) & f.used]
    if not said:
        return
    lists = [p for p in params if p.type == "array"]
    if lists:
        tokens = [i for _, span in said for i in span]
        f.set(lists[0], [c for c, _ in said], tokens, reading.text.slice(tokens))
        return
    required = [p for p in params if p.required] or params
    if len(said) == 1 and len(required) == 1:
        f.set(required[0], said[0][0], said[0][1], reading.text.slice(said[0][1]))
    elif len(said) == len(required) > 1:
        for param, (color, span) in zip(required, said, strict=True):
            f.set(param, color, span, reading.text.slice(span))
