"""An expense's class said only as what was bought: "I spent 12.50 on lunch" is food.
A required category of the server's own members ("Food", "Transport", "Bills") takes the member
named as the class is ("Food"); a class no member is named for is asked.

A new record that takes the amount paid and a category in free text (no enum, no values its
description lists; required, or with a default of its own, `category="Other"`, then spelled as
the default is: "Food"), the amount said and the category not, gets the class of spending the one
thing paid for belongs to (lexicon `PURCHASE_CLASSES`); the words stay where they went (the
note). A word that went nowhere ("spent 35 at the pharmacy", "899 rent category housing", its
class the one said) was understood, never asked about: it goes to the tool's one optional note
left empty, if it has one, with the words said with it ("bought running shoes": clothing, the
note "running shoes"). Words of two classes, or of none, leave the category to ask for.
Money received said by its kind ("salary 3200 today") is a record of money received whose
source is that kind.
"""

from __future__ import annotations

from orchestrator.offline._account import is_function
from orchestrator.offline._clauses import second_clause
from orchestrator.offline._phrase import Fill, text_of
from orchestrator.offline._read import Request
from orchestrator.offline._spending import spent_unsaid
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["class_of_purchase"]

_CLASS_WORDS = 3  # a class said in brackets is a few words ("business meals"), never a remark


def class_of_purchase(reading: Request, f: Fill, tool: ToolView) -> None:
    amount = tool.role("amount")
    if tool.kind != "create" or not amount:
        return
    if not any(p.name in f.args for p in amount):
        if not spent_unsaid(reading):
            return
        f.used.update(  # "spent money": the amount, unsaid, is what is asked for
            i for i, tok in enumerate(reading.text.tokens) if tok.norm in LEX.money_nouns
        )
    if tool.nouns & LEX.earned_nouns:
        _source_of_income(reading, f, tool)
        return
    _class_said(reading, f, tool)
    _note_left(reading, f, tool)


def _class_said(reading: Request, f: Fill, tool: ToolView) -> None:
    """The class of what was bought, for the one free-text category (the module docstring)."""
    classes = [
        p
        for p in tool.params.values()
        if (p.required or isinstance(p.schema.get("default"), str))  # `category="Other"`
        and set(p.words) & LEX.class_param_words
        and p.type in ("string", None)
        and not p.allowed
        and (
            not p.enum
            or (p.required and any(str(m).lower() in LEX.purchase_classes for m in p.enum))
        )
    ]
    if len(classes) != 1:
        return
    if (
        classes[0].name not in f.args
        and not classes[0].enum
        and _class_bracketed(reading, f, classes[0])
    ):
        return  # "protein powder for 29.99 (supplements)"
    end = _first_half_end(reading)
    said = {  # as typed: "lunch" is no misspelt "launch" here
        i: kind
        for i, tok in enumerate(reading.text.tokens[:end])
        if tok.kind == "word" and (kind := _class(tok.text.lower()))
    }
    if len(set(said.values())) != 1:
        return
    first = min(said)
    kind, word = said[first], reading.text.tokens[first].text
    category = classes[0]
    if category.name in f.args:  # "899 rent category housing": the word agrees with it
        if str(f.args[category.name]).strip().lower() != kind:
            return
    elif category.enum:  # `Category: Food, Transport, Bills, ...`: the member the class is
        member = _member(kind, category)
        if member is None:
            return
        f.set(category, member, (), word)
    else:  # "Food" where the default is "Other"
        default = category.schema.get("default")
        spelled = kind.capitalize() if isinstance(default, str) and default.istitle() else kind
        f.set(category, spelled, (), word)
    f.used.update(  # "electricity bill 84.20, utilities": the class said too, agreeing
        i for i, t in enumerate(reading.text.tokens) if t.kind == "word" and t.norm == kind
    )
    if first in f.used:  # "on lunch": the note has it already
        return
    notes = [p for p in tool.role("body") if not p.required and p.name not in f.args]
    if len(notes) == 1 and word.lower() != kind:  # "at the pharmacy": what was paid for
        run = _words_with(reading, f, first)  # "running shoes": the words said with it
        f.set(notes[0], text_of(reading, run), run, reading.text.slice(run))
    else:  # the word said the class ("14 euros, food"): understood
        f.used.add(first)


def _first_half_end(reading: Request) -> int:
    """Where the purchase's own words end: before a second clause that is a request of its
    own ("... and log a snack at 15:00: ..."), else at the request's end."""
    clause = second_clause(reading)
    return clause.join if clause is not None and not clause.same else len(reading.text.tokens)


