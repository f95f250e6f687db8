"""The catalogue: every tool the servers that are up offer, under the name a model sees.

It is built from each server's `tools/list` (as `ListedTool`s: what the catalogue needs of an MCP
`Tool`, plain data, so a cached listing needs no MCP import) by small steps, each a function of
the tools:

```
offered(server, tools)        ListedTools -> CatalogueTools (destructive from the annotations)
filtered(tools, allowed)      only the config's `allowed_tools`, when it names any
selected(tools, incl, excl)   only names matching an `include_tools` glob, none matching an
                              `exclude_tools` one
approval(tools, auto_approve) which calls need the user's yes: destructive ones, unless listed
prefixed(per_server)          a name two servers share becomes `<server>__<name>` for both; every
                              name is made one that every provider takes (`model_name`)
renamed(tools, renames)       a tool a `RenamedTool` names is offered under that name (with its
                              description and schema when it gives them), once per rename
```

A `RenamedTool` is pydantic-ai's renamed (and prepared) toolset for one tool: the agents gateway
offers each registered tool this way. Its schema, when it gives one, is checked when it is made
(`orchestrator._arguments.check_schema`), and the arguments of every call against it
(`ToolRunner`): the server never saw that schema, so it cannot. A server whose allowed tools are
all renamed with a schema needs no listing to be catalogued (`Discovery` starts it at its first
call when starting lazily).

A `CatalogueTool` keeps the server's own name for the call (`tool_name`) beside the name offered
to models (`name`). Providers take names of at most 64 letters, digits, `_` and `-`
(OpenAI and Anthropic; Gemini also `.` and `:`): a longer name is cut and ends with a short hash
of the whole, and other characters become `_` (with the hash too, so two names that differ only
there stay apart).
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from orchestrator.errors import UnknownToolError, UsageError
from orchestrator.models import ToolDefinition

if TYPE_CHECKING:
    from orchestrator.config import MCPServerSettings

__all__ = [
    "DESTRUCTIVE_PREFIXES",
    "Catalogue",
    "CatalogueTool",
    "Era",
    "ListedTool",
    "RenamedTool",
    "approval",
    "build_catalogue",
    "described",
    "filtered",
    "model_name",
    "offered",
    "prefixed",
    "renamed",
    "selected",
]

DESTRUCTIVE_PREFIXES = ("delete_", "remove_", "cancel_")
# A tool the server does not mark read-only whose name opens with one of these verbs (`delete`,
# `delete-note`, `removeContact`), or whose description does ("Remove records matching the
# watchlist." for `filter-competitors`), is destructive though its server did not say so.
DESTRUCTIVE_VERBS = frozenset({"delete", "remove", "cancel", "destroy", "purge", "erase", "wipe"})
_FIRST_WORD = re.compile(r"[A-Za-z][a-z]*")
MAX_NAME = 64
_HASH = 8
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}


@dataclass(frozen=True)
class Era:
    """The protocol a server spoke: its version, and for a 2026-07-28 server the
    `server/discover` result it gave (as JSON), to adopt without asking again."""

    version: str
    discover: dict[str, Any] | None = None


@dataclass(frozen=True)
class ListedTool:
    """One tool as a server lists it: its name, description, input schema and hints."""

    name: str
    description: str = ""
    input_schema: dict[str, Any] = field(default_factory=lambda: dict(_EMPTY_SCHEMA))
    destructive_hint: bool = False
    read_only_hint: bool = False
    task_support: str | None = None  # `execution.taskSupport`: optional/required: as a task

    @classmethod
    def of(cls, tool: Any) -> ListedTool:
        """From an MCP `Tool` (or anything shaped like one)."""
        hints = getattr(tool, "annotations", None)
        return cls(
            task_support=_task_support(tool),
            name=tool.name,
            description=tool.description or "",
            input_schema=dict(tool.input_schema or _EMPTY_SCHEMA),
            destructive_hint=bool(hints and hints.destructive_hint),
            read_only_hint=bool(hints and hints.read_only_hint),
        )


def _task_support(tool: Any) -> str | None:
    """A tool's `execution.taskSupport` (2025-11-25), else the same under the tasks extension's
    key in its `_meta` (2026-07-28, whose tools have no `execution`)."""
    support = getattr(getattr(tool, "execution", None), "task_support", None)
    if support is None:
        meta = getattr(tool, "meta", None) or {}
        extension = meta.get("io.modelcontextprotocol/tasks")
        support = extension.get("taskSupport") if isinstance(extension, dict) else None
    return support if isinstance(support, str) else None


@dataclass(frozen=True)
class CatalogueTool:
    """One tool as offered to models, and how to call it."""

    name: str
    server: str
    tool_name: str
    description: str
    input_schema: dict[str, Any]
    destructive: bool = False
    read_only: bool = False
    needs_approval: bool = False
    check_arguments: bool = False  # against `input_schema`, before the call (a renamed tool's)

    @property
    def summary(self) -> str:
        """The description in one line, for a listing: its first paragraph, whitespace folded.
        Many servers' descriptions are a function's docstring, which opens with a newline and an
        indent and goes on with "Args:" (its first line alone is empty)."""
        return " ".join(self.description.strip().split("\n\n", 1)[0].split())

    def definition(self) -> ToolDefinition:
        return ToolDefinition(
            self.name,
            self.description,
            self.input_schema,
            self.destructive,
            self.read_only,
            self.server,
        )


@dataclass(frozen=True)
class RenamedTool:
    """Server `server`'s tool `tool`, offered to models as `name`, with `description` and
    `input_schema` in place of the server's when given (a JSON Schema for an object, kept
    within itself: see `orchestrator._arguments`). `UsageError`, naming the field, when `name`
    is not one every provider takes or the schema is refused."""

    name: str
    server: str
    tool: str
    description: str | None = None
    input_schema: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if not self.name or model_name(self.name) != self.name:
            raise UsageError(
                f"name: {self.name!r} must be 1 to {MAX_NAME} letters, digits, '_' or '-' "
                "(what every provider takes)"
            )
        if self.input_schema is not None:
            from orchestrator._arguments import check_schema

            check_schema(self.input_schema, "input_schema")

    def listed(self) -> ListedTool:
        """The tool as its server would list it, as far as this rename says."""
        return ListedTool(self.tool, self.description or "", dict(self.input_schema or {}))


@dataclass(frozen=True)
class Catalogue:
    """The tools of every server that is up, by the name offered to models."""

    tools: Mapping[str, CatalogueTool] = field(default_factory=dict)

    def get(self, name: str) -> CatalogueTool:
        tool = self.tools.get(name)
        if tool is None:
            raise UnknownToolError(name, list(self.tools))
        return tool

    def definitions(self) -> list[ToolDefinition]:
        return [t.definition() for t in self.tools.values()]

    def by_server(self) -> dict[str, list[CatalogueTool]]:
        grouped: dict[str, list[CatalogueTool]] = {}
        for tool in self.tools.values():
            grouped.setdefault(tool.server, []).append(tool)
        return grouped

    def without(self, server: str) -> Catalogue:
        return Catalogue({k: t for k, t in self.tools.items() if t.server != server})


def offered(server: str, tools: Iterable[ListedTool]) -> list[CatalogueTool]:
    """A server's tools as catalogue entries (under their own names for now)."""
    return [
        CatalogueTool(
            name=tool.name,
            server=server,
            tool_name=tool.name,
            description=tool.description,
            input_schema=tool.input_schema,
            destructive=tool.destructive_hint or _destroys(tool),
            read_only=tool.read_only_hint,
        )
        for tool in tools
    ]


