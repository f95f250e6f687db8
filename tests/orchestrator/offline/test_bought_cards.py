"""A card bought, said with its set and its number: "I just bought a raw Charizard ex, Obsidian
Flames #125, paid 42 dollars" adds the card (`set_name` the capitalised words right before its
number, after a comma), never the sealed product that needs a type nobody said nor the PSA
lookup whose cert "125" is too short; user trial 22 asked which of the three it was, and put the
set's name in the notes."""

from __future__ import annotations

from tests.orchestrator.offline._cards import COLLECTION_ADD_CARD, TOOLS
from tests.orchestrator.offline._routing import calls, tool, turn

PSA_ADD = tool(
    "tcg_psa_add_to_collection",
    "Look up a PSA cert AND record it in your local collection in one step.",
    {
        "params": {
            "type": "object",
            "properties": {
                "cert_number": {"type": "string", "minLength": 5},
                "acquisition_price": {"type": "number"},
                "acquisition_currency": {"type": "string"},
            },
            "required": ["cert_number"],
        }
    },
    "params",
    server="tcg",
)


async def test_a_card_bought_with_its_set_and_number_is_added() -> None:
    said = "I just bought a raw Charizard ex, Obsidian Flames #125, paid 42 dollars"
    made = calls(await turn([*TOOLS, PSA_ADD], said))
    card = {
        "subject": "Charizard ex",
        "set_name": "Obsidian Flames",
        "card_number": "125",
        "is_graded": False,
        "acquisition_price": 42,
        "acquisition_currency": "USD",
    }
    assert made == [(COLLECTION_ADD_CARD.name, {"params": card})], made
