"""A name said with the mark a parameter's description says the server puts before it
("context: Context name (without the @ prefix)") is for that parameter: "what can I do @phone"
reads the filter by context, with "phone"; "+learning" a project, not every item listed.
Fails on the router before (it found no tool, or listed everything)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, text, tool, turn

LIST_ITEMS = tool("list_items", "List all items.", {})
BY_CONTEXT = tool(
    "find_by_context",
    "Items of one context.",
    {"context": text("Context name (without the @ prefix)")},
    "context",
)
BY_PROJECT = tool(
    "find_by_project",
    "Items of one project.",
    {"project": text("Project name (without the + prefix)")},
    "project",
)
ADD_ITEM = tool("add_item", "Add an item.", {"text": text("The item's text")}, "text")
TOOLS = [LIST_ITEMS, BY_CONTEXT, BY_PROJECT, ADD_ITEM]


async def test_a_name_with_its_mark_picks_the_filter_for_it() -> None:
    assert calls(await turn(TOOLS, "what can I do @phone")) == [
        ("find_by_context", {"context": "phone"})
    ]
    assert calls(await turn(TOOLS, "anything left in +learning?")) == [
        ("find_by_project", {"project": "learning"})
    ]
    assert calls(await turn(TOOLS, "list my +learning items")) == [
        ("find_by_project", {"project": "learning"})
    ]
