"""Text added to an item's text ("add sunscreen to the packing memo"), by a change that replaces
the text whole, keeps what the item holds and gains the words added, joined as its entries are
("passport; charger" -> "passport; charger; sunscreen"), the item named after "to". Fails on the
router before (no memo matched "sunscreen to the packing")."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

MEMOS = tool("list_memos", "List recent memos, newest first.", {})
EDIT = tool(
    "edit_memo",
    "Update a memo's title and/or body. At least one of title/body must be given.",
    {
        "memo_id": {"type": "integer"},
        "title": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "body": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    },
    "memo_id",
)
OUTPUTS = {
    "list_memos": json.dumps(
        {
            "memos": [
                {"id": 1, "title": "Packing", "body": "passport; charger"},
                {"id": 2, "title": "Groceries", "body": "eggs, milk"},
            ]
        }
    ),
    "edit_memo": json.dumps({"id": 1}),
}


async def test_the_added_words_join_the_text_it_holds() -> None:
    made = await run_with([MEMOS, EDIT], OUTPUTS, "add sunscreen to the packing memo")
    assert made[-1] == ("edit_memo", {"memo_id": 1, "body": "passport; charger; sunscreen"})
    made = await run_with([MEMOS, EDIT], OUTPUTS, "add 'oat milk' to my groceries memo")
    assert made[-1] == ("edit_memo", {"memo_id": 2, "body": "eggs, milk, oat milk"})