def _destroys(tool: ListedTool) -> bool:
    """Whether a tool its server did not mark destructive destroys even so: its name or its
    description opens with a verb of `DESTRUCTIVE_VERBS`, and it is not marked read-only."""
    if tool.read_only_hint:
        return False
    if tool.name.startswith(DESTRUCTIVE_PREFIXES):
        return True
    for text in (tool.name, tool.description.strip()):
        first = _FIRST_WORD.match(text)
        word = first.group().lower() if first else ""
        if word in DESTRUCTIVE_VERBS or (word.endswith("s") and word[:-1] in DESTRUCTIVE_VERBS):
            return True
    return False


def filtered(tools: list[CatalogueTool], allowed: Iterable[str] | None) -> list[CatalogueTool]:
    """Only the tools `allowed` names (all when it is None)."""
    if allowed is None:
        return tools
    keep = set(allowed)
    return [t for t in tools if t.tool_name in keep]


def selected(
    tools: list[CatalogueTool], include: Iterable[str] | None, exclude: Iterable[str] = ()
) -> list[CatalogueTool]:
    """Only the tools whose names match an `include` glob (all when it is None), less those
    matching an `exclude` glob (`fnmatch` patterns: `*`, `?`, `[...]`; case matters)."""
    included = None if include is None else list(include)
    excluded = list(exclude)
    return [
        t
        for t in tools
        if (included is None or any(fnmatch.fnmatchcase(t.tool_name, g) for g in included))
        and not any(fnmatch.fnmatchcase(t.tool_name, g) for g in excluded)
    ]


