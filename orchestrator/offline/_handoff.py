"""A person asked for instead of the assistant: "I want to talk to a real person", "just get me
a human please", "can I speak to a representative", for a tool that hands the conversation to
one (`transfer_to_human_agents`, `escalate_to_support`: a name whose verb hands over, lexicon
`HANDOFF_TOOL_VERBS`, and a noun for people who answer, `HANDOFF_TOOL_NOUNS`). A person is asked
for by a word for one (lexicon `HANDOFF_PEOPLE`: "human", "a real person", "live agent"; never
a kind of another thing, "a human reviewer", "human resources") after a verb of talking or
getting (`HANDOFF_VERBS`, up to `_REACH` words before), or alone but for fillers ("human
please").
The tool's one text (`summary`) is the request as said: what the person is to read first.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["handoff_asked", "handoff_summary", "hands_off"]

_REACH = 5  # words between the verb and the person ("get me a real person")


def handoff_asked(reading: Request) -> bool:
    """Whether the request asks for a person to talk to (see the module docstring)."""
    tokens = reading.text.tokens
    people = _people(reading)
    if not people:
        return False
    first = min(people)
    if any(tokens[k].norm in LEX.handoff_verbs for k in range(max(0, first - _REACH), first)):
        return True
    rest = [  # ("human please": nothing else said; never "is this written by a human?")
        t
        for k, t in enumerate(tokens)
        if k not in people
        and t.kind == "word"
        and not is_function(t.norm)
        and t.norm not in LEX.fillers
    ]
    return not rest


def _people(reading: Request) -> list[int]:
    """The tokens of each word for a person said as one, not as a kind of something else
    ("a human reviewer", "human resources": the noun after it is what is meant)."""
    tokens = reading.text.tokens
    norms = [t.norm for t in tokens]
    out: list[int] = []
    for phrase in LEX.handoff_people:
        words = phrase.split()
        for i in range(len(norms) - len(words) + 1):
            end = i + len(words)
            if norms[i:end] != words:
                continue
            after = tokens[end] if end < len(tokens) else None
            if after is None or after.kind != "word" or is_function(after.norm):
                out.extend(range(i, end))
    return sorted(set(out))


def hands_off(tool: ToolView) -> bool:
    """Whether the tool hands the conversation to a person."""
    return tool.name_verb in LEX.handoff_tool_verbs and bool(tool.nouns & LEX.handoff_tool_nouns)


def handoff_summary(reading: Request, f: Fill, tool: ToolView) -> None:
    """The request as said, for the one text a tool that hands off to a person takes."""
    if not hands_off(tool) or not handoff_asked(reading):
        return
    texts = [p for p in tool.params.values() if p.type in ("string", None) and not p.enum]
    if len(texts) == 1 and texts[0].name not in f.args:
        everything = range(len(reading.text.tokens))
        f.set(texts[0], reading.text.original.strip(), everything, reading.text.original)
