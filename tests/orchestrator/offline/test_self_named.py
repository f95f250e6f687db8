"""A tool's name that ends by naming itself (`rename_shelf_tool`, `list_shelves_tool`) has no
noun "tool": its item is a shelf, so "call it Verse" after a shelf was made renames the shelf,
where every tool of the server had shared the noun and two changes had been rivals. A tool
about tools (`register_tool`) keeps it. Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._tools import ToolView
from tests.orchestrator.offline._routing import after_call, calls, text, tool

ID: dict[str, Any] = {"type": "integer", "minimum": 1}
SHELVES = [
    tool("make_shelf_tool", "Create a new shelf.", {"name": text("Shelf name")}, "name"),
    tool(
        "rename_shelf_tool",
        "Rename a shelf.",
        {"shelf_id": ID, "name": text("New name")},
        "shelf_id",
        "name",
    ),
    tool("mark_seen_tool", "Mark a book as seen.", {"book_id": ID}, "book_id"),
]


def test_the_name_s_last_word_tool_is_no_noun() -> None:
    view = ToolView.of("rename_shelf_tool", "Rename a shelf.", {"type": "object"})
    assert view.nouns == {"shelf"}
    assert "tool" in ToolView.of("register_tool", "Register a tool.", {"type": "object"}).nouns


async def test_the_record_made_is_renamed_by_its_own_noun() -> None:
    made = '{"id": 4, "name": "Poetry"}'
    step = await after_call(
        SHELVES, "make a shelf called Poetry", made, "actually call it Verse instead"
    )
    assert calls(step) == [("rename_shelf_tool", {"name": "Verse", "shelf_id": 4})]


def test_a_calculator_or_a_converter_is_the_tool_itself() -> None:
    for name in ("bond_energy_calculator", "bond_energy_converter"):
        assert ToolView.of(name, "Compute a bond's energy.", {"type": "object"}).nouns == {
            "bond",
            "energy",
        }
