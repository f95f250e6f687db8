"""The container a record goes into or is listed from, said beside the record's noun rather
than its own: "write in my Work journal: ...", "show today's Personal entries", "personal
journal: rough night" for `create_entry(folder, content)` and `list_entries(folder)`.

The container is the tool's one required parameter named by a container word (lexicon
`CONTAINER_WORDS`, `DIRECTORY_WORDS`: a folder, a project, a list) that nothing filled. The word
right before the record's noun (or a word of the server's name: "journal") fills it when it is
one of the containers the server listed (case aside; the listed spelling is sent), or when it
stands out as a name: capitalised where a sentence does not start. A kin of the noun said so
("Work" beside "entry", kin in time tracking) is that name, no second noun. A word that is
neither is left alone, and the router asks for the container as before.

Said with no verb, as a heading before a colon ("Dreams folder: flying over the ocean again",
"personal journal: rough night", "Work entry tagged meetings: 1:1 with Daniel"), a value and
then the container's word or the record's noun, tags after it or not, say a new record's text
follows (`heading_of`), for a write that keeps its records in containers; one word alone
("Dreams: ...") fills the container only where it is listed as one, or where the request
goes on to say where the record goes ("gratitude: grateful for ... put it in Personal").
"""

from __future__ import annotations

import re

from orchestrator.offline._account import is_function
from orchestrator.offline._nouns import CONTAINERS, DIRECTORY, noun_strength
from orchestrator.offline._phrase import NOT_VALUE, Fill
from orchestrator.offline._read import Action, Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["container_of", "heading_of", "placed_in", "put_it_in", "said_container"]

_HEADING_WORDS = 4  # "Work entry tagged meetings": a heading is said in a few words


def container_of(tool: ToolView) -> Param | None:
    """The tool's one required container parameter (`folder`, `project`), else None."""
    found = [
        p
        for p in tool.required
        if p.role in ("path", "label") and set(p.words) & (CONTAINERS | DIRECTORY)
    ]
    return found[0] if len(found) == 1 else None


def _record_word(word: str, tool: ToolView) -> bool:
    """Whether `word` names the tool's records as its own noun or a word of its server's name."""
    base = singular(word)
    return any(noun_strength(base, n) == 1 for n in tool.nouns) or base in tool.server_nouns


def said_container(reading: Request, f: Fill, tool: ToolView, known: dict[str, list[str]]) -> None:
    """The container said right before the record's noun (see the module docstring)."""
    param = container_of(tool)
    if param is None or param.name in f.args:
        return
    tokens = reading.text.tokens
    listed = {name.lower(): name for name in known.get(param.name, [])}
    start = min((i for i in range(len(tokens)) if i not in reading.lead), default=0)
    action = reading.action
    if action.heading and action.tokens and action.tokens[0] == start:  # "Dreams: ..."
        value = listed.get(tokens[start].text.lower())
        if value is not None and not _record_word(tokens[start].norm, tool):
            f.set(param, value, action.tokens, tokens[start].text)
            return
    put = put_it_in(reading)  # "..., put it in Personal": the record said, where it goes
    if put is not None and not f.used & set(put):
        value = listed.get(tokens[put[-1]].text.lower(), tokens[put[-1]].text)
        f.set(param, value, put, reading.text.slice(put))
        return
    for i in range(1, len(tokens)):
        word = tokens[i]
        if word.kind != "word" or not _record_word(word.norm, tool):
            continue
        if singular(word.norm) in param.words:
            continue  # "the Mobile App project": the label's own word, read as a label
        run = _before(reading, f, tool, i)
        runs = [run[j:] for j in range(len(run))]  # the longest first
        named = [
            (r, listed[_said(reading, r).lower()])
            for r in runs
            if _said(reading, r).lower() in listed
        ]
        shown = [r for r in runs if r[0] != start and all(tokens[k].text[:1].isupper() for k in r)]
        if not named and shown:
            named = [(shown[0], _said(reading, shown[0]))]
        if not named:
            continue
        run, value = named[0]
        said = _said(reading, run)
        f.nouns.difference_update(run)
        f.set(param, value, run, f"{said} {word.text}")
        return


