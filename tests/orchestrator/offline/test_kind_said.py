"""The user's word for the kind of thing an item is ("post", "article", "one"), said after its
name, where the listing calls them something else and no item holds that word, names none of
it: "flag the lemon tart post" flags "Lemon tart, the easy way". Fails on the router before
(nothing matched "lemon tart post")."""

from __future__ import annotations

from tests.orchestrator.offline.test_write_gate import TEXT, Server, run, tool, writes

ITEMS = [
    {"id": 4, "title": "Lemon tart, the easy way", "flagged": False},
    {"id": 7, "title": "Sourdough for beginners", "flagged": False},
]
TOOLS = [
    tool("list_items", "List the saved items.", {"kind": TEXT}),
    tool("flag_item", "Flag an item.", {"item_id": {"type": "integer"}}, "item_id"),
]
SERVER: Server = {
    "list_items": lambda a: ITEMS,
    "flag_item": lambda a: {"id": a["item_id"], "flagged": True},
}


async def test_a_kind_word_no_item_holds_is_left_out_of_the_name() -> None:
    made, _ = await run(TOOLS, SERVER, "flag the lemon tart post")
    assert writes(made, "list_items") == [("flag_item", {"item_id": 4})]


async def test_a_word_an_item_holds_is_kept_and_nothing_else_is_guessed() -> None:
    made, _ = await run(TOOLS, SERVER, "flag the lemon sourdough")
    assert writes(made, "list_items") == []


async def test_a_word_of_no_kind_is_never_dropped_to_find_one() -> None:
    """ "the lemon baking": "baking" is held by no item, but says no kind of thing: nothing is
    guessed from "lemon" alone."""
    made, _ = await run(TOOLS, SERVER, "flag the lemon baking")
    assert writes(made, "list_items") == []
