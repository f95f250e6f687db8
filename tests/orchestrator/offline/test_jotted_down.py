"""A verb of writing a note ("jot down", "write down", "note") names the note it makes: among
tools that make notes and todos, "jot down that the plumber's number is 0176 5550123" is for
the note's tool. What is written is all that follows the verb's "that", or a colon right after
it ("jot down: the garage code is 4471"): the text of a record that needs a name besides its
text, whose name is then asked for. Before, the request was refused as fitting no one tool
("I'm not sure what to do with ..."), or its text read as the note's name. Over schemas of its
own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.orchestrator.offline._routing import text, tool, turn
from tests.orchestrator.offline.test_body_after_colon import JOURNAL

_S: dict[str, Any] = {"type": "string"}
MEMOS_AND_TASKS = [
    tool(
        "create_note",
        "Create a note",
        {"title": text("The note's title"), "body": text("What the note says")},
        "title",
        "body",
    ),
    tool("create_task", "Create a task", {"title": text("The task's title")}, "title"),
    tool("add_expense", "Add an expense", {"amount": {"type": "number"}, "category": _S}, "amount"),
]


@pytest.mark.parametrize(
    ("said", "body"),
    [
        ("jot down that the plumber's number is 0176 5550123", "the plumber's number is 0176"),
        ("jot down: the garage code is 4471", "the garage code is 4471"),
    ],
)
async def test_a_note_is_asked_its_title_its_text_understood(said: str, body: str) -> None:
    response = await turn(MEMOS_AND_TASKS, said)
    assert not response.tool_calls
    answer = response.text or ""
    assert "(create_note)" in answer
    assert "need: title" in answer
    assert f"body {body}" in answer


async def test_what_that_or_this_opens_is_no_earlier_item() -> None:
    for said in ("write down that the heating broke again", "save this: the heating broke again"):
        response = await turn(JOURNAL, said)
        assert not response.tool_calls
        assert " means." not in (response.text or "")
