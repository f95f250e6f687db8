"""The nouns a tool is about, and the words people use for them: "reminder" for a todo, "folder"
for a directory, "link" for a bookmark (a weaker match than the tool's own noun).
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from orchestrator.offline._aliases import aliased_nouns
from orchestrator.offline._kinds import own_list
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import same_word, singular, stem, words_of
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = [
    "CLUSTERS",
    "CONTAINERS",
    "DIRECTORY",
    "addressed_at",
    "cued_tokens",
    "described",
    "described_before",
    "described_kind",
    "described_object",
    "has_extension",
    "is_folder_tool",
    "noun_matches",
    "noun_strength",
    "noun_tokens",
    "place_at_end",
    "place_tokens_at_end",
    "places_said",
]

CLUSTERS = LEX.noun_clusters


def noun_matches(word: str, noun: str) -> bool:
    """Whether a request word names a tool noun: the same word, or one of its cluster."""
    return noun_strength(word, noun) > 0


@lru_cache(maxsize=65536)
def noun_strength(word: str, noun: str) -> float:
    """1 for the tool's own noun, 0.7 for a word of its cluster ("reminder" for todo), else 0."""
    word = singular(word)
    if word == noun:
        return 1.0
    if noun in LEX.clusters.get(word, ()):
        return W.noun_cluster
    if word != noun and same_word(word, noun):
        return W.noun_stem  # "spend" for `spending_summary`
    short, long_ = sorted((word, noun), key=len)
    if (
        len(short) >= 3
        and len(long_) >= len(short) + 3
        and long_.startswith(short)
        and short not in LEX.function_words  # "the" is no "theory"
    ):
        return W.noun_abbreviation  # "environment" for `get-env`, "repo" for repository
    meant = LEX.tool_words.get(noun, ())  # `promosi`: named as "promotion" would be ("promo")
    return max((noun_strength(word, english) for english in meant if english != noun), default=0.0)


def _server_word(word: str, tool: ToolView) -> bool:
    """Whether `word` is a word of the tool's server's name that none of its parameters is
    named by ("journal" for the `journal` server's `mark_todo_done(entry_id)`, not "board" for
    `add-card(board, card)`)."""
    return word in tool.server_nouns and not any(word in p.words for p in tool.params.values())


def noun_tokens(reading: Request, tool: ToolView) -> list[int]:
    """The tokens that name the tool's object ("todo", "bookmarks"), with "list" after one."""
    found = []
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if (
            i
            and (tokens[i - 1].norm in LEX.topic_markers or tokens[i - 1].norm in LEX.tagged_words)
            and singular(tok.norm) not in tool.nouns
        ):  # "what did I write about work?": the topic, though "work" names entries; "entries
            continue  # tagged work": the tag
        if i and tokens[i - 1].norm in LEX.title_markers and tok.text[:1].isupper():
            continue  # "a sprint called Sprint 14": a name that opens with the noun
        if (
            tok.kind == "word"
            and not tok.possessive
            and (
                any(noun_matches(tok.norm, n) for n in tool.nouns)
                or singular(tok.norm) == tool.name_verb  # "the matrix": `matrix_operation`'s
                or bool(set(LEX.noun_kins.get(singular(tok.norm), ())) & tool.nouns)  # "targets"
                or _server_word(singular(tok.norm), tool)  # "the notebook journal todo"
                or (own_list(tokens, i) and bool(LEX.own_list_nouns & tool.nouns))  # "my list"
            )
        ):
            found.append(i)
            if i + 1 < len(tokens) and tokens[i + 1].norm in LEX.list_words:
                found.append(i + 1)
    for said in aliased_nouns(reading, tool).values():  # "molar mass": its other name
        found += [i for i in said if i not in found]
    return found


@lru_cache(maxsize=1024)
def _pairs(description: str) -> frozenset[tuple[str, str]]:
    first = re.split(r"\n\s*\n", description.strip(), maxsplit=1)[0]  # what it is, not its args
    said = [singular(w) for w in words_of(first.lower())]
    return frozenset(itertools.pairwise(said))


