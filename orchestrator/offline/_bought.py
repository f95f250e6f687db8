"""An expense's class said only as what was bought: "I spent 12.50 on lunch" is food.

A new record that takes the amount paid and a category in free text (no enum, no values its
description lists), the amount said and the category not, gets the class of spending the one
thing paid for belongs to (lexicon `PURCHASE_CLASSES`); the words stay where they went (the
note), and a word that went nowhere ("spent 35 at the pharmacy") is the category's: it was
understood, never asked about. Words of two classes, or of none, leave the category to ask for.
"""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["class_of_purchase"]


def class_of_purchase(reading: Request, f: Fill, tool: ToolView) -> None:
    if tool.kind != "create" or not any(p.name in f.args for p in tool.role("amount")):
        return
    classes = [
        p
        for p in tool.params.values()
        if p.required
        and p.name not in f.args
        and set(p.words) & LEX.class_param_words
        and p.type in ("string", None)
        and not p.enum
        and not p.allowed
    ]
    if len(classes) != 1:
        return
    said = {  # as typed: "lunch" is no misspelt "launch" here
        i: kind
        for i, tok in enumerate(reading.text.tokens)
        if tok.kind == "word" and (kind := _class(tok.text.lower()))
    }
    if len(set(said.values())) != 1:
        return
    first = min(said)
    taken = () if first in f.used else (first,)  # "at the pharmacy": the word said it, no other
    f.set(classes[0], said[first], taken, reading.text.tokens[first].text)


def _class(word: str) -> str | None:
    return LEX.purchase_class.get(word) or LEX.purchase_class.get(singular(word))
