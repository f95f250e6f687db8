"""A person's name said with who they are to the user ("my cousin Maria Santos", "Dr. Reyes the
dentist"): the name is the capitalised span alone (`_values`, a name); the words that say who
they are go to the record's free text when it has one still open ("notes": cousin), else they
are left unaccounted, and the router asks. A name never keeps them: "cousin Maria Santos" is
nobody's name; nor a filler said after it ("for Acme Corp again": Acme Corp)."""

from __future__ import annotations

import re

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["person_described"]


def person_described(reading: Request, f: Fill, tool: ToolView) -> None:
    """The name of a new record named by a person's name, without the words that say who the
    person is (module docstring)."""
    named = any(  # `patient_name`; `name: Person's name (e.g. 'Sarah Johnson')`
        set(p.words) & LEX.person_nouns
        or set(re.findall(r"[a-z]+", p.describe.lower())) & LEX.person_nouns
        for p in tool.role("title")
    )
    people = tool.nouns & LEX.person_nouns or tool.role("phone", "email") or named
    if tool.kind != "create" or not people:
        return  # ("new project called Garden shed": a project's name, all of it)
    tokens = reading.text.tokens
    for param in tool.role("title"):
        span = f.spans.get(param.name) or set()
        if LEX.name_word not in param.words or not isinstance(f.args.get(param.name), str):
            continue
        names = [v for v in reading.typed("name") if set(v.tokens) <= span]
        if len(names) != 1:
            return
        name = names[0]
        said = sorted(
            i
            for i in span - set(name.tokens)
            if tokens[i].kind != "punct" and not is_function(tokens[i].norm)
        )
        after = sorted(i for i in span - set(name.tokens) if i > max(name.tokens))
        if not said and after and all(tokens[i].norm in LEX.fillers for i in after):
            f.set(param, str(name.value), name.tokens, str(name.value))  # "Acme Corp again"
            f.used.update(after)
            return
        if not said or any(not tokens[i].text.islower() for i in said):
            return  # ("Maria Santos Cruz": all of it; nothing said of who she is)
        text = reading.text.original
        if any(tokens[i].start and text[tokens[i].start - 1] == "(" for i in said):
            return  # ("Dr. Weber (dentist)": a remark in brackets, asked about)
        f.set(param, str(name.value), name.tokens, str(name.value))
        notes = [p for p in tool.role("body") if p.name not in f.args]
        if notes or not all(tokens[i].norm in LEX.kin_words for i in said):
            f.used.difference_update(span - set(name.tokens))  # ("my sister Maya", where no
            # note is kept: who she is to the user, said and accounted for)
        if notes:
            words = " ".join(tokens[i].text for i in said)
            f.set(notes[0], words, said, words)
        return
