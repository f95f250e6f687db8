"""A write's answer passes on the server's message when it names a file the call made or kept
(a forced delete's "its work ... is kept in /.../writer2.patch"): where to find it is what the
user needs next, and no argument says it. A routine message ("created successfully") is not
repeated."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import after_result, text, tool

BACKUP = tool(
    "create_backup",
    "Make a backup of the notes",
    {"name": text("The backup's name")},
    "name",
)


async def test_a_message_naming_a_file_is_passed_on() -> None:
    kept = "Backup 'weekly' written; it is kept in /home/me/.local/share/notes/weekly.zip"
    response = await after_result(
        [BACKUP], "create a backup named weekly", json.dumps({"success": True, "message": kept})
    )
    assert response.text.startswith("Created backup “weekly”.")
    assert kept in response.text


async def test_a_routine_message_is_not_repeated() -> None:
    said = "Backup 'weekly' created successfully"
    response = await after_result(
        [BACKUP], "create a backup named weekly", json.dumps({"success": True, "message": said})
    )
    assert said not in response.text
