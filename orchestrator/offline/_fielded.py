"""Fields a request names, weighed for each tool in `_choose.rank`, from the tools' parameter
names alone (a description in another language says nothing the router reads):

- a field said by name with its value, after a verb ("add Quintessential with status 2"),
  counts against a write that has no such field anywhere (`add_todo(text)`: the words would
  become its text), when another write has it (`set_word_status(word, status)`);
- a name said with the mark a read's filter says it goes without ("+learning") counts against
  a read with no such filter (every todo listed, the project unsaid);
- a field of one record asked of it ("status of resilient?", "what's the status of
  'pragmatic'", lexicon `FIELD_OF`) names the read that takes what the write of that field is
  keyed by (`get_word_details(word)`, on the server of `set_word_status(word, status)`): that
  record, read.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._marked import marked_params
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline._typed import beside_numbers, field_words, said_by_name
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["field_asked", "field_weights"]

_WRITES = ("create", "update")


def field_weights(
    reading: Request, tools: list[ToolView], nouns: dict[str, float], asked: bool
) -> dict[str, tuple[float, str]]:
    """What each tool gains or loses by the fields the request names, and why (for the log);
    `nouns` are the request's words as nouns, weighed; `asked`: a question or a read."""
    out: dict[str, tuple[float, str]] = {}
    made = reading.action.tokens or reading.action.kind == "create"  # a verb said, or a record
    beside = beside_numbers(reading) if made else frozenset()
    said = {  # "with status 2": the words of the fields said by name, of a write that has them
        w
        for t in tools
        if beside and t.kind in _WRITES
        for n in said_by_name(reading, t, beside)
        for w in t.params[n].words
    }
    marked = any(marked_params(reading, t) for t in tools)
    for tool in tools:
        if tool.kind in _WRITES and said and not said & field_words(tool):
            out[tool.name] = (-W.unfit_value, "a field it lacks")
        elif (
            tool.kind == "create"
            and not reading.action.tokens
            and said
            and said <= field_words(tool)
        ):
            out[tool.name] = (W.noun_object, "its fields said")  # "energy 8, mood 7"
        elif tool.kind == "read" and marked and not marked_params(reading, tool):
            out[tool.name] = (-W.unfit_value, "no place for a mark")
    if asked:
        for name, weight in _records_read(reading, tools, nouns).items():
            out[name] = (weight, "its record's field asked")
        for name, weight in _kept_by_one(reading, tools).items():
            if name not in out:
                out[name] = (weight, "a field its records keep")
    return out


def _kept_by_one(reading: Request, tools: list[ToolView]) -> dict[str, float]:
    """ "how has my mood been over the last week?": a word said that is a field of the records
    one write keeps and of no other tool (`mood` of `log_journal_entry`) names the reads of
    those records on its server (`analyze_journal_entries`, `list_journal_entries`), as if
    their nouns were said."""
    said = (
        {
            singular(t.norm)
            for t in reading.text.tokens
            if t.kind == "word" and not is_function(t.norm)
        }
        - {n for t in tools for n in t.nouns}
        - LEX.kind_words
    )  # ("watchlist entries": its
    # records, by a word for any record, never the field `log_entry` of a task)
    words = {singular(t.norm) for t in reading.text.tokens if t.kind == "word"}
    named = {t.server for t in tools if t.server and t.own_nouns & words}  # "on my resume":
    found: dict[str, float] = {}  # the résumé's server, never a character's skills
    for word in said:
        holders = [t for t in tools if word in field_words(t)]
        if len(holders) != 1 or holders[0].kind not in _WRITES or not holders[0].server:
            continue
        write = holders[0]
        if named and write.server not in named:
            continue
        for t in tools:
            if (
                t.kind in ("read", "check", None)
                and t.server == write.server
                and write.own_nouns <= t.own_nouns
            ):
                found[t.name] = W.noun_object + W.noun_unsaid * len(write.own_nouns)
    return found


def _records_read(
    reading: Request, tools: list[ToolView], nouns: dict[str, float]
) -> dict[str, float]:
    """The reads of one record whose field the request asks of it ("status of X"), each with
    the weight of the field's word: a read on the server of a write that takes that field,
    needing nothing but what that write is keyed by."""
    asked = _fields_of(reading)
    out: dict[str, float] = {}
    for write in tools:
        if write.kind not in _WRITES or not write.server:
            continue
        for field in write.params.values():
            words = set(field.words) & asked
            if not words:
                continue
            keys = {p.name for p in write.required if p is not field}
            for read in tools:
                needs = {p.name for p in read.required}
                if (
                    read.kind == "read"
                    and read.server == write.server
                    and needs
                    and needs <= keys
                    and field.name not in read.params
                ):
                    weight = max(nouns.get(w, W.noun_after_preposition) for w in words)
                    out[read.name] = max(out.get(read.name, 0.0), weight)
    return out


def _fields_of(reading: Request) -> set[str]:
    """The words said as a field of a thing (`_field_tokens`)."""
    tokens = reading.text.tokens
    return {singular(tokens[i].norm) for i in _field_tokens(reading)}


def _field_tokens(reading: Request) -> dict[int, list[int]]:
    """The words said as a field of a thing, each with the words that make it one: before "of"
    and the thing ("the status of resilient")."""
    tokens = reading.text.tokens
    out: dict[int, list[int]] = {}
    for i, tok in enumerate(tokens):
        if tok.kind != "word" or is_function(tok.norm):
            continue
        then = tokens[i + 2] if i + 2 < len(tokens) else None
        if (
            then is not None
            and tokens[i + 1].norm in LEX.field_of
            and then.kind in ("word", "quoted")
            and not is_function(then.norm)
        ):
            out[i] = [i, i + 1]
    return out


def field_asked(reading: Request, f: Fill, tool: ToolView) -> None:
    """A field asked of one record, for a read of that record that has no such field ("status
    of resilient?" for `get_word_details(word)`): what is asked, not the record's name."""
    if tool.kind != "read" or not tool.required:
        return
    tokens = reading.text.tokens
    own = tool.nouns | tool.describe_words | {w for p in tool.params.values() for w in p.words}
    for i, span in _field_tokens(reading).items():
        if singular(tokens[i].norm) not in own and not set(span) & f.used:
            f.used.update(span)
