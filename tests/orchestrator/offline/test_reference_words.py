"""The words of a reference that name no item are left out of it: a word of the server's name
("the notebook journal todo", on the `journal` server) and a word of a change tool's own name
("done", for `mark_todo_done`). Before, "mark the notebook journal todo done" looked for
"notebook journal done" in the journal's entries and found nothing (user trial 12, j14)."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import run_with

ENTRIES = ToolDefinition(
    "list_recent_entries",
    "List the most recent entries by id (newest first).",
    {"type": "object", "properties": {"limit": {"type": "integer"}}},
    read_only=True,
    server="journal",
)
DONE = ToolDefinition(
    "mark_todo_done",
    "Mark a todo as done by entry id (sets status:done + completed_at).",
    {"type": "object", "properties": {"entry_id": {"type": "integer"}}, "required": ["entry_id"]},
    server="journal",
)
LISTED = json.dumps(
    {"entries": [{"id": "1", "text": "buy a new notebook #todo"}, {"id": "2", "text": "gym"}]}
)


async def test_the_servers_name_and_the_tools_own_word_are_no_part_of_the_reference() -> None:
    outputs = {"list_recent_entries": LISTED, "mark_todo_done": "{}"}
    made = await run_with([ENTRIES, DONE], outputs, "mark the notebook journal todo done")
    assert made[-1] == ("mark_todo_done", {"entry_id": 1})
