"""Of two tools that make the same kind of thing (`collection_add_card` beside
`collection_add_sealed` and `collection_add_graded`), the one that can be called with what the
request says, when the one ranked first needs a value nobody said (a sealed product's type, a
grading cert's number): "add a 1999 Base Set Charizard #4 to my collection, raw, paid $250" is
a card. Its name goes to the field whose description says it names the thing ("Player/character/
Pokemon name"), each value to the field its shape fits ("#4", "1999", "Base Set", "raw"). When
no twin can go on, the router asks for exactly what is missing. Fails on the router before (it
asked for the sealed product's type)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, string, text, tool, turn

PRICE: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
FLAG = {"type": "boolean", "default": False}
CARD = tool(
    "collection_add_card",
    "Record a card as owned in the local collection.",
    {
        "is_graded": {**FLAG, "description": "True for graded slabs."},
        "year": string(),
        "set_name": string(),
        "card_number": string(),
        "subject": text("Player/character/Pokemon name", minLength=1),
        "acquisition_price": PRICE,
    },
    "subject",
)
SEALED = tool(
    "collection_add_sealed",
    "Record sealed product as owned.",
    {
        "product_type": {"type": "string", "enum": ["etb", "booster_box", "tin"]},
        "set_name": text("Set name, e.g. 'Surging Sparks'", minLength=1),
        "acquisition_price": PRICE,
    },
    "product_type",
    "set_name",
)
GRADED = tool(
    "collection_add_graded",
    "Look up a grading cert and record it in your collection in one step.",
    {"cert_number": {"type": "string", "minLength": 4}, "acquisition_price": PRICE},
    "cert_number",
)
TOOLS = [GRADED, CARD, SEALED]


async def test_a_card_goes_to_the_twin_its_values_fit() -> None:
    said = "add a 1999 Base Set Charizard #4 to my collection, raw, paid $250"
    assert calls(await turn(TOOLS, said)) == [
        (
            "collection_add_card",
            {
                "card_number": "4",
                "year": "1999",
                "acquisition_price": 250,
                "set_name": "Base Set",
                "is_graded": False,
                "subject": "Charizard",
            },
        )
    ]


async def test_a_sealed_product_said_goes_to_its_own_tool() -> None:
    said = "add a booster box of Surging Sparks, sealed, paid 150"
    assert calls(await turn(TOOLS, said)) == [
        (
            "collection_add_sealed",
            {"acquisition_price": 150, "product_type": "booster_box", "set_name": "Surging Sparks"},
        )
    ]


async def test_a_card_with_no_name_is_asked_for_its_name() -> None:
    response = await turn(TOOLS, "add a card to my collection")
    assert not response.tool_calls
    assert "subject" in response.text
