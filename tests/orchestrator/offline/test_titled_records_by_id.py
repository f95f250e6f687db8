"""A change of one record that its server finds by an id (`card_id`, a long hex string), the
record named only by its title ("change the Charizard cost to 275", "bump the lugia target to
200", "the Blastoise was actually 850"): the listings of the kinds of thing those changes act
on are read first, and the change goes to the kind whose listing holds the record, found by
the most of its title said ("charizard ex" is the watchlist's "Charizard ex from Obsidian
Flames", not the collection's "Charizard"); a change that would set nothing ("close it out": no
update of the entry) gives way to the one that does. Two records said ("the charizard and
blastoise") of which one is listed change neither. Fails on the router before (it asked which
of the other servers' tools was meant, changed nothing, or wrote the one card listed)."""

from __future__ import annotations

import json
from typing import Any

from tests.orchestrator.offline._routing import run_with, tool

PARAMS: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
CARD_ID = "b4ebe04fce72457fa5db24cd82cf4a2f"
BLASTOISE_ID = "0aa1bb2cc3dd4ee5ff6a7b8c9d0e1f2a"
LUGIA_ID = "47df3298f74a4a43841affd91caea7cc"
CHARIZARD_EX_ID = "6746a2cd9dd248e59514f242c8816954"
TOOLS = [
    tool("collection_list", "List cards in the local collection.", {}),
    tool(
        "collection_update",
        "Update mutable fields on a collection card (cost basis, notes, status, ...).",
        {
            "card_id": {"type": "string", "minLength": 4},
            "acquisition_price": PARAMS,
            "sold_price": PARAMS,
            "notes": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "card_id",
    ),
    tool("watchlist_list", "List watchlist entries.", {}),
    tool(
        "watchlist_update",
        "Update mutable fields on a watchlist entry.",
        {"watchlist_id": {"type": "string", "minLength": 4}, "target_price": PARAMS},
        "watchlist_id",
    ),
    tool(
        "watchlist_close",
        "Mark a watchlist entry closed (bought / thesis_invalidated / manual).",
        {
            "watchlist_id": {"type": "string", "minLength": 4},
            "reason": {"type": "string", "enum": ["bought", "thesis_invalidated", "manual"]},
        },
        "watchlist_id",
        "reason",
    ),
    tool("recipe_list", "List recipes.", {}),
    tool(
        "recipe_pin",
        "Pin a recipe for later.",
        {"recipe_id": {"type": "integer"}, "target_date": {"type": "string"}},
        "recipe_id",
    ),
    tool(
        "tag_recipe",
        "Tag a recipe.",
        {"recipe_id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}},
        "recipe_id",
        "tags",
    ),
    tool(
        "generate_shopping_list",
        "Generate a shopping list from recipes.",
        {"recipe_ids": {"type": "array", "items": {"type": "integer"}}},
    ),
    tool(
        "update_pantry",
        "Update the pantry: set what is in stock.",
        {"item": {"type": "string"}, "quantity": {"type": "number"}},
        "item",
    ),
]
CARDS = [
    {"id": CARD_ID, "subject": "Charizard", "set_name": "Base Set", "acquisition_price": 250.0},
    {"id": BLASTOISE_ID, "subject": "Blastoise", "set_name": "Base Set"},
]
WATCHED = [
    {"id": LUGIA_ID, "card_descriptor": "Lugia V alt art Silver Tempest", "target_price": 180},
    {"id": CHARIZARD_EX_ID, "card_descriptor": "Charizard ex from Obsidian Flames"},
]


def outputs(cards: list[dict[str, Any]]) -> dict[str, str]:
    return {
        "collection_list": json.dumps({"count": len(cards), "items": cards}),
        "watchlist_list": json.dumps({"count": 2, "items": WATCHED}),
        "recipe_list": json.dumps({"recipes": []}),
        "tag_recipe": json.dumps({"ok": True}),
        "update_pantry": json.dumps({"ok": True}),
        "collection_update": json.dumps({"ok": True}),
        "watchlist_update": json.dumps({"ok": True}),
        "watchlist_close": json.dumps({"ok": True}),
    }


async def test_a_card_named_by_its_title_is_changed_by_its_id() -> None:
    made = await run_with(TOOLS, outputs(CARDS), "change the Charizard cost to 275")
    assert made[-1] == ("collection_update", {"acquisition_price": 275, "card_id": CARD_ID})


async def test_a_watched_card_named_by_its_first_word_is_changed() -> None:
    made = await run_with(TOOLS, outputs(CARDS), "bump the lugia target to 200")
    assert made[-1] == ("watchlist_update", {"target_price": 200, "watchlist_id": LUGIA_ID})


async def test_the_record_more_of_whose_title_is_said_is_the_one_changed() -> None:
    for said, value in (
        ("change the target on charizard ex to fifty five", 55),
        ("change the target on charizard ex to 55", 55),
    ):
        made = await run_with(TOOLS, outputs(CARDS), said)
        assert made[-1] == (
            "watchlist_update",
            {"target_price": value, "watchlist_id": CHARIZARD_EX_ID},
        ), said


async def test_a_value_said_to_be_what_it_actually_was_changes_it() -> None:
    made = await run_with(TOOLS, outputs(CARDS), "the Blastoise was actually 850")
    assert made[-1] == ("collection_update", {"acquisition_price": 850, "card_id": BLASTOISE_ID})


async def test_two_records_said_of_which_one_is_listed_change_neither() -> None:
    made = await run_with(TOOLS, outputs(CARDS[:1]), 'tag the charizard and blastoise as "vintage"')
    assert not [name for name, _ in made if name.endswith("update")], made


async def test_a_close_said_is_not_an_update_that_would_set_nothing() -> None:
    made = await run_with(TOOLS, outputs(CARDS), "i bought the lugia, close it out")
    assert made[-1] == ("watchlist_close", {"reason": "bought", "watchlist_id": LUGIA_ID})
