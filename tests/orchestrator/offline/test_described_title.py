"""A create tool's one required text, described as what the record is ("Free-form description:
'Charizard ex SIR — Surging Sparks'"), is its title, though it is not named so
(`card_descriptor`); a clause that says why (", I think it'll rise after rotation") goes to the
field described as the reason ("Why you want this card."); a number said as a ceiling ("want it
under 180") to the field described as one ("Buy below this price."); "watch X" puts X on the
watchlist. Fails on the router before (it asked for the descriptor the request gave, or listed
the watchlist)."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, text, tool, turn

WATCH = tool(
    "watchlist_add",
    "Add a card to the watchlist with a target buy price + thesis.",
    {
        "card_descriptor": text(
            "Free-form description: 'Charizard ex SIR — Surging Sparks'.", minLength=1
        ),
        "horizon": {"type": "string", "enum": ["flip", "hold", "sealed"], "default": "hold"},
        "target_price": {
            "anyOf": [{"type": "number", "minimum": 0}, {"type": "null"}],
            "default": None,
            "description": "Buy below this price.",
        },
        "target_currency": {"type": "string", "default": "USD", "minLength": 3, "maxLength": 3},
        "thesis": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Why you want this card.",
        },
    },
    "card_descriptor",
)
LIST: Any = tool("watchlist_list", "List watchlist entries.", {})


async def test_a_described_text_is_the_title_and_a_reason_goes_to_its_field() -> None:
    said = (
        "put Charizard ex from Obsidian Flames on my watchlist, target $60, "
        "I think it'll rise after rotation"
    )
    assert calls(await turn([WATCH, LIST], said)) == [
        (
            "watchlist_add",
            {
                "target_currency": "USD",
                "target_price": 60,
                "thesis": "I think it'll rise after rotation",
                "card_descriptor": "Charizard ex from Obsidian Flames",
            },
        )
    ]


async def test_watch_puts_it_on_the_watchlist_under_a_ceiling() -> None:
    said = "watch Lugia V alt art Silver Tempest, want it under 180"
    assert calls(await turn([WATCH, LIST], said)) == [
        (
            "watchlist_add",
            {"target_price": 180, "card_descriptor": "Lugia V alt art Silver Tempest"},
        )
    ]
