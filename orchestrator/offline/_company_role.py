"""A company and the job there, for a write that needs both (`add_application(company, role)`,
a contact's `company` and `title`): "Airbnb data scientist", "Notion – Operations Manager",
"Hooli, Receptionist", "a junior data analyst opening at Monzo", "applied to Canva for the
content strategist role", "google for software engineer II".

The job is a run of words that ends on a job's noun (lexicon `ROLE_NOUNS`: "scientist",
"manager", "tester"), a level after it ("II") and a word for the post ("role", "opening":
`ROLE_TAILS`) its own; the company is the name said by it: before a mark ("Hooli, ...",
"Notion – ..."), capitalised right before it ("Airbnb data scientist"), or after "at" or before
"for" ("at Monzo", "to Canva for ..."). A company is one to three words, each capitalised or
a domain ("monday.com"), or one word of any case by a mark. Exactly one pair is read, or
none: "Lyft - Data Scientist and Uber - ML Engineer" (two) fills neither here, and the request
is made as two records, each read alone (`_several`).
"""

from __future__ import annotations

import re

from orchestrator.offline._account import is_function
from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tokens import Token
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["company_and_role", "pair_said"]

_LEVEL = re.compile(r"^(?:[IVX]{1,4}|L?\d)$")  # "engineer II", "L3"
_SPAN = tuple[list[int], list[int]]  # (the company's tokens, the job's tokens)


def _params(tool: ToolView, f: Fill) -> tuple[Param, Param] | None:
    companies = [p for p in tool.role("company") if p.required]
    others = [
        p
        for p in tool.required
        if p.type == "string" and p.role in ("label", "title") and p.name not in f.args
    ]
    if len(companies) != 1 or len(others) != 1:
        return None
    return companies[0], others[0]


def _free(tokens: tuple[Token, ...], i: int, f: Fill, reading: Request) -> bool:
    tok = tokens[i]
    return (
        i not in f.used
        and i not in reading.when_tokens
        and tok.kind in ("word", "path")
        and not is_function(tok.norm)
    )


def _named(tok: Token) -> bool:
    """A company's word: capitalised, or a domain ("monday.com", "Booking.com")."""
    return tok.text[:1].isupper() or (tok.kind == "path" and "." in tok.text)


def _role_from(tokens: tuple[Token, ...], start: int, f: Fill, reading: Request) -> list[int]:
    """The job said from `start`: words up to its last job noun, with a level and a word for the
    post after it; [] where no job noun ends it."""
    run: list[int] = []
    i = start
    while i < len(tokens) and _free(tokens, i, f, reading) and tokens[i].kind != "path":
        run.append(i)
        i += 1
    ends = [k for k, j in enumerate(run) if tokens[j].norm in LEX.role_nouns]
    if not ends:
        return []
    run = run[: ends[-1] + 1]
    after = run[-1] + 1
    if after < len(tokens) and _LEVEL.match(tokens[after].text):
        run.append(after)
        after += 1
    if after < len(tokens) and tokens[after].norm in LEX.role_tails:
        run.append(after)
    return run


def _role_before(tokens: tuple[Token, ...], end: int, f: Fill, reading: Request) -> list[int]:
    """The job said right before `end` ("a junior data analyst opening at"): [] where it does not
    end on a job noun (a word for the post after it may)."""
    i = end - 1
    tail = []
    if i >= 0 and tokens[i].norm in LEX.role_tails:
        tail, i = [i], i - 1
    if i < 0 or tokens[i].norm not in LEX.role_nouns:
        return []
    run: list[int] = []
    while i >= 0 and _free(tokens, i, f, reading) and tokens[i].kind == "word":
        run.insert(0, i)
        i -= 1
    return run + tail


def _company_before(tokens: tuple[Token, ...], end: int, f: Fill, reading: Request) -> list[int]:
    run: list[int] = []
    i = end - 1
    while i >= 0 and _free(tokens, i, f, reading) and len(run) < 4:
        run.insert(0, i)
        i -= 1
    if not run or len(run) > 3:
        return []
    if len(run) == 1 or all(_named(tokens[j]) for j in run):
        return run
    return []


