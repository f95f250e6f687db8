"""An item found in a listing that holds, under a required parameter's own name, where the item
is kept (`{"board": "work", "id": "login-bug", ...}` for `update_card(board, card_id, ...)`)
gives that parameter its value: the change goes to the board the card is on. Fails on the
router before."""

from __future__ import annotations

from tests.orchestrator.offline.test_write_gate import TEXT, Server, run, tool, writes

CARDS = [
    {"board": "home", "id": "fix-the-fence", "title": "fix the fence", "priority": "low"},
    {"board": "work", "id": "login-bug", "title": "login bug", "priority": "medium"},
]
TOOLS = [
    tool("list_cards", "Cards across all boards", {"board": TEXT}),
    tool(
        "update_card",
        "Change a card in place; priority: high|medium|low",
        {"board": TEXT, "card_id": TEXT, "priority": TEXT, "title": TEXT},
        "board",
        "card_id",
    ),
]
SERVER: Server = {
    "list_cards": lambda a: CARDS,
    "update_card": lambda a: {"id": a["card_id"], "priority": a.get("priority")},
}


async def test_the_found_items_board_is_the_boards_value() -> None:
    made, _ = await run(TOOLS, SERVER, "bump the login bug card to high priority")
    assert writes(made, "list_cards") == [
        ("update_card", {"priority": "high", "card_id": "login-bug", "board": "work"})
    ]


async def test_a_reference_that_names_only_the_board_fills_no_board() -> None:
    made, _ = await run(TOOLS, SERVER, "bump home to high priority")
    assert writes(made, "list_cards") == []
