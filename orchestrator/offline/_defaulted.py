"""A parameter the request leaves to the tool's default by name: "set up my ledger with the
default accounts", for `init_ledger(accounts)` ("Pass accounts ... or omit for defaults"),
sends no accounts, and its words are accounted for: they ask for nothing (user trial 16, l01,
where the router asked for the accounts it was told to leave alone). A required one is asked
for, never filled with the word "default"."""

from __future__ import annotations

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["defaults_said"]


def defaults_said(reading: Request, f: Fill, tool: ToolView) -> None:
    """The word for the default ("default", "standard") and the noun after it that names one
    parameter of the tool not yet filled: both accounted for, the parameter left unsent."""
    tokens = reading.text.tokens
    for i, tok in enumerate(tokens[:-1]):
        after = i + 1
        if tok.norm not in LEX.defaults_asked or {i, after} & f.used:
            continue
        noun = singular(tokens[after].norm)
        named = [p for p in tool.params.values() if p.name not in f.args and noun in p.words]
        if len(named) == 1:
            f.used.update((i, after))