def _company_after(tokens: tuple[Token, ...], start: int, f: Fill, reading: Request) -> list[int]:
    run: list[int] = []
    i = start
    while i < len(tokens) and _free(tokens, i, f, reading) and len(run) < 4:
        run.append(i)
        i += 1
    if not run or len(run) > 3 or not all(_named(tokens[j]) for j in run):
        return [run[0]] if run and len(run) == 1 else []
    return run


def _pairs(reading: Request, f: Fill) -> list[_SPAN]:
    tokens = reading.text.tokens
    found: list[_SPAN] = []
    for i, tok in enumerate(tokens):
        if tok.text in LEX.role_marks:  # "Hooli, Receptionist", "Notion – Operations Manager"
            company = _company_before(tokens, i, f, reading)
            role = _role_from(tokens, i + 1, f, reading)
            if company and role and tokens[company[-1]].norm not in LEX.role_nouns:
                found.append((company, role))
        elif tok.norm in LEX.role_places and i > 0:  # "a data analyst opening at Monzo"
            role = _role_before(tokens, i, f, reading)
            company = _company_after(tokens, i + 1, f, reading)
            if role and company:
                found.append((company, role))
        elif tok.norm in LEX.role_fors and i > 0:  # "to Canva for the content strategist role"
            company = _company_before(tokens, i, f, reading)
            k = i + 1
            while k < len(tokens) and is_function(tokens[k].norm):
                k += 1
            role = _role_from(tokens, k, f, reading)
            if company and role:
                found.append((company, role))
    if not found:
        found = _adjacent(reading, f)
    unique = {(tuple(c), tuple(r)) for c, r in found}
    return [(list(c), list(r)) for c, r in unique]


def _adjacent(reading: Request, f: Fill) -> list[_SPAN]:
    """ "Airbnb data scientist", "Booking.com UX Researcher": a company's one word right before
    the job (never "Learning Scientist", a job in capitals, or "Senior data engineer")."""
    tokens = reading.text.tokens
    found: list[_SPAN] = []
    for i, tok in enumerate(tokens):
        if not _named(tok) or not _free(tokens, i, f, reading) or tok.norm in LEX.role_modifiers:
            continue
        if i > 0 and _named(tokens[i - 1]) and _free(tokens, i - 1, f, reading):
            continue  # (a name's later word)
        role = _role_from(tokens, i + 1, f, reading)
        if role and (tok.kind == "path" or not tokens[role[0]].text[:1].isupper()):
            found.append(([i], role))
    return found


def pair_said(reading: Request, tool: ToolView) -> bool:
    """Whether the request says one company and the job there, for a tool that needs both."""
    f = Fill(tool, used=set(reading.action.tokens) | set(reading.lead))
    return _params(tool, f) is not None and len(_pairs(reading, f)) == 1


def company_and_role(reading: Request, f: Fill, tool: ToolView) -> None:
    """The company and the job there, for a write that needs both (the module docstring)."""
    params = _params(tool, f)
    if params is None:
        return
    if params[0].name in f.args:  # "a data analyst opening at Monzo": Monzo read already
        span = sorted(f.spans.get(params[0].name, ()))
        tokens = reading.text.tokens
        at = span[0] - 1 if span else -1
        if span and tokens[span[0]].norm in LEX.role_places:  # ("at Monzo" read whole)
            at = span[0]
        if at > 0 and tokens[at].norm in LEX.role_places:
            role = _role_before(tokens, at, f, reading)
            said = [j for j in role if tokens[j].norm not in LEX.role_tails]
            if said:
                job = " ".join(tokens[j].text for j in said)
                f.set(params[1], job, [*role, at], job)
        return
    pairs = _pairs(reading, f)
    if len(pairs) != 1:
        return
    company, role = pairs[0]
    tokens = reading.text.tokens
    said = [j for j in role if tokens[j].norm not in LEX.role_tails]
    name = " ".join(tokens[j].text for j in company)
    job = " ".join(tokens[j].text for j in said)
    f.set(params[0], name, company, name)
    f.set(params[1], job, role, job)
