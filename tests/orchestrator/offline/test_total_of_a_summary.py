"""A question of how much was spent in total ("how much have I spent on cards in total") goes
to the tool with no verb of its own whose description says it reports a total ("Cost-basis
summary across the collection ... total cost basis"), though it also gives counts: not to a
listing of the cards, nor to another server's reads, whose `max_total_minutes` is a time, no
amount of money. Fails on the router before (it asked which of the recipe reads was meant)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.orchestrator.offline._routing import calls, integer, text, tool, turn

PRICE: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
TOOLS = [
    tool("find_recipe", "Find recipes.", {"query": text("Words"), "max_total_minutes": integer()}),
    tool("list_pantry", "List what the pantry holds.", {}),
    tool(
        "collection_add_card",
        "Record a card as owned.",
        {"subject": text("Player/character/Pokemon name"), "acquisition_price": PRICE},
        "subject",
    ),
    tool("collection_list", "List cards in the local collection.", {}),
    tool(
        "collection_value",
        "Cost-basis summary across the collection.\n\n"
        "Returns counts (owned / graded / raw / sold) and total cost basis.",
        {},
    ),
]


async def test_a_total_spent_is_asked_of_the_summary() -> None:
    value = TOOLS[-1]
    annotated = replace(value, read_only=True)  # a read by its annotations, no verb of its own
    for tools in (TOOLS, [*TOOLS[:-1], annotated]):
        for said in ("how much have I spent on cards in total", "how much did I spend on cards"):
            assert calls(await turn(tools, said)) == [("collection_value", {})], said
