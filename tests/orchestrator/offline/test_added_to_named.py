"""Words added to an item found by its name among the listed ones ("add toothpaste to my packing
list note", "add to the packing list note: toothpaste", "add 'ORDER BY 1' to the sql join
snippet") are added to its text, which keeps what it holds; they are never its name. Before,
the name was found but the words were left over and the text asked for ("I did not understand
“toothpaste”"). Over schemas of its own."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with
from tests.orchestrator.offline.test_replaced_text import LISTED, NOTES, SNIPPETS

SNIPPETS_LISTED = json.dumps(
    [{"name": "sql join", "text": "SELECT * FROM a JOIN b"}, {"name": "greeting", "text": "hi"}]
)


@pytest.mark.parametrize(
    ("said", "content"),
    [
        ("add toothpaste to my packing list note", "passport, charger, socks, toothpaste"),
        ("add to the packing list note: sunscreen", "passport, charger, socks, sunscreen"),
    ],
)
async def test_a_notes_content_keeps_what_it_holds(said: str, content: str) -> None:
    made = await run_with(NOTES, {"list-all-notes": LISTED, "update-note": "ok"}, said)
    assert made[-1] == ("update-note", {"name": "packing list", "content": content})


async def test_a_snippets_text_keeps_what_it_holds() -> None:
    outputs = {"list_snippets": SNIPPETS_LISTED, "update_snippet": "ok"}
    made = await run_with(SNIPPETS, outputs, "add 'ORDER BY 1' to the sql join snippet")
    assert made[-1][0] == "update_snippet"
    assert made[-1][1]["name"] == "sql join"
    assert made[-1][1]["text"].startswith("SELECT * FROM a JOIN b")
    assert made[-1][1]["text"].endswith("ORDER BY 1")


async def test_no_item_of_that_name_nothing_is_written() -> None:
    made = await run_with(
        NOTES, {"list-all-notes": LISTED, "update-note": "ok"}, "add toothpaste to the dentist note"
    )
    assert [name for name, _ in made] == ["list-all-notes"]
