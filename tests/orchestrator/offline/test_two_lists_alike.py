"""Two servers that keep the same kind of thing (a `notes` server and a `notesmd` one for a
notes.md file, offering tools of one name, told apart by their servers' names) are told apart
as their user does (user trial 14, the bundled `todo` server beside `todotxt`): a plain "notes"
means the server named `notes`, never the one whose name merely starts so; "notes.md", a
"+topic", an "@place" or a "(A)" said in the file's notation mean `notesmd`, each value where it
goes; a change of a record goes to the server that holds it. Before, "note" named `notesmd` as
its name cut short, so "show my notes" listed the file and "add a note" asked which tool; "notes.md
add: ..." was read as a filter, a new item's "+topic" and "(B)" stayed in its text, and a record
on the other server was "no note matches"."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import calls, run_with, text, turn


def _tool(
    server: str, name: str, description: str, props: dict[str, Any], *required: str
) -> ToolDefinition:
    schema = {"type": "object", "properties": props, "required": list(required)}
    return ToolDefinition(name, description, schema, server=server)


_STATUS = {"type": "string", "enum": ["open", "archived", "all"]}
_TAGS = {"type": "array", "items": {"type": "string"}}
_FLAG = {"type": "boolean"}
NOTES = [
    _tool("notes", "create_note", "Create a new note with optional tags", {
        "title": text("The note's title"), "tags": _TAGS}, "title"),
    _tool("notes", "notes__list_notes", "List notes, filtered by status or tags", {
        "status": _STATUS, "tags": _TAGS}),
    _tool("notes", "notes__update_note", "Update one or more fields of an existing note", {
        "note_id": text("The note's id"), "title": text("New title"),
        "status": {"type": "string", "enum": ["open", "archived"]}}, "note_id"),
]  # fmt: skip
NOTES_MD = [
    _tool("notesmd", "notesmd__list_notes", "List all notes, optionally archived ones too", {
        "include_archived": _FLAG}),
    _tool("notesmd", "add_note", "Add a new note.", {
        "text": text("The note's text"),
        "priority": text("Priority level (A-Z), optional"),
        "topics": {**_TAGS, "description": "List of topic names (without + prefix)"},
        "places": {**_TAGS, "description": "List of place names (without @ prefix)"}}, "text"),
    _tool("notesmd", "archive_note", "Mark a note as archived.", {
        "note_id": text("The note's id")}, "note_id"),
    _tool("notesmd", "filter_by_topic", "Filter notes by topic.", {
        "topic": text("Topic name (without the + prefix)")}, "topic"),
    _tool("notesmd", "notesmd__update_note", "Update a note.", {
        "note_id": text("The note's id"), "text": text("New text"),
        "places": {**_TAGS, "description": "New list of place names (without @ prefix)"}},
        "note_id"),
]  # fmt: skip
TOOLS = NOTES + NOTES_MD


async def test_plain_notes_are_the_notes_servers() -> None:
    assert calls(await turn(TOOLS, "show my notes")) == [("notes__list_notes", {})]
    assert calls(await turn(TOOLS, "what archived notes do I have?")) == [
        ("notes__list_notes", {"status": "archived"})
    ]
    assert calls(await turn(TOOLS, "add a note: call the bank")) == [
        ("create_note", {"title": "call the bank"})
    ]


async def test_the_files_name_said_is_that_server() -> None:
    assert calls(await turn(TOOLS, "add to notes.md: call the bank")) == [
        ("add_note", {"text": "call the bank"})
    ]
    assert calls(await turn(TOOLS, "what's in my notes.md?")) == [("notesmd__list_notes", {})]
    assert calls(await turn(TOOLS, "notes.md add: call the bank")) == [
        ("add_note", {"text": "call the bank"})
    ]
    asked = await turn(TOOLS, "add to notes.md")  # what to add, never which tool
    assert not asked.tool_calls and "add_note" in asked.text and "create_note" not in asked.text


async def test_the_files_notation_is_read_into_its_values() -> None:
    assert calls(await turn(TOOLS, "notes.md: (B) finish the tax form +money @desk")) == [
        ("add_note", {"priority": "B", "topics": ["money"], "places": ["desk"], "text": (
            "finish the tax form")})
    ]  # fmt: skip
    assert calls(await turn(TOOLS, "show my +money items")) == [
        ("filter_by_topic", {"topic": "money"})
    ]


async def test_a_value_in_notation_beside_its_fields_word_changes_the_item_named() -> None:
    outputs = {
        "notesmd__list_notes": json.dumps({"notes": [{"id": "7", "text": "finish the tax form"}]}),
        "notes__list_notes": json.dumps({"notes": []}),
        "notesmd__update_note": json.dumps({"id": "7", "places": ["desk"]}),
    }
    made = await run_with(TOOLS, outputs, "add the @desk place to the tax form item")
    assert made[-1] == ("notesmd__update_note", {"note_id": "7", "places": ["desk"]})


async def test_a_change_goes_to_the_server_that_holds_the_record() -> None:
    outputs = {
        "notesmd__list_notes": json.dumps({"notes": [{"id": "7", "text": "renew passport"}]}),
        "notes__list_notes": json.dumps(
            {"notes": [{"id": "n1", "title": "buy stamps", "status": "open"}]}
        ),
        "notes__update_note": json.dumps({"id": "n1", "status": "archived"}),
    }
    made = await run_with(TOOLS, outputs, "mark buy stamps as archived")
    assert made[-1] == ("notes__update_note", {"note_id": "n1", "status": "archived"})


async def test_a_tag_list_ends_at_a_value_of_another_field() -> None:
    tools = [
        _tool("notes", "create_note", "Create a new note", {
            "title": text("The note's title"), "tags": _TAGS,
            "priority": {"type": "string", "enum": ["low", "medium", "high"]}}, "title"),
    ]  # fmt: skip
    made = calls(await turn(tools, "note: call the bank, tag money, high"))
    assert all(args.get("tags") == ["money"] for _, args in made)


async def test_servers_keeping_one_kind_under_other_tool_names_are_not_preferred_by_name() -> None:
    """An `agents` server (AI agents to ask) beside a `fleet` of agents, no tool of one name on
    both: "list my agents" is for the listing that fits it best, the fleet's."""
    tools = [
        _tool("agents", "list_available_agents", "List the AI agents and their capabilities", {
            "capability": text("Only agents with this capability")}),
        _tool("fleet", "list_agents", "List agents with their status", {
            "status_filter": {"type": "string", "enum": ["busy", "idle"]}}),
    ]  # fmt: skip
    assert calls(await turn(tools, "list my agents")) == [("list_agents", {})]
