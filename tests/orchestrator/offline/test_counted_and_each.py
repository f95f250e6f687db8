""" "2 of them, 50 each": how many things, and the price of one, for a tool that takes a
quantity and an amount described as one unit's ("Per-unit price"); user trial 22 asked what
"2 50 each" meant. Where the amount is no price of one, "50 each" is not sent as it."""

from __future__ import annotations

from tests.orchestrator.offline._cards import COLLECTION_ADD_SEALED, TOOLS
from tests.orchestrator.offline._routing import calls, tool, turn


async def test_how_many_and_the_price_of_one() -> None:
    made = calls(await turn(TOOLS, "add a sealed ETB of Surging Sparks, 2 of them, 50 each"))
    sealed = {"product_type": "etb", "set_name": "Surging Sparks", "quantity": 2}
    assert made == [(COLLECTION_ADD_SEALED.name, {"params": {**sealed, "acquisition_price": 50}})]


async def test_a_total_is_no_price_of_one() -> None:
    order = tool(
        "add_order",
        "Add an order of items.",
        {
            "item": {"type": "string"},
            "quantity": {"type": "integer"},
            "amount": {"type": "number", "description": "Total paid for the order"},
        },
        "item",
    )
    made = calls(await turn([order], "add an order of mugs, 2 of them, 50 each"))
    assert all("amount" not in args for _, args in made), made
