"""A word of a server's name said in the request ("search my journal for Sara") counts for each
of that server's tools alike, when it is no tool's own noun there: before, only the tools a
clash of names had prefixed with it (`journal__list_todos`) counted it, as their noun, so the
journal's todo list answered a search of its entries (user trial 12, j21, j28). A server whose
tools' noun is its name (`todo`) gains nothing from it beyond that noun."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, text, turn


def _tool(server: str, name: str, description: str, **params: dict[str, str]) -> ToolDefinition:
    schema = {"type": "object", "properties": params}
    return ToolDefinition(name, description, schema, read_only=True, server=server)


TOOLS = [
    _tool("todo", "todo__list_todos", "List todo items", status=text("pending or all")),
    _tool("journal", "add_entry", "Add a new diary entry", text=text("The entry")),
    _tool("journal", "search_entries", "Primary search tool over entries", query=text("Query")),
    _tool("journal", "list_recent_entries", "List the most recent entries by id"),
    _tool("journal", "journal__list_todos", "List todos by status", filter=text("Filter")),
]


async def test_a_search_of_the_server_named_goes_to_its_search() -> None:
    assert calls(await turn(TOOLS, "search my journal for Sara")) == [
        ("search_entries", {"query": "Sara"})
    ]


async def test_its_todos_are_its_own_todo_listing() -> None:
    assert calls(await turn(TOOLS, "list journal todos")) == [("journal__list_todos", {})]
