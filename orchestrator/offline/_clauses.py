"""A write's second clause, joined by "and" or "then" and opened by a verb: on "it" ("add todo
call dentist and make it high priority") it changes the record the write makes, so its values
are the record's and its verb and "it" are accounted for, never the title's; on the user ("...
and remind me to call the vet at 5") it is a request of its own, so no value said in it goes
to the first record and its words are left over (and so asked about); so is a new record of a
kind the tools make ("... and add a todo to send the invoice on friday").
"""

from __future__ import annotations

from dataclasses import dataclass

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import VERBS
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["Clause", "second_clause", "without_other_clause"]


@dataclass(frozen=True)
class Clause:
    join: int  # the token of "and"/"then" that opens it
    same: bool  # its verb is said of "it": the record the write makes


def second_clause(reading: Request) -> Clause | None:
    """The second clause of a write, if the request has one (see the module docstring)."""
    tokens = reading.text.tokens
    for k in range(1, len(tokens) - 2):
        if k in reading.action.tokens or tokens[k].norm not in LEX.joins:
            continue
        verb, after = tokens[k + 1], tokens[k + 2]
        if verb.kind != "word" or verb.norm not in VERBS:
            continue
        if after.norm in LEX.object_pronouns:
            return Clause(k, True)
        if after.norm in LEX.instruction_objects:
            return Clause(k, False)
        if (
            VERBS[verb.norm][0] == "create"
            and after.norm in LEX.articles_new
            and k + 3 < len(tokens)
            and singular(tokens[k + 3].norm) in reading.vocabulary
        ):  # "start a timer for Acme and add a todo to ...": a new record of its own
            return Clause(k, False)
    return None


def without_other_clause(reading: Request, f: Fill) -> None:
    """The values a request of its own said ("remind me to call the vet at 5") taken back from
    the first record's arguments: their words stay unaccounted for."""
    clause = second_clause(reading)
    if clause is None or clause.same:
        return
    for name, spans in list(f.spans.items()):
        if spans and min(spans) > clause.join and name in f.args:
            del f.args[name]
            f.evidence.pop(name, None)
            f.used.difference_update(spans)