def _class_bracketed(reading: Request, f: Fill, category: Param) -> bool:
    """The one group of words said in brackets beside a purchase ("protein powder for 29.99
    (supplements)", "dinner (business meals)"): its category, as said."""
    tokens, text = reading.text.tokens, reading.text.original
    groups = []
    for i, token in enumerate(tokens):
        if token.start and text[token.start - 1] == "(":
            close = next((k for k in range(i, len(tokens)) if tokens[k].text == ")"), None)
            if close is not None and close > i:
                groups.append(list(range(i, close)))
    if len(groups) != 1 or len(groups[0]) > _CLASS_WORDS:
        return False
    if any(
        tokens[k].kind != "word" or k in f.used or is_function(tokens[k].norm) for k in groups[0]
    ):
        return False  # "(it was cold)": a remark, no class
    if any(tokens[k].norm in LEX.honorifics | LEX.kin_words for k in groups[0]):
        return False  # "(dr reyes)", "(for mom)": who, no class
    said = groups[0]
    f.set(category, text_of(reading, said), [*said, said[-1] + 1], reading.text.slice(said))
    return True


def _note_left(reading: Request, f: Fill, tool: ToolView) -> None:
    """The words left of a purchase whose amount is read, in one run with the note read so far
    or alone ("birthday gift for mom 40 euros today, category gifts", "uber to the airport 38
    bucks": "uber" read, "to the airport" left): what was paid for, the tool's one optional
    note. Words apart from each other, or a note of another kind, are asked about."""
    if not any(p.name in f.args for p in tool.role("amount")):
        return
    notes = [p for p in tool.role("body") if not p.required]
    if len(notes) != 1:
        return
    note, tokens = notes[0], reading.text.tokens
    left = [
        i
        for i, t in enumerate(tokens[: _first_half_end(reading)])
        if i not in f.used and t.kind == "word" and not is_function(t.norm)
    ]
    said = sorted(f.spans.get(note.name, ())) if note.name in f.args else []
    if not left or (note.name in f.args and not said):
        return
    run = range(min(left + said), max(left + said) + 1)
    if any(
        i not in left and i not in said and (i in f.used or not is_function(tokens[i].norm))
        for i in run
    ):
        return
    f.set(note, text_of(reading, list(run)), run, reading.text.slice(run))


def _source_of_income(reading: Request, f: Fill, tool: ToolView) -> None:
    """Money received said by its kind ("salary 3200 today", "i got paid! wages 900"): the kind,
    not the tool's own noun ("income"), is where it came from, for the one required free-text
    parameter that takes a source or a class; with no kind said, the one run of words left
    ("sold my old bike for 150": "old bike") is."""
    takers = [
        p
        for p in tool.params.values()
        if p.required
        and p.name not in f.args
        and set(p.words) & (LEX.from_labels | LEX.class_param_words)
        and p.type in ("string", None)
        and not p.enum
    ]
    said = [
        i
        for i, tok in enumerate(reading.text.tokens)
        if i not in f.used
        and tok.kind == "word"
        and singular(tok.norm) in LEX.earned_nouns - tool.nouns
    ]
    if len(takers) == 1 and len(said) == 1:
        f.set(takers[0], reading.text.tokens[said[0]].text, said, reading.text.slice(said))
        return
    tokens = reading.text.tokens
    left = [
        i
        for i, tok in enumerate(tokens)
        if i not in f.used and tok.kind == "word" and not is_function(tok.norm)
    ]
    if len(takers) == 1 and not said and left:  # "sold my old bike for 150", "freelance gig
        run = _words_with(reading, f, left[0])  # paid me 450": what it came from, in one run
        if set(left) <= set(run):
            f.set(takers[0], text_of(reading, run), run, reading.text.slice(run))


def _words_with(reading: Request, f: Fill, at: int) -> list[int]:
    """The run of words left around the token `at` that name one thing ("running shoes"):
    no function word, no mark, nothing used."""
    tokens = reading.text.tokens

    def free(i: int) -> bool:
        return (
            0 <= i < len(tokens)
            and i not in f.used
            and tokens[i].kind == "word"
            and not is_function(tokens[i].norm)
        )

    start, end = at, at
    while free(start - 1):
        start -= 1
    while free(end + 1):
        end += 1
    return list(range(start, end + 1))


def _member(kind: str, category: Param) -> str | None:
    """The member of an enum category that is the class `kind` by name ("food": "Food"), or the
    class it falls under (lexicon `BROADER_CLASSES`: groceries as "Food" where no member is
    "Groceries"); None when none is (a member of another name, "meals", is the server's own:
    asked)."""
    for named in (kind, LEX.broader_classes.get(kind)):  # "groceries": Food, with no Groceries
        member = next((str(m) for m in category.enum if str(m).lower() == named), None)
        if named is None or member is not None:
            return member
    return None


def _class(word: str) -> str | None:
    """The class of spending `word` names: a thing paid for ("lunch": food), or the class's
    own name ("14 euros, food")."""
    if word in LEX.purchase_classes:
        return word
    return LEX.purchase_class.get(word) or LEX.purchase_class.get(singular(word))
