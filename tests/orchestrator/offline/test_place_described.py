"""A place of the user's that no tool is named for but one server's descriptions alone call so
("write in my diary: ..." for a `kaydet` server's `add_entry`, "Add a new diary entry") names
that server's tools so described; a word two servers' descriptions use names neither, and the
router asks. Each fails on the router before its rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from orchestrator import ToolDefinition
from orchestrator.offline._nouns import places_said
from orchestrator.offline._read import read
from tests.orchestrator.offline._routing import calls, text, tool, turn

NUMBER: dict[str, Any] = {"type": "integer"}


def on(server: str, *tools: ToolDefinition) -> list[ToolDefinition]:
    return [replace(t, server=server) for t in tools]


TODOS = on(
    "todo",
    tool(
        "create_todo",
        "Create a new todo item with optional due date and tags",
        {"title": text("Title of the todo"), "due_date": text("Due date")},
        "title",
    ),
    tool("update_todo", "Update an existing todo item", {"todo_id": NUMBER, "title": text("")}),
)
HABITS = on(
    "habits",
    tool("create_habit", "Create new habit", {"name": text("Habit name")}, "name"),
)
DIARY = on(
    "kaydet",
    tool(
        "add_entry",
        "Add a new diary entry. Text may include #tags.",
        {"text": text("Entry text"), "tags": {"type": "array", "items": {"type": "string"}}},
        "text",
    ),
    tool("search_entries", "Search entries by query", {"query": text("Query")}, "query"),
)
LOGBOOK = on(
    "shipnotes",
    tool(
        "new_record",
        "Write a record into the ship's logbook",
        {"body": text("What happened")},
        "body",
    ),
    tool("list_records", "List the latest records", {}),
)


async def test_a_diary_named_only_by_its_description_gets_the_entry() -> None:
    said = "write in my diary: dinner with Sara at the italian place, great evening"
    step = await turn([*TODOS, *HABITS, *DIARY], said)
    assert calls(step) == [
        ("add_entry", {"text": "dinner with Sara at the italian place, great evening"})
    ]


async def test_a_logbook_beside_a_todo_list_gets_the_record() -> None:
    step = await turn([*TODOS, *LOGBOOK], "add to my logbook: engine serviced, all fine")
    assert calls(step) == [("new_record", {"body": "engine serviced, all fine"})]


async def test_a_word_two_servers_describe_names_neither() -> None:
    other = on(
        "memo",
        tool("save_memo", "Save a memo to the diary folder", {"content": text("Memo")}, "content"),
    )
    said = "write in my diary: dinner with Sara at the italian place"
    step = await turn([*TODOS, *DIARY, *other], said)
    assert ("add_entry", {"text": "dinner with Sara at the italian place"}) not in calls(step)
    assert not any(name in ("create_todo", "save_memo") for name, _ in calls(step))


async def test_a_text_addressed_to_the_diary_is_an_entry_in_it() -> None:
    step = await turn([*TODOS, *HABITS, *DIARY], "dear diary, feeling tired today. #mood")
    assert calls(step) == [("add_entry", {"text": "feeling tired today", "tags": ["mood"]})]


async def test_a_text_addressed_to_the_logbook_is_a_record_in_it() -> None:
    step = await turn([*TODOS, *LOGBOOK], "dear logbook, engine serviced, all fine")
    assert calls(step) == [("new_record", {"body": "engine serviced, all fine"})]


async def test_a_text_addressed_to_someone_is_no_record() -> None:
    step = await turn([*TODOS, *DIARY], "dear John, thanks for the lovely evening")
    assert calls(step) == []


def test_only_a_write_into_a_place_of_mine_names_it() -> None:
    assert places_said(read("write in my diary: dinner with Sara")) == {"diary"}
    assert places_said(read("what's my net worth?")) == set()
    assert places_said(read("is my resting heart rate trending up?")) == set()
    assert places_said(read("add my notes: call Bob")) == set()