def placed_in(reading: Request, f: Fill, tool: ToolView) -> None:
    """ "add a card to Default: ...", "add a card to my default deck": the place a required text
    names, its description saying where the record goes ("Name of the deck where the note should
    be added": lexicon `WHERE_WORDS`), said after "to" or "in" (its noun after it or not)."""
    params = [
        p
        for p in tool.required
        if p.name not in f.args
        and p.type == "string"
        and p.role in ("title", "label")
        and set(re.findall(r"[a-z]+", p.describe)) & LEX.where_words
    ]
    if len(params) != 1:
        return
    (param,) = params
    nouns = set(param.words) - {LEX.name_word}
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens):
        if tok.norm not in LEX.destination_prepositions or i in f.used:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].norm in LEX.determiners and j not in f.used:
            j += 1
        run = []
        while (
            j < len(tokens)
            and j not in f.used
            and tokens[j].kind == "word"
            and not is_function(tokens[j].norm)
            and tokens[j].norm not in LEX.where_words
        ):
            run.append(j)
            j += 1
        named = [k for k in run if singular(tokens[k].norm) not in nouns]
        if not named or len(named) > 3 or named != run[: len(named)]:
            continue
        value = " ".join(tokens[k].text for k in named)
        f.set(param, value, range(i, run[-1] + 1), reading.text.slice(range(i, run[-1] + 1)))
        return


def _said(reading: Request, run: list[int]) -> str:
    return " ".join(reading.text.tokens[k].text for k in run)


def _before(reading: Request, f: Fill, tool: ToolView, at: int) -> list[int]:
    """The words right before the noun at `at` that may name a container: no function word,
    no other noun of the tool's own, none a value took."""
    tokens = reading.text.tokens
    run: list[int] = []
    k = at - 1
    while k >= 0 and len(run) < _HEADING_WORDS:
        tok = tokens[k]
        if tok.kind != "word" or tok.norm in NOT_VALUE or tok.possessive:
            break
        if (k in f.used and k not in f.nouns) or _record_word(tok.norm, tool):
            break
        if tok.norm in LEX.determiners:
            break
        run.insert(0, k)
        k -= 1
    return run


def heading_of(reading: Request, tools: list[ToolView]) -> Action | None:
    """A new record's action, said by a heading before a colon with no verb (see the module
    docstring): its noun or container word and the colon are the action's words; else None."""
    action = reading.action
    if action.kind is not None or action.tokens or action.colon:
        return None
    tokens = reading.text.tokens
    colon = next((i for i, t in enumerate(tokens) if t.kind == "punct" and t.text == ":"), None)
    if colon is None or not 2 <= colon <= _HEADING_WORDS or colon + 1 == len(tokens):
        return None
    if any(t.kind != "word" for t in tokens[:colon]) or tokens[0].norm in NOT_VALUE:
        return None
    rest = [t.norm for t in tokens[2:colon]]
    if rest and (rest[0] not in LEX.tagged_words or len(rest) != 2):
        return None  # "Work entry tagged meetings": its tag, else no heading of this kind
    said = tokens[1].norm
    for tool in tools:
        param = container_of(tool) if tool.kind == "create" else None
        if param is None or tokens[0].norm in tool.nouns:
            continue
        if _record_word(said, tool) or singular(said) in set(param.words):
            kind, verb = LEX.create_action
            return Action(said, kind, LEX.group_of(verb), (1, colon), heading=True)
    return None


def put_it_in(reading: Request) -> list[int] | None:
    """The words of "put it in Personal" (a verb, "it", a container's lead, a determiner or
    none, one name, capitalised) said after the record's text, the name last; else None."""
    tokens = reading.text.tokens
    for i in range(2, len(tokens) - 2):
        verb, it, lead = tokens[i - 1], tokens[i], tokens[i + 1]
        if it.norm not in LEX.object_pronouns or lead.norm not in LEX.container_leads:
            continue
        if verb.norm not in LEX.verbs or LEX.kind_of(verb.norm) != "create":
            continue
        at = i + 3 if tokens[i + 2].norm in LEX.target_determiners else i + 2
        if at < len(tokens) and tokens[at].kind == "word" and tokens[at].text[:1].isupper():
            return list(range(i - 1, at + 1))
    return None
