"""An item named by its id, where the id happens to hold no digit ("te_cdbbccaa": about one
in 2,600 ids of 8 random hex digits, behind a prefix the tool's words do not give): the
listing finds it by its id as it finds "te_3dbbccaa". Fails on the router before (the CI run
of 2026-11-29: "No entry matches “te_cdbbccaa”")."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, tool

LIST = tool("list_entries", "List time entries", {"project": {"type": "string"}})
DELETE = tool(
    "delete_entry",
    "Delete a time entry",
    {"entry_id": {"type": "string", "description": "the entry's id"}},
    "entry_id",
)


def outputs(entry_id: str) -> dict[str, str]:
    entries = [
        {"entry_id": entry_id, "project": "Acme", "minutes": 90, "note": "API review"},
        {"entry_id": "te_1234abcd", "project": "Website", "minutes": 45, "note": "footer"},
    ]
    return {
        "list_entries": json.dumps({"entries": entries, "total_minutes": 135}),
        "delete_entry": json.dumps({"ok": True}),
    }


@pytest.mark.parametrize("entry_id", ["te_cdbbccaa", "te_deadbeef", "te_3dbbccaa"])
async def test_an_item_is_found_by_its_id_with_or_without_digits(entry_id: str) -> None:
    made = await run_with([LIST, DELETE], outputs(entry_id), f"delete entry {entry_id}")
    assert made[-1] == ("delete_entry", {"entry_id": entry_id})


async def test_an_id_of_letters_nothing_has_is_not_deleted() -> None:
    made = await run_with([LIST, DELETE], outputs("te_cdbbccaa"), "delete entry te_fdbbccaa")
    assert [name for name, _ in made] == ["list_entries"]
