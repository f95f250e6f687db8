"""A place's name for a parameter named for one (lexicon `PLACE_PARAM_WORDS`: `city`,
`destination`): the one word after a word that leads a place (`PLACE_LEADS`: "budget for 4 days
in shanghai", "a 10 day trip to sanya in july", "an itinerary for hangzhou starting ..."), or a
run of capitalised words ("in New York"), that no other reading took and the lexicon does not
know (no function word, verb, unit, month or enum value's synonym; never the tool's own noun:
"to my portfolio"). User trial 38: a trip planner's `destination` and `city`, lowercase city
names the router left unread ("I did not understand "hangzhou"") and asked for."""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["place_name"]


def _place_param(tool: ToolView, f: Fill) -> Param | None:
    found = [
        p
        for p in tool.params.values()
        if p.type == "string"
        and not p.enum
        and p.role in ("label", "title")
        and set(p.words) & LEX.place_param_words
    ]
    return found[0] if len(found) == 1 and found[0].name not in f.args else None


def _unknown(reading: Request, f: Fill, tool: ToolView, at: int) -> bool:
    tok = reading.text.tokens[at]
    norm = tok.norm
    return (
        at not in f.used
        and at not in reading.when_tokens
        and tok.kind == "word"
        and not any(c.isdigit() for c in norm)
        and not is_function(norm)
        and norm not in LEX.verbs
        and norm not in LEX.stop_words
        and norm not in LEX.place_leads  # "to visit beijing": the place is after "visit"
        and norm not in LEX.unit_names
        and norm not in LEX.enum_words
        and singular(norm) not in tool.nouns
        and singular(norm) not in tool.server_nouns
    )


def place_name(reading: Request, f: Fill, tool: ToolView) -> None:
    """The place the request names, into the tool's place parameter (see the module)."""
    param = _place_param(tool, f)
    if param is None:
        return
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        if tok.norm not in LEX.place_leads or i in f.used:
            continue
        at = i + 1
        if not _unknown(reading, f, tool, at):
            continue
        end = at + 1
        if tokens[at].text[:1].isupper():  # "in New York": the capitalised run
            while end < len(tokens) and tokens[end].text[:1].isupper():
                if not _unknown(reading, f, tool, end):
                    break
                end += 1
        span = range(at, end)
        value = " ".join(tokens[k].text for k in span)
        f.set(param, value, [i, *span], value)
        return
