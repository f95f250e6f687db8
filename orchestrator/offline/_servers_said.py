"""Where a request says its things are, apart from the tools' own nouns: a server it names by a
word of the server's name ("search my journal for Sara"), and a place of the user's that only
one server's tool descriptions call so ("write in my diary: ...", "dear diary, ..."). Both weigh
in `_choose.rank`. So does a server spelt as its file ("my todo.txt" for `todotxt`)."""

from __future__ import annotations

from functools import lru_cache

from orchestrator.offline._nouns import described, noun_strength, places_said
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token, singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["places_described", "servers_named", "spells_server"]


def servers_named(
    reading: Request, tools: list[ToolView], weights: dict[str, float]
) -> dict[str, float]:
    """The servers the request names by a word of their name that no tool of theirs has for
    its own noun, each with what that word weighs as a noun said ("search my journal for
    Sara": the `journal` server's tools, each alike; "add a task" for the `tasker` server's,
    the word cut short; not the `todo` server for "my todos", whose tools' noun it is)."""
    named: dict[str, float] = {}
    owners: dict[str, set[str]] = {}  # "add a task to the kitchen project", a `tasker` server
    for other in tools:  # and another whose `add_project_task`, its nouns all said, makes
        said = {  # tasks: "task" is a kind of thing there, no name of a server
            own for own in other.own_nouns if any(noun_strength(w, own) == 1 for w in weights)
        }
        if len(said) < 2 or said != other.own_nouns:
            continue
        for word in weights:
            if any(noun_strength(word, own) == 1 for own in said):
                owners.setdefault(word, set()).add(other.server)
    for tool in tools:
        kinds = {word for word, servers in owners.items() if servers - {tool.server}}
        for noun in tool.server_nouns:
            found = max(
                (w * _spells(word, noun) for word, w in weights.items() if word not in kinds),
                default=0,
            )
            if found and not any(noun_strength(noun, own) == 1 for own in tool.own_nouns):
                named[tool.server] = max(named.get(tool.server, 0.0), found)
    for tool in tools:  # a server one of whose tools has the word for its own noun: by that
        if tool.server in named and tool.server_nouns & tool.own_nouns:
            del named[tool.server]
    for tool in tools:  # "what's in my todo.txt?": the `todotxt` server, spelt as its file
        if any(spells_server(t, tool.server) for t in reading.text.tokens):
            named[tool.server] = max(named.get(tool.server, 0.0), W.noun_object)
    return named


def spells_server(token: Token, server: str) -> bool:
    """Whether a token that is no plain word spells a server's name, its marks apart
    ("todo.txt" for `todotxt`, "google-drive" for `google_drive`): a place, no file or value."""
    if token.kind == "word" or not server:
        return False
    name = _squashed(server)
    return len(name) >= 4 and _squashed(token.text) == name


@lru_cache(maxsize=4096)
def _squashed(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def places_described(reading: Request, tools: list[ToolView]) -> dict[str, float]:
    """The tools named by a place of the user's that only their descriptions call so ("write in
    my diary: ...", "dear diary, ..." for `add_entry`, "Add a new diary entry"), each with what
    that word weighs as the object of a verb."""
    return {t.name: W.noun_object for word in places_said(reading) for t in described(word, tools)}


def _spells(word: str, noun: str) -> float:
    """How far `word` spells a server's `noun`: as `noun_strength`, less the words people use
    for it ("standup" is no name of the `calendar` server)."""
    if noun in LEX.clusters.get(singular(word), ()):
        return 0.0
    return noun_strength(word, noun)