def described_before(tool: ToolView, word: str, noun: str) -> bool:
    """Whether the first paragraph of the tool's description says `word` right before `noun`
    ("a reusable prompt template" for "a prompt template"), and no parameter is named with it:
    part of the name of its kind of thing, no value ("daily step target": `steps`, a value)."""
    base = singular(word)
    if any(base in p.words for p in tool.params.values()):
        return False
    return (base, singular(noun)) in _pairs(tool.description)


@lru_cache(maxsize=1024)
def _object_of(description: str) -> str:
    first = re.split(r"[\n.,;:(]", description.strip(), maxsplit=1)[0]  # its first phrase
    words = words_of(first.lower())
    if not words or (singular(words[0]) not in VERBS and words[0] not in VERBS):
        return ""
    if LEX.in_group(singular(words[0]), "search") or LEX.in_group(words[0], "search"):
        return ""  # "Search the vault": where it looks, not the things it finds
    at = next((k for k in range(1, len(words)) if words[k] not in LEX.described_object_skips), 0)
    found = words[at] if at else ""
    if not found or found in VERBS or found in LEX.stop_words or len(found) < 3:
        return ""
    if at + 1 < len(words) and words[at + 1] not in LEX.prepositions:
        return ""  # "Add a todo line to ...": a word that says which line, not the thing
    return singular(found)


def described_object(tool: ToolView) -> str:
    """The thing the tool's description says it acts on, right after its opening verb ("List
    cards in the local collection": card), when that is none of the nouns of its name: the
    items of `collection_list`, named as the user names them ("what cards do I own?")."""
    found = _object_of(tool.description)
    return "" if found in tool.nouns else found


def described_kind(reading: Request, tool: ToolView, nouns: list[int]) -> list[int]:
    """The words said right before the tool's noun as its description says them before it
    ("make a prompt template called X"): the kind of thing, named in full; never a name said
    with a capital ("when was Mercury last retrograde?": the planet, whatever its example
    says)."""
    tokens = reading.text.tokens
    return [
        i - 1
        for i in nouns
        if i
        and i - 1 not in nouns
        and tokens[i - 1].kind == "word"
        and (i == 1 or not tokens[i - 1].text[:1].isupper())
        and described_before(tool, tokens[i - 1].norm, tokens[i].norm)
    ]


DIRECTORY = LEX.directory_words
CONTAINERS = LEX.container_words


def is_folder_tool(tool: ToolView) -> bool:
    """A tool whose path is a folder: about directories, or a search (in a folder)."""
    if LEX.in_group(tool.verb, "search"):
        return True
    return bool(tool.nouns & DIRECTORY) or any(
        w in DIRECTORY for p in tool.role("path") for w in p.words
    )


