"""A new name said for the record just made ("actually call it Verse instead", "name it Old
Verse") renames it through the tool that renames, as "rename it to Verse" does: the record
nobody wants is never left as it was made. "call them back" is no new name. Fails on the
router before (it read no verb, and did nothing)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import after_call, calls, text, tool

ID: dict[str, Any] = {"type": "integer", "minimum": 1}
SHELVES = [
    tool("make_shelf", "Create a new shelf.\n  name: Shelf name", {"name": text("")}, "name"),
    tool(
        "rename_shelf",
        "Rename a shelf.\n  shelf_id: Shelf ID\n  name: New name",
        {"shelf_id": ID, "name": text("")},
        "shelf_id",
        "name",
    ),
    tool("drop_shelf", "Delete a shelf.", {"shelf_id": ID}, "shelf_id"),
]


async def _after_making(said: str) -> list[tuple[str, dict[str, Any]]]:
    made = '{"id": 4, "name": "Poetry"}'
    return calls(await after_call(SHELVES, "make a shelf called Poetry", made, said))


async def test_a_new_name_said_renames_the_record_just_made() -> None:
    for said, name in (
        ("actually call it Verse instead", "Verse"),
        ("oops, name it Old Verse", "Old Verse"),
        ("call that Verse", "Verse"),
    ):
        assert await _after_making(said) == [("rename_shelf", {"name": name, "shelf_id": 4})], said


async def test_people_called_back_are_no_new_name() -> None:
    assert await _after_making("call them back") == []
