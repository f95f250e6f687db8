"""A name a change's description says is new ("name: New name", beside the id that finds the
item) is what the change sets, never a listed name that finds the item: "rename the Fiction
shelf to Novels" renames the folder listed as Fiction. Fails on the router before (it read
"Fiction" as the new name and looked for a folder called Novels)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

FOLDERS = tool("list_folders_tool", "List all folders with file counts.", {})
RENAME = tool(
    "rename_folder_tool",
    "Rename a folder.\n\nArgs:\n    folder_id: Folder ID\n    name: New name",
    {"folder_id": {"type": "integer", "minimum": 1}, "name": {"type": "string"}},
    "folder_id",
    "name",
)
OUTPUTS = {
    "list_folders_tool": json.dumps([{"id": 1, "name": "Fiction"}, {"id": 2, "name": "Poetry"}]),
    "rename_folder_tool": json.dumps({"id": 1, "name": "Novels"}),
}


async def test_the_new_name_is_set_and_the_old_one_finds_the_folder() -> None:
    made = await run_with([FOLDERS, RENAME], OUTPUTS, "rename the Fiction folder to Novels")
    assert made[-1] == ("rename_folder_tool", {"folder_id": 1, "name": "Novels"})
