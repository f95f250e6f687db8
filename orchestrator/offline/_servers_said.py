"""Where a request says its things are, apart from the tools' own nouns: a server it names by a
word of the server's name ("search my journal for Sara"), or by the very noun its name is when
a twin server keeps that noun too ("my todos" for the `todo` server beside `todotxt`), and a
place of the user's that only one server's tool descriptions call so ("write in my diary: ...",
"dear diary, ..."). Both weigh in `_choose.rank`. So does a server spelt as its file ("my
todo.txt" for `todotxt`)."""

from __future__ import annotations

from functools import lru_cache

from orchestrator.offline._nouns import (
    described,
    noun_strength,
    place_at_end,
    places_said,
    said_before_noun,
)
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token, singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["places_described", "servers_named", "servers_spelled", "spells_server"]


def servers_named(
    reading: Request, tools: list[ToolView], weights: dict[str, float]
) -> dict[str, float]:
    """The servers the request names by a word of their name that no tool of theirs has for
    its own noun, each with what that word weighs as a noun said ("search my journal for
    Sara": the `journal` server's tools, each alike; "add a task" for the `tasker` server's,
    the word cut short, but never where the word is another server's whole name: "todo" is no
    `todotxt`; not the `todo` server for "my todos", whose tools' noun it is, unless a twin
    server keeps todos too: `_kind_named`)."""
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
    exact = {word for word in weights for t in tools if singular(word) in t.server_nouns}
    for tool in tools:
        kinds = {word for word, servers in owners.items() if servers - {tool.server}}
        for noun in tool.server_nouns:
            found = max(
                (
                    w * _spells(word, noun)
                    for word, w in weights.items()
                    if word not in kinds and (word not in exact or singular(word) == noun)
                ),
                default=0,
            )
            if found and not any(noun_strength(noun, own) == 1 for own in tool.own_nouns):
                named[tool.server] = max(named.get(tool.server, 0.0), found)
    for server in list(named):  # a server one of whose tools has the word for its own noun:
        own = [t for t in tools if t.server == server]  # by that tool ("my todos"); but "to
        nouned = sum(bool(t.server_nouns & t.own_nouns) for t in own)  # my glossary", a place
        place = _placed(reading, own[0].server_nouns)  # said, names all of a `glossary`
        if nouned and not (place and 2 * nouned < len(own)):  # server (`glossary_stats` one
            del named[server]  # tool of eight)
    for server in servers_spelled(reading, tools):  # "what's in my todo.txt?": `todotxt`
        named[server] = max(named.get(server, 0.0), W.noun_object)
    for server, weight in _kind_named(tools, weights, set(named)).items():
        named[server] = max(named.get(server, 0.0), weight)
    return named


def _placed(reading: Request, nouns: frozenset[str]) -> bool:
    """Whether a word of `nouns` is said as a place, right after a preposition and a word
    that owns it ("to my glossary", "in the glossary"), or heading the request ("glossary:
    ...")."""
    tokens = reading.text.tokens
    for k, tok in enumerate(tokens):
        if singular(tok.norm) not in nouns:
            continue
        if k == 0 and len(tokens) > 1 and tokens[1].norm in LEX.heading_marks:
            return True  # "glossary: 'jitter' = ...": the place it heads
        if k < 2:
            continue
        if tokens[k - 1].norm in LEX.item_determiners and tokens[k - 2].norm in LEX.prepositions:
            return True
    return False


