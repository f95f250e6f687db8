"""A rename of an item whose tools find it by its name and have no place for a new one
(`update-note(name, content)`, `update_snippet(name, text)`) is refused, saying so, with
nothing written: never the item's text replaced by the new name. A tool with a place for the
new name still renames. Before, the new name was left over and the note's content asked for
("I did not understand “reading list”"). Over schemas of its own."""

from __future__ import annotations

from dataclasses import replace

from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_replaced_text import NOTES, SNIPPETS


async def test_a_note_with_no_place_for_a_new_name_is_not_renamed() -> None:
    tools = [replace(t, server="notes") for t in NOTES]
    response = await turn(tools, "rename note book ideas to reading list")
    assert not response.tool_calls
    assert "no tool to rename the note" in (response.text or "")


async def test_a_snippet_with_no_place_for_a_new_name_is_not_renamed() -> None:
    response = await turn(SNIPPETS, "rename the sql join snippet to joins")
    assert not response.tool_calls
    assert "rename the snippet" in (response.text or "")


async def test_a_tool_with_a_place_for_the_new_name_renames() -> None:
    tools = [
        tool(
            "rename_note",
            "Rename a note",
            {"id": text("The note's id"), "new_name": text("The note's new name")},
            "id",
            "new_name",
        ),
        *NOTES[:1],
    ]
    response = await turn(tools, "rename note 4 to reading list")
    assert "rename the note" not in (response.text or "")
    assert calls(response)  # the note is looked up, or renamed


async def test_a_tool_described_as_renaming_them_is_no_refusal() -> None:
    """`move_file`, "Move or rename files and directories": the files can be renamed, so "rename
    the budget file" is not refused (blind set B, filesystem:22, asks for the new name)."""
    files = [
        tool("edit_file", "Make line-based edits to a text file", {"path": text("")}, "path"),
        tool(
            "move_file",
            "Move or rename files and directories.",
            {"source": text(""), "destination": text("")},
            "source",
            "destination",
        ),
    ]
    response = await turn(
        [replace(t, server="filesystem") for t in files], "rename the budget file"
    )
    assert "no tool to rename" not in (response.text or "")