def approval(tools: list[CatalogueTool], auto_approve: Iterable[str] = ()) -> list[CatalogueTool]:
    """Mark the calls that need the user's yes: destructive ones not listed in `auto_approve`."""
    trusted = set(auto_approve)
    return [replace(t, needs_approval=t.destructive and t.tool_name not in trusted) for t in tools]


def model_name(name: str) -> str:
    """`name` as every provider takes it: at most 64 of `A-Z a-z 0-9 _ -`. A name that had to
    change ends with `_` and 8 hex digits of its hash, so different names stay different."""
    safe = _UNSAFE.sub("_", name)
    if safe == name and len(name) <= MAX_NAME:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:_HASH]
    return f"{safe[: MAX_NAME - _HASH - 1]}_{digest}"


def prefixed(per_server: Mapping[str, list[CatalogueTool]]) -> list[CatalogueTool]:
    """All servers' tools; a name two servers share is offered as `<server>__<name>`; every name
    goes through `model_name`."""
    counts = Counter(t.tool_name for tools in per_server.values() for t in tools)
    return [
        replace(
            t,
            name=model_name(
                t.tool_name if counts[t.tool_name] == 1 else f"{t.server}__{t.tool_name}"
            ),
        )
        for tools in per_server.values()
        for t in tools
    ]


def renamed(tools: list[CatalogueTool], renames: Iterable[RenamedTool]) -> list[CatalogueTool]:
    """Each tool a rename names, under the new name (and description and schema, when the rename
    gives them), once per rename; the other tools as they were, before them, so that a renamed
    tool wins over another of the same name."""
    by_tool: dict[tuple[str, str], list[RenamedTool]] = {}
    for rename in renames:
        by_tool.setdefault((rename.server, rename.tool), []).append(rename)
    kept = [t for t in tools if (t.server, t.tool_name) not in by_tool]
    made = [
        replace(
            t,
            name=r.name,
            description=t.description if r.description is None else r.description,
            input_schema=t.input_schema if r.input_schema is None else r.input_schema,
            check_arguments=r.input_schema is not None,
        )
        for t in tools
        for r in by_tool.get((t.server, t.tool_name), ())
    ]
    return kept + made


def described(entry: MCPServerSettings, renames: Iterable[RenamedTool]) -> list[ListedTool] | None:
    """The listing `entry`'s server needs not give, when its `allowed_tools` are all renamed
    with a schema; else None."""
    given = {r.tool: r for r in renames if r.server == entry.name and r.input_schema is not None}
    allowed = entry.allowed_tools
    if not allowed or not set(allowed) <= set(given):
        return None
    return [given[name].listed() for name in dict.fromkeys(allowed)]


def build_catalogue(
    listed: Mapping[str, Iterable[ListedTool]],
    servers: Mapping[str, MCPServerSettings],
    renames: Iterable[RenamedTool] = (),
) -> Catalogue:
    """The catalogue of the servers in `listed` (in config order), through every step above."""
    per_server = {}
    for name, entry in servers.items():
        if name in listed:
            tools = filtered(offered(name, listed[name]), entry.allowed_tools)
            tools = selected(tools, entry.include_tools, entry.exclude_tools)
            per_server[name] = approval(tools, entry.auto_approve)
    return Catalogue({t.name: t for t in renamed(prefixed(per_server), renames)})
