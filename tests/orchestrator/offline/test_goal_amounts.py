"""Money said spent is never a goal: "I bought a Paldean Fates booster box for 140 EUR" records
the sealed product bought at that price, never a watchlist entry whose target price is 140 (user
trial 22's wrong write: the watchlist's "target buy price" read as the purchase's verb)."""

from __future__ import annotations

from tests.orchestrator.offline._cards import COLLECTION_ADD_SEALED, TOOLS
from tests.orchestrator.offline._routing import calls, turn


async def test_a_purchase_is_recorded_never_made_a_target_price() -> None:
    made = calls(await turn(TOOLS, "I bought a Paldean Fates booster box for 140 EUR"))
    sealed = {
        "product_type": "booster_box",
        "set_name": "Paldean Fates",
        "acquisition_price": 140,
        "acquisition_currency": "EUR",
    }
    assert made == [(COLLECTION_ADD_SEALED.name, {"params": sealed})], made
