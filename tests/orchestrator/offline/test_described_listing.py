"""A read whose description says it lists the kind of item a change acts on ("Get the raw diary
log entries for a date", for `delete_entry(entry_id)`), with no noun of its name shared, is where
that item is looked up by name. Fails on the router before."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline.test_write_gate import Server, run, tool, writes

DAY: dict[str, Any] = {"type": "string", "default": ""}
ENTRIES = {
    "date": "2026-03-02",
    "entries": [
        {"id": 7, "meal": "breakfast", "food": "porridge", "calories": 300},
        {"id": 8, "meal": "lunch", "food": "lentil soup", "calories": 420},
    ],
}
TOOLS = [
    tool("get_diary_log", "Get the raw diary log entries for a date.", {"log_date": DAY}),
    tool("delete_entry", "Delete a logged entry.", {"entry_id": {"type": "integer"}}, "entry_id"),
]
SERVER: Server = {
    "get_diary_log": lambda a: ENTRIES,
    "delete_entry": lambda a: {"status": "deleted", "entry_id": a["entry_id"]},
}


async def test_the_item_is_looked_up_in_the_read_described_as_listing_it() -> None:
    made, _ = await run(TOOLS, SERVER, "remove the porridge entry")
    assert writes(made, "get_diary_log") == [("delete_entry", {"entry_id": 7})]
