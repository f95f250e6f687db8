"""Tagging a record is a change to it, never a read: a tool named for what it lists by
(`entries_by_tag`, `notes_by_label`) has no verb in that word, so "tag journal entry 1 with
#bugfix" is the update tool's, where before the listing by tag won and asked for a tag. The
words after "tag it" are the tags, no noun naming a tool ("and tag it work" is no time entry's:
"work" is a word for those), so "it", the record the turn before made, is changed by its own
kind's update tool. Over schemas of their own."""

from __future__ import annotations

from typing import Any

from orchestrator import UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, run_with, tool, turn

_S: dict[str, Any] = {"type": "string"}
_INT: dict[str, Any] = {"type": "integer"}
_TAGS: dict[str, Any] = {"type": "array", "items": _S}
NOTES = [
    tool("create_note", "Create a note", {"title": _S, "body": _S, "tags": _TAGS}, "title"),
    tool("update_note", "Update a note", {"note_id": _INT, "body": _S, "tags": _TAGS}, "note_id"),
    tool("notes_by_label", "List the notes that have a label", {"label": _S}, "label"),
]
TASKS_AND_HOURS = [
    tool("create_task", "Create a task", {"title": _S, "tags": _TAGS}, "title"),
    tool("update_task", "Update a task", {"task_id": _S, "tags": _TAGS}, "task_id"),
    tool(
        "update_time_entry",
        "Update a time entry",
        {"entry_id": _S, "tags": _TAGS, "hours": {"type": "number"}},
        "entry_id",
    ),
]


async def test_a_tool_named_for_what_it_lists_by_is_a_read() -> None:
    got = calls(await turn(NOTES, "label note 3 with urgent"))
    assert got == [("update_note", {"note_id": 3, "tags": ["urgent"]})]


async def test_it_after_a_write_is_tagged_by_its_own_kinds_update() -> None:
    first = UserMessage("add a task to send the invoice to acme")
    made = ToolCallItem("c1", "create_task", {"title": "send the invoice to acme"})
    result = ToolResultItem("c1", "create_task", '{"success": true, "task_id": "task_7"}')
    history = [first, made, result, UserMessage("and tag it work")]
    response = await OfflineRouter().respond(ModelRequest("", history, TASKS_AND_HOURS))
    assert calls(response) == [("update_task", {"task_id": "task_7", "tags": ["work"]})]


LISTED = [*NOTES[:2], tool("list_notes", "List all notes", {})]
NOTES_LISTED = '{"notes": [{"note_id": 3, "title": "Roof", "tags": ["house"]}]}'


async def test_a_tag_said_too_keeps_the_tags_it_had() -> None:
    outputs = {"list_notes": NOTES_LISTED, "update_note": "ok"}
    made = await run_with(LISTED, outputs, "tag note 3 with urgent too")
    assert made[-1] == ("update_note", {"note_id": 3, "tags": ["house", "urgent"]})


async def test_a_tag_said_too_of_an_item_not_read_is_asked() -> None:
    outputs = {"list_notes": '{"notes": []}', "update_note": "ok"}
    made = await run_with(LISTED, outputs, "tag note 3 with urgent too")
    assert all(name != "update_note" for name, _ in made)
