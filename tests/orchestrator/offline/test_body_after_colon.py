"""A new record that needs both a name and a text (a note's `name` and `content`, a journal
entry's `title` and `body`, a snippet's `name` and `text`) has its text after a colon: its name
is what is said before the colon ("new note 'book ideas': ...", "write down meeting notes:
..."), else it is asked for, the text understood; "to self" names nobody. A dash after the colon
still parts a title from its text ("new note: dentist - call back on monday"). Before, the text
after the colon was taken for the name and the text asked for ("Understood: name wifi password
for the cabin is fjord2026"), or the name "self" was written. A reply giving the text asked for
stays whole, colon and all ("pancakes: 2 eggs, ..."). Over schemas of its own."""

from __future__ import annotations

from typing import Any

import pytest

from orchestrator import UserMessage
from tests.orchestrator.offline._routing import after_listing, calls, run_with, text, tool, turn
from tests.orchestrator.offline.test_asking import question_of
from tests.orchestrator.offline.test_asking import turn as asked_turn

_S: dict[str, Any] = {"type": "string"}
NOTES = [
    tool("add-note", "Create a new note", {"name": _S, "content": _S}, "name", "content"),
    tool("list-all-notes", "Read all stored notes", {}),
]
JOURNAL = [
    tool(
        "create_entry",
        "Create a journal entry",
        {"title": text("Title of the entry"), "body": text("Text of the entry")},
        "title",
        "body",
    ),
]
SNIPPETS = [
    tool(
        "save_snippet",
        "Save a text snippet",
        {"name": text("Snippet name"), "text": text("The snippet text")},
        "name",
        "text",
    ),
]
NO_NOTES = "All stored notes:\n"


@pytest.mark.parametrize(
    ("said", "name", "content"),
    [
        (
            "new note 'book ideas': The Overstory, Piranesi, Klara and the Sun",
            "book ideas",
            "The Overstory, Piranesi, Klara and the Sun",
        ),
        ("note 'parking': level 3, spot 42", "parking", "level 3, spot 42"),
        ("new note: dentist - call back on monday", "dentist", "call back on monday"),
    ],
)
async def test_a_note_named_before_the_colon_has_the_rest_for_its_content(
    said: str, name: str, content: str
) -> None:
    made = await run_with(NOTES, {"list-all-notes": NO_NOTES, "add-note": "ok"}, said)
    assert made[-1] == ("add-note", {"name": name, "content": content})


async def test_a_name_said_with_the_records_noun_before_the_colon() -> None:
    said = "write down meeting notes: budget approved, hire 2 devs, next sync friday"
    made = await run_with(NOTES, {"list-all-notes": NO_NOTES, "add-note": "ok"}, said)
    assert made[-1][0] == "add-note"
    assert made[-1][1]["content"] == "budget approved, hire 2 devs, next sync friday"
    assert "meeting" in made[-1][1]["name"]


@pytest.mark.parametrize(
    ("said", "content"),
    [
        ("make a note: wifi password for the cabin is fjord2026", "wifi password for the cabin"),
        ("note to self: the car needs winter tires before december", "the car needs winter"),
    ],
)
async def test_with_no_name_said_the_name_is_asked_for_the_content_understood(
    said: str, content: str
) -> None:
    response = await turn(NOTES, said)
    if calls(response) == [("list-all-notes", {})]:
        response = await after_listing(NOTES, said, "list-all-notes", NO_NOTES)
    assert not response.tool_calls
    assert "need: name" in (response.text or "")
    assert f"content {content}" in (response.text or "")


async def test_a_journal_entry_titled_in_quotes() -> None:
    said = "new entry 'sunday walk': long walk by the river, saw herons"
    assert calls(await turn(JOURNAL, said)) == [
        ("create_entry", {"title": "sunday walk", "body": "long walk by the river, saw herons"})
    ]


async def test_a_journal_entry_with_no_title_asks_for_it() -> None:
    response = await turn(JOURNAL, "make an entry: the heating broke again")
    assert not response.tool_calls
    assert "need: title" in (response.text or "")
    assert "body the heating broke again" in (response.text or "")


async def test_a_snippet_named_before_the_colon() -> None:
    said = "save snippet sql join: SELECT * FROM a JOIN b"
    assert calls(await turn(SNIPPETS, said)) == [
        ("save_snippet", {"name": "sql join", "text": "SELECT * FROM a JOIN b"})
    ]


async def test_a_content_asked_for_and_given_with_a_colon_is_all_content() -> None:
    request = UserMessage("create a note named recipes")
    asked = await asked_turn(NOTES[:1], request)
    assert list(question_of(asked).fields) == ["content"]
    reply = UserMessage("pancakes: 2 eggs, 250ml milk, 125g flour")
    step = await asked_turn(NOTES[:1], request, asked.items[0], reply)
    assert calls(step) == [
        ("add-note", {"name": "recipes", "content": "pancakes: 2 eggs, 250ml milk, 125g flour"})
    ]
