"""A read whose description says it lists the kind of item a change acts on ("Get the raw diary
log entries for a date", for `delete_entry(entry_id)`), with no noun of its name shared, is where
that item is looked up by name; an item it does not hold is asked for, and a change of a found
item with nothing to set asks what to set. Each fails on the router before its rule."""

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


UPDATE_ENTRY = tool(
    "update_entry",
    "Update a logged entry; only the fields given change.",
    {"entry_id": {"type": "integer"}, "calories": {"type": "number"}, "meal": {"type": "string"}},
    "entry_id",
)


async def test_a_change_of_a_found_item_with_nothing_to_set_asks_what_to_set() -> None:
    server: Server = {**SERVER, "update_entry": lambda a: {"status": "updated"}}
    made, answer = await run([TOOLS[0], UPDATE_ENTRY], server, "update my porridge entry")
    assert writes(made, "get_diary_log") == []
    question = getattr(answer.items[0], "question", None)
    assert question is not None and "calories" in question.text, answer.text


async def test_an_item_a_listing_only_described_does_not_hold_is_asked_for() -> None:
    made, answer = await run(TOOLS, SERVER, "remove the pancake entry")
    assert writes(made, "get_diary_log") == []
    assert getattr(answer.items[0], "question", None) is not None, answer.text
