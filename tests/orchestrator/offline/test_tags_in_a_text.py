"""Several tags said for a new record whose `tags` parameter is one text (a string, not a list)
go in it together, comma-separated: "tags learning, sleep" had sent "learning" and asked about
"sleep". A change to a record's text tags is not written from the tags said alone (the tags it
has would be lost). Fails on the router before."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, run_with, string, tool, turn

NULLABLE: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
NOTES = [
    tool(
        "create_note",
        "Create a new note.",
        {"title": string(), "content": string(), "tags": NULLABLE},
        "title",
        "content",
    ),
    tool("search_notes", "Search notes by text.", {"query": string()}),
    tool(
        "update_note",
        "Update a note.",
        {"note_id": string(), "tags": NULLABLE},
        "note_id",
    ),
]


async def test_the_tags_said_go_in_one_text() -> None:
    for said, title, tags in (
        (
            "new note 'Sleep and memory': deep sleep replays the day. tags learning, sleep",
            "Sleep and memory",
            "learning, sleep",
        ),
        (
            "new note 'Late coffee', tags sleep, health: two nights I slept under 5 hours",
            "Late coffee",
            "sleep, health",
        ),
        ("new note 'Walks': walking helps me think. tags work and health", "Walks", "work, health"),
    ):
        made = calls(await turn(NOTES, said))
        assert len(made) == 1 and made[0][0] == "create_note", (said, made)
        assert (made[0][1]["title"], made[0][1]["tags"]) == (title, tags), said


async def test_a_change_does_not_write_over_the_tags_a_note_has() -> None:
    found = '[{"id": "n1", "title": "Sourdough", "tags": "baking"}]'
    made = await run_with(NOTES, {"search_notes": found}, "tag the sourdough note with recipes")
    assert not any(name == "update_note" for name, _ in made), made
