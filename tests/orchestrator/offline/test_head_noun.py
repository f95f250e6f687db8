"""Of two listings that tie, each named by one of two nouns said side by side ("list my shelf
labels"), the one whose noun ends the compound, its head, is read: the labels, not the
shelves. Fails on the router before (it was not sure which)."""

from __future__ import annotations

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, tool, turn

SHELVES = tool("list_shelves_tool", "List all shelves with their label names.", {})
LABELS = tool("list_labels_tool", "List all labels with shelf counts.", {})


async def test_the_head_noun_names_the_listing() -> None:
    assert calls(await turn([SHELVES, LABELS], "list my shelf labels")) == [
        ("list_labels_tool", {})
    ]
    assert calls(await turn([SHELVES, LABELS], "list my label shelves")) == [
        ("list_shelves_tool", {})
    ]


def _served(name: str, description: str) -> ToolDefinition:
    return ToolDefinition(name, description, {"type": "object", "properties": {}}, server="boards")


async def test_the_head_noun_when_the_server_is_named_for_the_other() -> None:
    """The `boards` server: "board" names each of its tools alike, and still does not head
    "board columns" (blind set F, reader:6, after the server's word counted for every tool)."""
    tools = [
        _served("list_boards_tool", "List all boards with their column names."),
        _served("list_columns_tool", "List all columns with board counts."),
    ]
    assert calls(await turn(tools, "list my board columns")) == [("list_columns_tool", {})]
