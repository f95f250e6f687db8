"""A change to an item found by its name, whose tool has no place for a new name but one for its
text (`update-note(name, content)`, `update_snippet(name, text)`), puts what the request says
the item now holds into that text: all that follows a colon ("update the packing list note:
passport, charger, socks, toothbrush"), or the words after "to" ("change the plumber note to
0176 5550999", "... to just say oat milk": oat milk). A rename never does: its new name has no
place, so nothing is written. Before, the text was asked for ("I need: content"), or "plumber
to 0176 5550999" was looked for as the note's name. Over schemas of its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.orchestrator.offline._routing import run_with, text, tool

_S: dict[str, Any] = {"type": "string"}
NOTES = [
    tool("list-all-notes", "Read all stored notes", {}),
    tool("update-note", "Update an existing note", {"name": _S, "content": _S}, "name", "content"),
]
LISTED = """All stored notes:
- packing list:
  Content: passport, charger, socks
  Created: 2026-11-30T11:38:49
- plumber:
  Content: the plumber's number is 0176 5550123
  Created: 2026-11-30T11:38:49
"""
SNIPPETS = [
    tool("list_snippets", "List saved snippets", {}),
    tool(
        "update_snippet",
        "Replace a snippet's text",
        {"name": text("Name of the snippet"), "text": text("The new text")},
        "name",
        "text",
    ),
]
SNIPPETS_LISTED = json.dumps(
    [{"name": "sql join", "text": "SELECT 1"}, {"name": "greeting", "text": "hi"}]
)


@pytest.mark.parametrize(
    ("said", "name", "content"),
    [
        (
            "update the packing list note: passport, charger, socks, toothbrush",
            "packing list",
            "passport, charger, socks, toothbrush",
        ),
        ("change the plumber note to 0176 5550999", "plumber", "0176 5550999"),
        ("change the packing list note to just say oat milk", "packing list", "oat milk"),
    ],
)
async def test_a_notes_new_content(said: str, name: str, content: str) -> None:
    made = await run_with(NOTES, {"list-all-notes": LISTED, "update-note": "ok"}, said)
    assert made[-1] == ("update-note", {"name": name, "content": content})


@pytest.mark.parametrize(
    ("said", "name", "new"),
    [
        (
            "update the sql join snippet: SELECT * FROM a JOIN b",
            "sql join",
            "SELECT * FROM a JOIN b",
        ),
        ("change the greeting snippet to hello there", "greeting", "hello there"),
    ],
)
async def test_a_snippets_new_text(said: str, name: str, new: str) -> None:
    outputs = {"list_snippets": SNIPPETS_LISTED, "update_snippet": "ok"}
    made = await run_with(SNIPPETS, outputs, said)
    assert made[-1] == ("update_snippet", {"name": name, "text": new})


@pytest.mark.parametrize(
    "said", ["rename note packing list to travel", "rename the plumber note: handyman"]
)
async def test_a_rename_never_replaces_the_text(said: str) -> None:
    made = await run_with(NOTES, {"list-all-notes": LISTED, "update-note": "ok"}, said)
    assert [name for name, _ in made] in ([], ["list-all-notes"])
