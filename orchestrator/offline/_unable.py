"""A change ("delete the parking expense", "update the pizza expense to 17") to records whose
tools can make no change of that kind (a server that only adds and lists expenses), or a rename
whose tools have no place for the new name, is refused, saying so, rather than looked for among
other records (a todo, a note) that a tool of that kind changes: those were not named. The
records are those of a noun said in the request that only tools of one server (else of that
noun) hold, none of which deletes (or changes) anything."""

from __future__ import annotations

from orchestrator.offline._answer import say
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["no_tool_to"]


def no_tool_to(reading: Request, tools: list[ToolView]) -> str | None:
    """What to answer when the change asked for is of records no tool can so change, else
    None."""
    kind = reading.action.kind
    said_kind = LEX.verbs.get(reading.action.verb, (None,))[0]
    if kind not in ("update", "delete") or said_kind != kind:  # said so ("make 2 reminders: ...",
        return None  # read as a change, is not)
    tokens = reading.text.tokens
    said = {
        singular(t.norm)
        for i, t in enumerate(tokens)
        if i not in reading.action.tokens and t.kind == "word"
    }
    renamed = _no_place_for_the_name(reading, tools, said)
    if renamed is not None:
        return renamed
    if any(t.kind == kind and t.nouns & said for t in tools):
        return None  # "delete the expense todo": the todo's tool deletes it
    for noun in sorted(said):
        holders = [t for t in tools if noun in t.nouns]
        servers = {t.server for t in holders}
        if not holders or len(servers) != 1:
            continue
        (server,) = servers
        group = [t for t in tools if t.server == server] if server else holders
        if any(t.kind == "create" for t in group) and not any(t.kind == kind for t in group):
            verb = LEX.infinitive_by_kind.get(kind, kind)
            the_noun = say("the_noun", noun=noun)
            if server:
                return say("no_tool_to", server=server, verb=verb, the_noun=the_noun)
            return say("no_tool_here", verb=verb, the_noun=the_noun)
    return None


def _no_place_for_the_name(reading: Request, tools: list[ToolView], said: set[str]) -> str | None:
    """ "rename note book ideas to reading list", where the tools that change notes find one by
    its name and have no place for a new one (`update-note(name, content)`): refused, saying so,
    never its text replaced by the new name."""
    if reading.action.kind != "update" or reading.action.verb not in LEX.rename_verbs:
        return None
    changers = [t for t in tools if t.kind == "update" and t.nouns & said]
    if not changers or any(t.new_text for t in changers):
        return None
    if any(t.describe_words & LEX.rename_verbs for t in tools if t.nouns & said):
        return None  # "Move or rename files and directories": a tool of theirs says it renames
    noun = sorted(changers[0].nouns & said)[0]
    servers = {t.server for t in changers}
    the_noun = say("the_noun", noun=noun)
    if len(servers) == 1 and next(iter(servers)):
        return say(
            "no_tool_to", server=next(iter(servers)), verb=reading.action.verb, the_noun=the_noun
        )
    return say("no_tool_here", verb=reading.action.verb, the_noun=the_noun)
