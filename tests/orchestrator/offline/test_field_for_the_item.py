"""A field and one of its values said first, with no verb, then the item they are for
("priority high for the landlord email", "status blocked for the roof repair") is a change of
that item, found by listing, never a read: before, the router asked whether a listing, a search
or an email tool was meant. A value the field does not list, or no item after it, is no change.
Over schemas of their own."""

from __future__ import annotations

import json
from typing import Any

from tests.orchestrator.offline._routing import run_with, tool

_S: dict[str, Any] = {"type": "string"}
_LEVELS: dict[str, Any] = {"type": "string", "enum": ["low", "normal", "urgent"]}
_STATES: dict[str, Any] = {"type": "string", "enum": ["open", "blocked", "closed"]}
BOARD = [
    tool("list_cards", "List the cards on the board", {}),
    tool(
        "update_card",
        "Update a card",
        {"card_id": _S, "priority": _LEVELS, "status": _STATES},
        "card_id",
    ),
    tool("search_mail", "Search emails", {"query": _S}, "query"),
]
CARDS = json.dumps(
    {
        "cards": [
            {"id": "c1", "title": "Email the landlord about the heating", "priority": "low"},
            {"id": "c2", "title": "Roof repair quote", "status": "open"},
        ]
    }
)
OUTPUTS = {"list_cards": CARDS, "update_card": "ok", "search_mail": "[]"}


async def test_a_field_value_for_an_item_changes_it() -> None:
    made = await run_with(BOARD, OUTPUTS, "priority urgent for the landlord email")
    assert made[-1] == ("update_card", {"card_id": "c1", "priority": "urgent"})


async def test_a_state_for_an_item_changes_it() -> None:
    made = await run_with(BOARD, OUTPUTS, "status blocked for the roof repair")
    assert made[-1] == ("update_card", {"card_id": "c2", "status": "blocked"})


async def test_a_value_the_field_does_not_list_changes_nothing() -> None:
    made = await run_with(BOARD, OUTPUTS, "priority sky-high for the landlord email")
    assert all(name != "update_card" for name, _ in made)


async def test_no_item_named_changes_nothing() -> None:
    made = await run_with(BOARD, OUTPUTS, "priority urgent for the garden shed")
    assert all(name != "update_card" for name, _ in made)


async def test_a_field_value_for_a_container_is_a_filter() -> None:
    filtered = tool("list_cards", "List cards", {"project": _S, "status": _STATES})
    cards = json.dumps({"cards": [{"id": "c3", "title": "Roof repair project", "status": "open"}]})
    outputs = {**OUTPUTS, "list_cards": cards}
    made = await run_with([filtered, *BOARD[1:]], outputs, "status blocked for the roof project")
    assert all(name != "update_card" for name, _ in made)
