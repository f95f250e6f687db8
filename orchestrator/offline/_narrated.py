"""A story told to a tool that asks to be told one: `check_shop_red_flags(description)`,
"Describe what happened at the shop — what they said, what they quoted, how they acted — and get
an assessment" (user trial 35: "the shop wouldnt show me the old parts they supposedly replaced
and said i had to decide today or the price goes up. is that sketchy?" listed the todos due
today).

The tool asks for one when its description tells the caller to describe (lexicon
`NARRATION_CUES`) and it takes one required text and nothing else required; the request tells
one when it reports what someone said or did (lexicon `REPORTED_VERBS`: "said", "told me",
"wouldn't"), in two of those verbs or more (`narration_reports`: "KBB says it's worth about
$3,000" is a value, no story) and `narration_words` words or more. The whole request is the
text: the tool judges what it says, the question after it included.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["narrated", "narration_text"]

_WORDS = re.compile(r"[a-z]+")


@lru_cache(maxsize=1024)
def _asks_for_story(description: str) -> bool:
    return bool(set(_WORDS.findall(description.lower())) & LEX.narration_cues)


def _story_param(tool: ToolView) -> Param | None:
    """The one required text a tool that asks to be told a story takes, or None."""
    if tool.kind not in (None, "read", "check") or not _asks_for_story(tool.description):
        return None
    required = tool.required
    if len(required) != 1 or required[0].type not in ("string", None) or required[0].enum:
        return None
    return required[0]


def narrated(reading: Request, tool: ToolView) -> bool:
    """Whether the request tells the tool the story it asks for (see the module)."""
    if _story_param(tool) is None:
        return False
    words = [t for t in reading.text.tokens if t.kind == "word"]
    reported = {t.norm for t in words if t.norm in LEX.reported_verbs}
    return (
        len(words) >= LEX.weights.narration_words and len(reported) >= LEX.weights.narration_reports
    )


def narration_text(reading: Request, f: Fill, tool: ToolView) -> None:
    """The whole request, for the text of a tool it tells a story to (see the module)."""
    param = _story_param(tool)
    if param is None or param.name in f.args or not narrated(reading, tool):
        return
    tokens = reading.text.tokens
    f.set(param, reading.text.original.strip(), range(len(tokens)), reading.text.original)
