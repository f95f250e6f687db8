"""Nouns a request names without saying them, for choosing its tool: "it" is the item the call
before made or showed, and so is "the first one" of a listing; a request with no verb that
opens as going on from the one before ("and in Lagos?") names what that call did. A tool of
another server is never so named for a record it would take by its id: the record's id is its
own server's ("mark the first one as done" after the todos were listed is no people reminder's).
A follow-up that says a value the call before's tool lists ("and the median?" after a mean) or
the unit its conversion goes to ("and in celsius?") names that tool alone."""

from __future__ import annotations

from collections.abc import Sequence

from orchestrator.offline._convert import target_said
from orchestrator.offline._earlier import names_tool, nouns_of, place_said
from orchestrator.offline._nouns import noun_matches
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._types import MadeCall
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["goes_on", "hints", "opener_tokens", "value_lead"]


def hints(
    reading: Request, earlier: Sequence[MadeCall], tools: Sequence[ToolView]
) -> dict[str, frozenset[str]]:
    """Each tool the request names without saying its noun, with the nouns it so names."""
    placed = place_said(reading)  # "mark the first one as done": of the list shown
    if not (reading.pronoun or goes_on(reading) or placed) or not earlier:
        return {}
    last = earlier[-1]
    found = {}
    made = next((t for t in tools if t.name == last.name), None)
    if (
        made is not None
        and goes_on(reading)
        and (_value_of(reading, made) or target_said(reading, made) is not None)
    ):  # "and the median?" after a mean, "and in celsius?" after a conversion: that tool alone
        return {made.name: made.nouns}
    for tool in tools:
        if made is not None and made.server != tool.server and (placed or tool.identifier):
            continue  # "it", "the first one": a record of that server, by its own id
        if (
            tool.name == last.name
            or any(noun_matches(n, m) for n in tool.nouns for m in nouns_of(last.name))
            or names_tool(tool, last.name)  # "(from log_meal)": changes what it made
        ):
            found[tool.name] = tool.nouns
        elif made is not None and made.server == tool.server and _takes_ids_of(tool, made):
            found[tool.name] = tool.nouns  # "compare them" after `submit_rfq`: the tool that
            # takes their ids (`compare_quotes(rfq_ids)`)
    return found


def _takes_ids_of(tool: ToolView, made: ToolView) -> bool:
    """Whether `tool` takes the ids of what `made` made, by a list of them (`rfq_ids` of
    `compare_quotes`, after `submit_rfq`)."""
    return any(
        p.required and set(p.words) & made.own_nouns
        for p in tool.params.values()
        if p.role == "keys"
    )


def _value_of(reading: Request, tool: ToolView) -> bool:
    """Whether the request says a value one of the tool's choices lists ("median")."""
    values = {str(v).lower() for p in tool.params.values() for v in (*p.enum, *p.allowed)}
    return any(t.norm in values or singular(t.norm) in values for t in reading.text.tokens)


def goes_on(reading: Request) -> bool:
    """Whether a request with no verb opens as going on from the one before ("and in Lagos?")."""
    if reading.action.kind is not None:
        return False
    return bool(opener_tokens(reading))


def opener_tokens(reading: Request) -> list[int]:
    """The tokens of the opener a follow-up goes on with ("and what about", "ok now"), after
    fillers that open none ("ok"), or none."""
    norms = [t.norm for t in reading.text.tokens]
    firsts = {o.split()[0] for o in LEX.follow_up_openers}
    start = 0
    while start < len(norms) and norms[start] in LEX.fillers and norms[start] not in firsts:
        start += 1
    for opener in sorted(LEX.follow_up_openers, key=lambda p: -len(p.split())):
        said = opener.split()
        if norms[start : start + len(said)] == said:
            return list(range(start + len(said)))
    return []


def value_lead(reading: Request) -> list[int]:
    """The tokens of a lead that gives a new value ("actually make that 4 and 9", "use
    'Mars' instead"; lexicon `VALUE_LEADS`, `VALUE_TAILS`), or none."""
    tokens = reading.text.tokens
    start = 0
    while start < len(tokens) and (
        tokens[start].norm in LEX.fillers | LEX.correction_words or tokens[start].kind == "punct"
    ):
        start += 1
    words = [t.text.lower().replace("’", "'") for t in tokens[start:]]
    for lead in LEX.value_leads:
        said = lead.split()
        if words[: len(said)] == said and len(words) > len(said):
            tails = [
                i
                for i in range(len(tokens) - 1, start + len(said), -1)
                if tokens[i].norm in LEX.value_tails
            ][:1]
            return [*range(start + len(said)), *tails]
    return []
