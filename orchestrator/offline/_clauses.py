"""A write's second clause, joined by "and" or "then" (and "also", "please"; or a comma and
"also" or "then") and opened by a verb: on "it" ("add todo call dentist and make it high
priority") it changes the record the write makes, so its values are the record's and its verb
and "it" are accounted for, never the title's; on the user ("... and remind me to call the vet
at 5", "... and also remind me about it") it is a request of its own, so no value said in it
goes to the first record and its words are left over (and so asked about); so is a new record
of a kind the tools make ("... and add a todo to send the invoice on friday", "... and export
my resume as pdf", a tool's own verb before "my" and its noun), and a new record named in
quotes and put in a place of the user's own ("... and add "break in new shoes" to my todo
list"). A text of the first that runs on into the second ("export my resume named X and remind
me to ...") keeps only its words before the join.
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
    verb: int = 0  # its verb's token, after the words a join takes ("and also remind me")


def second_clause(reading: Request) -> Clause | None:
    """The second clause of a write, if the request has one (see the module docstring)."""
    tokens = reading.text.tokens
    for k in range(1, len(tokens) - 2):
        if k in reading.action.tokens or not _joins(reading, k):
            continue
        v = k + 1
        while v < len(tokens) - 2 and tokens[v].norm in LEX.join_adverbs:
            v += 1  # "and also remind me", "and then add"
        verb, after = tokens[v], tokens[v + 1]
        known = verb.norm in VERBS  # else a tool's own verb ("export") before its noun, below
        if verb.kind != "word" or not (known or verb.norm in reading.vocabulary):
            continue
        if known and after.norm in LEX.object_pronouns:
            return Clause(k, True, v)
        if known and after.norm in LEX.instruction_objects:
            return Clause(k, False, v)
        if known and after.kind == "url" and verb.norm in reading.vocabulary:  # "... and bookmark
            return Clause(k, False, v)  # https://...": a record of its own
        if (after.norm in LEX.articles_new or after.norm in LEX.own_list_owners) and any(
            singular(tokens[n].norm) in reading.vocabulary
            or LEX.kind_nouns.get(singular(tokens[n].norm)) in reading.vocabulary
            for n in range(v + 2, min(v + 4, len(tokens)))
        ):  # "start a timer for Acme and add a todo to ...", "... and add a diary note 'X'",
            return Clause(k, False, v)  # "... and log a snack at 15:00", "... and export my
            # resume as pdf": a request of its own
        if not known or VERBS[verb.norm][0] != "create":  # ("..., and put a todo to ...")
            continue
        if any(tokens[n].text in LEX.side_marks_own for n in range(v + 1, len(tokens))):
            return Clause(k, False, v)  # "make a deck X and add laufen = to run": a card
        if after.kind == "quoted" and _own_place(reading, v + 2):
            return Clause(k, False, v)  # "... and add "break in shoes" to my todo list"
    return None


def _joins(reading: Request, k: int) -> bool:
    """Whether token `k` joins a second clause: "and", "then", or a comma before "also" or
    "then" ("buy milk tomorrow, also remind me to call mom")."""
    tokens = reading.text.tokens
    if tokens[k].norm in LEX.joins:
        return True
    return tokens[k].norm in LEX.clause_breaks and tokens[k + 1].norm in LEX.join_adverbs


def _own_place(reading: Request, at: int) -> bool:
    """Whether the words from `at` put a new record in a place of the user's own ("to my todo
    list", "on our list", "to todo.txt"): a record of its own, not a change to the first."""
    tokens = reading.text.tokens
    if at + 1 >= len(tokens) or tokens[at].norm not in LEX.destination_prepositions:
        return False
    return tokens[at + 1].norm in LEX.own_list_owners or tokens[at + 1].kind == "path"


def without_other_clause(reading: Request, f: Fill) -> None:
    """The values a request of its own said ("remind me to call the vet at 5") taken back from
    the first record's arguments: their words stay unaccounted for."""
    clause = second_clause(reading)
    if clause is None or clause.same:
        return
    tokens = reading.text.tokens
    for name, spans in list(f.spans.items()):
        if spans and min(spans) > clause.join and name in f.args:
            del f.args[name]
            f.evidence.pop(name, None)
            f.used.difference_update(spans)
        elif spans and min(spans) < clause.join < max(spans) and isinstance(f.args.get(name), str):
            kept = [i for i in sorted(spans) if i < clause.join]  # "named X and remind me ...":
            while kept and tokens[kept[-1]].kind == "punct":  # X, the rest its own request's
                kept.pop()
            param = f.tool.params.get(name)
            f.used.difference_update(i for i in spans if i >= clause.join)
            if param is None or not kept:
                del f.args[name]
                f.evidence.pop(name, None)
                continue
            said = [i for i in kept if tokens[i].norm not in LEX.title_markers] or kept
            f.set(param, reading.text.slice(said), kept, reading.text.slice(kept))
