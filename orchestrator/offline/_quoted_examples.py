"""A request a tool's description quotes as its own example of when to call it ("Call when
the student signals she's wrapping up for now (e.g. 'that's it for today', 'done')", "Examples:
'when was Mercury last retrograde?'"): said as quoted, word for word, it names that tool,
whatever verb it has or lacks ("that's it for today" ends the study session; no closing, no
todo titled "that's"). Only a whole example said alone counts: a quoted word inside a longer
request is no example of it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from orchestrator.offline._tools import ToolView

__all__ = ["example_said", "quoting_tools"]

# a quotation in the description: '...', "...", “...”, ‘...’; an apostrophe between letters
# ("'that's it for today'") closes none
_QUOTED = re.compile(
    r"""(?<![A-Za-z])'((?:[^'\n]|(?<=[A-Za-z])'(?=[A-Za-z])){2,80}?)'(?![A-Za-z])"""
    r"""|"([^"\n]{2,80}?)"|“([^”\n]{2,80}?)”"""
    r"""|‘((?:[^’\n]|(?<=[A-Za-z])’(?=[A-Za-z])){2,80}?)’(?![A-Za-z])"""
)


@lru_cache(maxsize=1024)
def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))  # "that's": "that s"


@cache
def _examples(description: str) -> frozenset[str]:
    quoted = ("".join(groups) for groups in _QUOTED.findall(description))
    return frozenset(w for q in quoted if len((w := _words(q)).split()) > 1)


def example_said(text: str, tool: ToolView) -> bool:
    """Whether the request is, word for word, an example the tool's description quotes (of
    two words or more: a quoted single word, 'done', is too plain to name a tool)."""
    return _words(text) in _examples(tool.description)


def quoting_tools(text: str, tools: Sequence[ToolView]) -> list[ToolView]:
    """The tools whose descriptions quote the request as an example."""
    return [t for t in tools if example_said(text, t)]
