"""A question about what the user wrote ("what did I write about tires?") is for the tool that
lists notes, the verb "write" naming the notes it made (its synonym group's noun), among tools
that list notes, todos and expenses. Before, no tool was picked ("I'm not sure what to do with
..."). Over schemas of its own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.orchestrator.offline._routing import calls, text, tool, turn

_S: dict[str, Any] = {"type": "string"}
NOTES_AND_TODOS = [
    tool("list-all-notes", "Read all stored notes", {}),
    tool("add-note", "Create a new note", {"name": _S, "content": _S}, "name", "content"),
    tool("list_todos", "List todo items", {"status": text("Filter by status")}),
    tool("list_expenses", "List expenses", {"category": _S}),
]
MEMOS_AND_TASKS = [
    tool("list_tasks", "List tasks", {"status": text("Only tasks in this status")}),
    tool("get_notes", "Get all notes", {}),
]


@pytest.mark.parametrize("said", ["what did I write about tires?", "what did i jot down on tires"])
async def test_what_was_written_is_read_from_the_notes(said: str) -> None:
    assert calls(await turn(NOTES_AND_TODOS, said)) == [("list-all-notes", {})]


async def test_what_was_written_among_notes_and_tasks() -> None:
    assert calls(await turn(MEMOS_AND_TASKS, "what did I write about the lease?")) == [
        ("get_notes", {})
    ]