def _kind_named(
    tools: list[ToolView], weights: dict[str, float], named: set[str]
) -> dict[str, float]:
    """The server named for the very kind of thing the request says, where a twin server keeps
    it too (the two offer tools of one name, told apart by their servers': `todo__list_todos`,
    `todotxt__list_todos`): "show me my todos", "remind me to ..." for the `todo` server's
    tools, not for `todotxt`'s `add_todo` beside them (the noun alone tells the two apart no
    more); not where the request names the other ("list journal todos")."""
    bases: dict[str, set[str]] = {}
    for tool in tools:
        prefix, _, base = tool.name.rpartition("__")
        if prefix and prefix == tool.server:
            bases.setdefault(base, set()).add(tool.server)
    twins = {server for servers in bases.values() if len(servers) > 1 for server in servers}
    keepers: dict[str, set[str]] = {}
    for tool in tools:
        for noun in tool.own_nouns if tool.server in twins else ():
            keepers.setdefault(noun, set()).add(tool.server)
    found_for: dict[str, float] = {}
    for tool in tools:
        noun = singular("".join(words_of(tool.server)))  # its whole name, not `notes_txt`
        if noun not in tool.own_nouns or noun not in keepers:
            continue
        if len(keepers[noun]) < 2 or (keepers[noun] - {tool.server}) & named:
            continue
        found = max((w * noun_strength(word, noun) for word, w in weights.items()), default=0)
        if found:
            found_for[tool.server] = max(found_for.get(tool.server, 0.0), found)
    return found_for


def servers_spelled(reading: Request, tools: list[ToolView]) -> set[str]:
    """The servers the request spells as their files ("todo.txt" for `todotxt`)."""
    servers = {t.server for t in tools if t.server}
    return {s for tok in reading.text.tokens for s in servers if spells_server(tok, s)}


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
    my diary: ...", "dear diary, ..." for `add_entry`, "Add a new diary entry"; for a read, the
    other reads of that server, less: "search my diary for X"; or said right before a noun
    their descriptions put it before, where another server's tools have that noun too: "the
    last 2 diary entries"), each with what that word weighs."""
    places = places_said(reading)
    out = {t.name: W.noun_object for word in places for t in described(word, tools)}
    named = {t.server for word in places for t in described(word, tools)}
    for tool in tools:  # a read: the server's other reads too ("search my diary for X")
        if tool.server and tool.server in named and tool.kind == "read" == reading.action.kind:
            out.setdefault(tool.name, W.noun_after_preposition)
    end = place_at_end(reading) if reading.action.kind in ("read", "create") else None
    into = {t.server for t in described(end, tools)} if end and end not in places else set()
    keeping = {t.server for t in tools if end and end not in places and end in t.nouns}
    keeping = keeping if all(keeping) else set()  # (tools of no server: no place of one)
    if len(keeping) == 1 and not into:  # "add 0.5 eth to my portfolio": the writes of the one
        for tool in tools:  # server whose tools keep a portfolio, that make no portfolio
            kept = tool.server in keeping and tool.kind == reading.action.kind != "read"
            if kept and end not in tool.nouns:  # (`add_holding`, not `portfolio_value_history`)
                out.setdefault(tool.name, W.noun_after_preposition)
    for tool in tools:  # "store my token in the vault": each write of the server that
        if tool.server in into and tool.kind == reading.action.kind:  # describes its vault,
            out.setdefault(tool.name, W.noun_after_preposition)  # alike (the one that makes
            # the vault no more than the ones that put things in it)
    tokens = reading.text.tokens
    for i in range(len(tokens) - 1):  # "the last 2 diary entries": its server's entries,
        then = singular(tokens[i + 1].norm)  # where another server's tools keep entries too
        keepers = [t for t in tools if t.server and then in t.nouns]
        servers = {t.server for t in keepers}
        if len(servers) < 2:
            continue
        for server in servers:
            if said_before_noun(tokens[i].norm, then, tools, server):
                for tool in keepers:
                    if tool.server == server:
                        out.setdefault(tool.name, W.noun_object)
    return out


def _spells(word: str, noun: str) -> float:
    """How far `word` spells a server's `noun`: as `noun_strength`, less the words people use
    for it ("standup" is no name of the `calendar` server)."""
    if noun in LEX.clusters.get(singular(word), ()):
        return 0.0
    return noun_strength(word, noun)
