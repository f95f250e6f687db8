"""A listing in words, one numbered line per item with its id in brackets after an id label
("1. Testing effect (ID: 20260105T0915)", lexicon `ID_LABELS`) and the item's fields indented
under it ("Tags: learning, memory"), is a listing of items: a write that names one by its title
finds its id there. Before, no item was found and nothing was changed. A numbered line with no
id is no such listing. Over schemas of its own."""

from __future__ import annotations

from orchestrator.offline._items import text_items
from tests.orchestrator.offline._routing import run_with, text, tool

CARDS = [
    tool(
        "cards_search",
        "Search cards by text or tags. Returns matching cards.",
        {"query": text("Text to search for"), "tags": text("Comma-separated tags")},
    ),
    tool(
        "cards_update",
        "Update a card's title, content or tags.",
        {
            "card_id": text("The card ID"),
            "title": text("New title"),
            "content": text("New content"),
        },
        "card_id",
    ),
    tool("cards_delete", "Delete a card.", {"card_id": text("The card ID")}, "card_id"),
]
LISTED = """Found 2 matching cards:

1. Sourdough starter ratio (ID: 20260120T0800)
   Tags: baking
   Created: 2026-01-20

2. Testing effect (ID: 20260105T0915)
   Tags: learning, memory
"""
OUTPUTS = {"cards_search": LISTED, "cards_update": "ok", "cards_delete": "ok"}


def test_numbered_lines_with_ids_are_items_with_their_fields() -> None:
    assert text_items(LISTED) == [
        {"title": "Sourdough starter ratio", "id": "20260120T0800", "tags": "baking",
         "created": "2026-01-20"},
        {"title": "Testing effect", "id": "20260105T0915", "tags": "learning, memory"},
    ]  # fmt: skip
    assert text_items("1. a thing\n2. another") is None


async def test_a_write_finds_the_item_it_names_in_such_a_listing() -> None:
    said = "rename 'Testing effect' to 'Retrieval practice effect'"
    made = await run_with(CARDS, OUTPUTS, said)
    assert made[-1] == (
        "cards_update",
        {"card_id": "20260105T0915", "title": "Retrieval practice effect"},
    )
    made = await run_with(CARDS, OUTPUTS, "delete the sourdough card")
    assert made[-1] == ("cards_delete", {"card_id": "20260120T0800"})
