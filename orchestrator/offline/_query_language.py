"""Query languages: a parameter that takes a query in one (`query_recipes(sql)`, a `query`
"in GraphQL syntax", a `query` in Cypher) takes only text written in
it ("SELECT title FROM recipes"), never the request's own words: "change the netflix password
to Correct-Horse-9" sends no `sql` to a recipe database, neither as the value asked for nor as a
search to find a record by. The language is the one the parameter's name or description names,
or, for the one query a tool requires, the one its description names ("Execute a read-only SQL
query"); how each language looks is data (`QUERY_LANGUAGE_SHAPES`).

A request written in such a language, whole or after its colon ("SELECT * FROM pets", "run
this: select count(*) from pets"), is that parameter's value as written, for the tool whose
description names what the statement opens with (`read_query`, "Execute a SELECT query";
`write_query`, "Execute an INSERT, UPDATE, or DELETE query"; `create_table`, "CREATE TABLE SQL
statement"): `written_for`. A table said in words with its name and columns ("create a table
called plants with columns id, name, last_watered (date)") is made as its CREATE TABLE
statement, each type said in brackets as SQL's (lexicon `COLUMN_TYPES`), never guessed: a
column whose last word is a type ("lent_on date") leaves the statement to be asked for.
"""

from __future__ import annotations

import re
from functools import lru_cache

from orchestrator.offline._phrase import Fill
from orchestrator.offline._read import Request
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "in_language",
    "language_of",
    "unwritten_queries",
    "unwritten_query",
    "written_for",
    "written_query",
]


@lru_cache(maxsize=1024)
def _named(text: str) -> str | None:
    """The language `text` names as a word or phrase of its own ("a read-only SQL query")."""
    low = text.lower()
    for name, language in LEX.query_language_names.items():
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", low):
            return language
    return None


def language_of(param: Param, tool: ToolView) -> str | None:
    """The query language `param` takes its value in, or None when it takes plain text."""
    if param.type not in ("string", None) or param.enum:
        return None
    named = _named(" ".join(param.words)) or _named(param.name) or _named(param.describe)
    if named is not None:
        return named
    texts = [p for p in tool.required if p.type in ("string", None) and not p.enum]
    if param.role in ("query", "expression", "label", "body") and texts == [param]:
        language = _named(tool.description)
        return language if language in LEX.query_languages_of_tool else None
    return None


def in_language(text: str, language: str) -> bool:
    """Whether `text` is written in `language` (see the module)."""
    shape = LEX.query_language_shapes.get(language)
    return shape is not None and re.search(shape, text, re.IGNORECASE) is not None


def unwritten_queries(f: Fill, tool: ToolView) -> None:
    """Each value of `tool`'s query-language parameters that is not written in the language
    taken out again: asked for, never sent."""
    for name, value in list(f.args.items()):
        param = tool.params.get(name)
        if param is None or not isinstance(value, str):
            continue
        language = language_of(param, tool)
        if language is not None and not in_language(value, language):
            del f.args[name]
            f.evidence.pop(name, None)
            f.spans.pop(name, None)


def unwritten_query(tool: ToolView, name: str, value: object) -> str | None:
    """What is wrong with `value` for `tool`'s parameter `name` when it takes a query in a
    language and `value` is not written in it; None when nothing is."""
    param = tool.params.get(name)
    language = language_of(param, tool) if param is not None else None
    if language is None or (isinstance(value, str) and in_language(value, language)):
        return None
    return f"{name} takes a query written in {language}, not the request's words"


def _statement(reading: Request) -> str:
    """The request from its start, or after its colon ("run this: SELECT ...")."""
    text = reading.text.original
    colon = text.find(":")
    return text[colon + 1 :].strip() if colon >= 0 and not in_any(text) else text.strip()


def in_any(text: str) -> bool:
    """Whether `text` is written in a query language."""
    return any(in_language(text, language) for language in LEX.query_language_shapes)


def written_for(reading: Request, tool: ToolView) -> bool:
    """Whether the request is a statement written in the language of one of the tool's query
    parameters that opens with what the tool says it runs ("SELECT * FROM pets" for "Execute a
    SELECT query", "insert into pets ..." for "Execute an INSERT, UPDATE, or DELETE query")."""
    said = _statement(reading)
    opening = " ".join(said.lower().split()[:2])
    for param in tool.params.values():
        language = language_of(param, tool)
        if language is None or not in_language(said, language):
            continue
        described = f"{tool.description} {param.describe}".lower()
        first = opening.split()[0] if opening else ""
        if opening in described or (
            first and first != "create" and re.search(rf"\b{first}\b", described)
        ):
            return True
    return False


def _made_table(reading: Request) -> str | None:
    """The CREATE TABLE statement a table said in words makes ("create a table called plants
    with columns id, name, species, last_watered (date)": `CREATE TABLE plants (id INTEGER
    PRIMARY KEY, name TEXT, species TEXT, last_watered DATE)`), its name said after "called";
    None when either is not said so."""
    text = " ".join(reading.text.original.split())
    naming = "|".join(LEX.table_naming)
    leads = "|".join(sorted((re.escape(x) for x in LEX.column_leads), key=len, reverse=True))
    found = re.search(
        rf"\btable\s+(?:(?:{naming})\s+)?([A-Za-z_]\w*)\s*(?:,\s*)?(?:{leads})\s*:?\s*(.+)$",
        text,
        re.I,
    )
    if found is None:
        return None
    columns = []
    for part in re.split(r",|\band\b", found.group(2)):
        said = re.fullmatch(r"\s*([A-Za-z_][\w ]*?)\s*(?:\((\w+)\))?\s*\.?\s*", part)
        if said is None or not said.group(1):
            return None
        words = said.group(1).split()
        if not said.group(2) and len(words) > 1 and words[-1].lower() in LEX.column_types:
            return None  # "lent_on date": a column `lent_on` of dates, or `lent_on_date`? asked
        name = "_".join(words)
        kind = LEX.column_types.get((said.group(2) or "").lower())
        if said.group(2) and kind is None:
            return None
        if name.lower() == "id" and kind is None:
            kind = "INTEGER PRIMARY KEY"
        columns.append(f"{name} {kind or 'TEXT'}")
    if not columns:
        return None
    return f"CREATE TABLE {found.group(1)} ({', '.join(columns)})"


def written_query(reading: Request, f: Fill, tool: ToolView) -> None:
    """The request, whole or after its colon, written in the language a parameter takes its
    query in ("create table pets (name text, vet text)", "run this: SELECT * FROM pets"): that
    parameter's value, as written."""
    text = reading.text.original
    tokens = reading.text.tokens
    for param in tool.params.values():
        language = language_of(param, tool) if param.name not in f.args else None
        if language is None:
            continue
        for start in (0, *(i + 1 for i, t in enumerate(tokens) if t.text == ":")):
            if start >= len(tokens):
                continue
            said = text[tokens[start].start :].strip()
            if in_language(said, language):
                f.set(param, said, range(len(tokens)), said)
                return
        made = _made_table(reading) if in_language("CREATE TABLE t (a)", language) else None
        described = f"{tool.description} {param.describe}".lower()
        if made is not None and "create table" in described:
            f.set(param, made, range(len(tokens)), made)
            return