def has_extension(path: str) -> bool:
    return bool(re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", path.rstrip("/")))


def addressed_at(reading: Request) -> int | None:
    """Where the word a text is addressed to is, when it opens with one ("dear diary, ...")."""
    tokens = reading.text.tokens
    words = (i for i, t in enumerate(tokens) if t.kind == "word" and i not in reading.lead)
    first = next(words, None)
    if (
        first is None
        or tokens[first].norm not in LEX.addressees
        or first + 2 >= len(tokens)
        or tokens[first + 1].kind != "word"
        or tokens[first + 2].norm not in LEX.clause_breaks
    ):
        return None
    return first + 1


def places_said(reading: Request) -> set[str]:
    """The places of the user's a request names: the word it is addressed to ("dear diary,
    ..."), or heads it ("diary: ..."), and, for a write or a read, the word after "my" in the
    phrase that follows its verb ("write in my diary: ...", "search my diary for X"; not
    "what's my net worth")."""
    tokens = reading.text.tokens
    said: set[str] = set()
    at = addressed_at(reading)
    if at is not None:
        said.add(singular(tokens[at].norm))
    if reading.action.heading and reading.action.tokens:  # "diary: ...": its heading
        said.add(singular(tokens[reading.action.tokens[0]].norm))
    if reading.action.kind in ("create", "read") and reading.action.tokens:  # "search my diary"
        start = at = max(reading.action.tokens) + 1
        while at < len(tokens) and tokens[at].norm in LEX.prepositions:
            at += 1
        direct = at > start or reading.action.kind == "read"  # "search my diary", "write in my"
        if direct and at + 1 < len(tokens) and tokens[at].norm in LEX.owner_words:
            said.add(singular(tokens[at + 1].norm))
    return said


def place_at_end(reading: Request) -> str | None:
    """The place a request's last words put a thing in ("store my token in the vault": vault),
    or None."""
    said = place_tokens_at_end(reading)
    return singular(reading.text.tokens[said[-1]].norm) if said else None


def place_tokens_at_end(reading: Request) -> list[int]:
    """The tokens of the place a request's last words put a thing in ("in the vault"), or []."""
    tokens = reading.text.tokens
    end = len(tokens)
    while end and tokens[end - 1].kind == "punct":
        end -= 1
    before = [t.norm for t in tokens[max(end - 3, 0) : end - 1]]
    if len(before) == 2 and before[0] in LEX.container_leads and before[1] in LEX.item_determiners:
        return [end - 3, end - 2, end - 1]
    return []


def described(word: str, tools: list[ToolView]) -> list[ToolView]:
    """The tools a place `word` names through their descriptions alone: a word no tool has for
    a noun and no server for its name, which the descriptions of one server's tools alone use
    ("Add a new diary entry"); none when another server's describe it too."""
    if any(word in t.nouns or word in t.server_nouns for t in tools):
        return []
    users = [t for t in tools if word in t.describe_words]
    return users if len({t.server for t in users}) == 1 else []


def described_here(reading: Request, tools: list[ToolView], tool: ToolView) -> list[int]:
    """The words said right before one of `tool`'s nouns as only its server's descriptions say
    them ("remove diary entry 3", where "Add a new diary entry" says it): the kind of its
    records, accounted for, never a value nor a word left over."""
    tokens = reading.text.tokens
    return [
        i
        for i in range(len(tokens) - 1)
        if tool.server
        and tokens[i].kind == "word"
        and (i == 0 or not tokens[i].text[:1].isupper())  # ("Mercury last": a name)
        and singular(tokens[i + 1].norm) in tool.nouns
        and said_before_noun(tokens[i].norm, tokens[i + 1].norm, tools, tool.server)
    ]


def said_before_noun(word: str, noun: str, tools: list[ToolView], server: str) -> bool:
    """Whether `word` is said right before `noun` in a description of `server`'s tools alone
    ("Add a new diary entry"), and is no value any tool's enum lists ("idle agents", "a hub
    note": values, never the kind's name)."""
    pair = (singular(word), singular(noun))
    users = described(pair[0], tools)
    return (
        bool(users)
        and all(t.server == server for t in users)
        and any(pair in _pairs(t.description) for t in users)
        and not any(
            isinstance(v, str) and v.lower() == word
            for t in tools
            for p in t.params.values()
            for v in p.enum
        )
    )


def cued_tokens(reading: Request, tool: ToolView) -> list[int]:
    """The request's words its description's "Use when ..." says (`ToolView.cue_stems`),
    where one of them is more than a question word ("when do i plant beans": "when", "plant"
    of "Use when a farmer asks when to plant or harvest"); else none."""
    if not tool.cue_stems:
        return []
    said = [
        i
        for i, t in enumerate(reading.text.tokens)
        if t.kind == "word" and stem(t.norm) in tool.cue_stems
    ]
    asked = {stem(w) for w in LEX.cue_question_words}
    tokens = reading.text.tokens
    return said if any(stem(tokens[i].norm) not in asked for i in said) else []
