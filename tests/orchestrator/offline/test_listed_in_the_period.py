"""A period said of a listing that no parameter takes ("what's due next week" where the filter
takes one day) picks the items whose date falls in it: the date field the request names
("due"), else, for a period to come, the one field that holds days to come (never `created_at`).
A month named with no year that has passed this year, or items with no such field, still say the
listing is not filtered. Fails on the router before (it listed everything, saying so)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tests.orchestrator.conftest import ZONE
from tests.orchestrator.offline.test_filtered import run as listed

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=ZONE)  # a Tuesday
MADE = "2026-11-28T10:00:00Z"
TODOS: list[dict[str, Any]] = [
    {"todo_id": "t1", "title": "sell the bike", "due_date": "2026-12-07", "created_at": MADE},
    {"todo_id": "t2", "title": "renew passport", "due_date": "2027-01-04", "created_at": MADE},
    {"todo_id": "t3", "title": "wrap presents", "due_date": None, "created_at": MADE},
    {"todo_id": "t4", "title": "file taxes", "due_date": "2026-12-13", "created_at": MADE},
]


async def run(said: str, todos: list[dict[str, Any]] = TODOS) -> tuple[list[Any], str]:
    return await listed(said, todos, NOW)


async def test_the_items_due_in_the_period_said_are_listed() -> None:
    for said in ("what's due next week", "todos for next week"):
        _, text = await run(said)
        assert "sell the bike" in text and "file taxes" in text, (said, text)
        assert "renew passport" not in text and "wrap presents" not in text, (said, text)
        assert "Not filtered" not in text, text
    _, text = await run("what's due in january 2027")
    assert "renew passport" in text and "sell the bike" not in text, text


async def test_a_period_no_field_is_sure_for_says_the_list_is_whole() -> None:
    _, text = await run("what's due in march")  # which March: this year's has passed
    assert "Not filtered by" in text and "sell the bike" in text, text
    undated = [{k: v for k, v in t.items() if k != "due_date"} for t in TODOS]
    _, text = await run("todos for next week", undated)  # only when each was made
    assert "Not filtered by" in text and "sell the bike" in text, text
