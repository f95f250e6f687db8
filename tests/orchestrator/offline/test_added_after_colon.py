"""A text added to an item, said after a colon ("add to the sourdough card: use rye flour"), is
added to the item's text, kept as it is, never the item's new title: where the listing shows
the text, the change carries it with the words after it; where it does not, nothing is written
(the router asks). Before, the words were sent as the card's new title. Over schemas of its own.
"""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with
from tests.orchestrator.offline.test_numbered_listing import CARDS, LISTED

SAID = "add to the sourdough card: use rye flour"


async def test_without_the_items_text_nothing_is_written() -> None:
    made = await run_with(CARDS, {"cards_search": LISTED, "cards_update": "ok"}, SAID)
    assert [name for name, _ in made] == ["cards_search"]


async def test_the_added_words_follow_the_items_text() -> None:
    listed = json.dumps(
        [{"id": "c1", "title": "Sourdough starter ratio", "content": "Feed it 1:1:1"}]
    )
    made = await run_with(CARDS, {"cards_search": listed, "cards_update": "ok"}, SAID)
    assert made[-1][0] == "cards_update"
    assert made[-1][1]["card_id"] == "c1"
    assert "title" not in made[-1][1]
    assert made[-1][1]["content"].startswith("Feed it 1:1:1")
    assert made[-1][1]["content"].endswith("use rye flour")
