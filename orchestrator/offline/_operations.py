"""A tool that takes its verb as a parameter: `ticket(action: create | get | update | delete |
list | add_comment ...)`, `milestone(action: create | get | list ...)`, one tool for every
operation on a thing, as many servers write them. The router sees one tool per operation, named
by the operation and the tool ("create_ticket", "add_comment_ticket"), whose parameters are the
tool's but the operation's own: each is chosen, filled and checked as any tool of that verb is,
and called as the tool itself with its operation set (`ToolView.called`, `ToolView.fixed`).

The parameter is a required text named for an operation (lexicon `OPERATION_PARAM_WORDS`:
`action`, `operation`, `op`, `command`) whose enum, or the list its description gives ("Options:
add, remove"), names verbs of ours of two kinds of change to a record at least (create, read,
update, delete; never `play | pause | stop`: values). A tool already made of it, or whose name
another tool has, is left whole; so is a tool seen through (`params: {...}`). Only a delete
operation is destructive, and a read-only tool's operations are all reads. An operation on one
record (a change, a delete, "get") requires the id named for the tool's noun (`ticket_id`),
which the schema leaves optional for the others: it is found by the listing, never skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from orchestrator.offline._tokens import words_of
from orchestrator.offline._tools import VERBS, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["by_operation", "destructive", "operation_call"]

_LEAST_KINDS = 2  # kinds of change to a record an operation enum's verbs make, for it to be one
_RECORD_KINDS = ("create", "read", "update", "delete")


def _operation(tool: ToolView) -> tuple[str, list[str]] | None:
    """The tool's operation parameter and its members, or None."""
    if tool.wrapper or tool.called:
        return None
    for param in tool.params.values():
        listed = param.enum or list(param.allowed)  # "Options: add, remove": listed so
        members = [m for m in listed if isinstance(m, str) and m]
        if (
            param.required
            and param.type == "string"
            and len(members) == len(listed)
            and set(param.words) & LEX.operation_param_words
            and len(_record_kinds(members)) >= _LEAST_KINDS
        ):
            return param.name, members
    return None


def _record_kinds(members: list[str]) -> set[str]:
    """The kinds of change to a record the members' verbs make (create, read, update, delete):
    `play | pause | stop` makes none, so a player's `action` is a value, not its verb."""
    verbs = [words_of(m)[0] for m in members if words_of(m)]
    return {VERBS[v][0] for v in verbs if v in VERBS and VERBS[v][0] in _RECORD_KINDS}


def _name(member: str, name: str) -> str:
    """The operation's tool's name: `create_ticket` for `ticket`'s create, keeping the server's
    prefix a clash of names put before it (`desk__create_ticket` for `desk__ticket`)."""
    prefix, _, base = name.rpartition("__")
    said = words_of(member)
    made = "_".join([*said, *(w for w in words_of(base) if w not in said)])
    return f"{prefix}__{made}" if prefix else made


def by_operation(
    tools: Sequence[ToolView],
    schemas: Mapping[str, dict[str, Any]],
    make: Callable[[ToolView, str, dict[str, Any], tuple[tuple[str, Any], ...]], ToolView],
) -> list[ToolView]:
    """`tools` with each tool that takes its verb as a parameter one tool per operation (the
    module docstring); `schemas` are the tools' input schemas by name, and `make(tool, name,
    schema, fixed)` makes each operation's tool (`fixed`: its operation's value)."""
    names = {t.name for t in tools}
    out: list[ToolView] = []
    for tool in tools:
        found = _operation(tool)
        schema = schemas.get(tool.name)
        if found is None or schema is None:
            out.append(tool)
            continue
        param, members = found
        made = {m: _name(m, tool.name) for m in members}
        if len(set(made.values())) != len(made) or set(made.values()) & names:
            out.append(tool)  # (a name another tool has, or another operation's: left whole)
            continue
        names.update(made.values())
        left = _without(schema, param)
        ident = _identifier(tool, left)
        for member, name in made.items():
            needs = ident is not None and _needs_one(member)  # `get`: which ticket, required
            said = _required(left, ident) if needs and ident else left
            out.append(make(tool, name, said, ((param, member),)))
    return out


def _identifier(tool: ToolView, schema: dict[str, Any]) -> str | None:
    """The parameter that names the record an operation acts on: `ticket_id` of `ticket`, named
    for the tool's noun and an id word (lexicon `ID_WORDS`)."""
    nouns = set(words_of(tool.name.rpartition("__")[2]))
    for name in schema.get("properties") or {}:
        words = words_of(name)
        if len(words) == 2 and words[0] in nouns and words[1] in LEX.id_words:
            return str(name)
    return None


def _needs_one(member: str) -> bool:
    """Whether the operation acts on one record: a change, a delete, a read of one (lexicon
    `ONE_RECORD_VERBS`: "get"), or a thing of one record's (`add_comment`, `list_comments`,
    `get_activity`); never a create, a listing or a search of the records themselves."""
    said = words_of(member)
    verb = (said or [""])[0]
    kind = VERBS[verb][0] if verb in VERBS else None
    return kind in ("update", "delete") or verb in LEX.one_record_verbs or len(said) > 1


def _required(schema: dict[str, Any], name: str) -> dict[str, Any]:
    required = [*(schema.get("required") or []), name]
    return {**schema, "required": list(dict.fromkeys(required))}


def destructive(fixed: tuple[tuple[str, Any], ...]) -> bool:
    """Whether the operation `fixed` sets is a delete."""
    verb = next((words_of(str(v))[:1] for _, v in fixed), [])
    return bool(verb) and verb[0] in VERBS and VERBS[verb[0]][0] == "delete"


def _without(schema: dict[str, Any], param: str) -> dict[str, Any]:
    """The schema with the operation's parameter taken out."""
    properties = {k: v for k, v in (schema.get("properties") or {}).items() if k != param}
    required = [k for k in schema.get("required") or [] if k != param]
    return {**schema, "properties": properties, "required": required}


def operation_call(name: str, arguments: Mapping[str, Any], tools: Iterable[ToolView]) -> str:
    """The operation's tool a call to a tool split by operation was (`ticket` with `action:
    create`: `create_ticket`); any other call's own name."""
    for tool in tools:
        if tool.called == name and all(arguments.get(k) == v for k, v in tool.fixed):
            return tool.name
    return name
