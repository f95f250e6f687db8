"""Several records in one request ("add 3 reminders: a, b and c"): a record each, written one a
turn, only when the count said matches the items and every item alone would be written at
once; otherwise nothing is written and the request is asked about whole."""

from __future__ import annotations

from typing import Any

from orchestrator.offline._several import split_several
from tests.orchestrator.offline.test_write_gate import (
    TEXT,
    Server,
    asks,
    nullable,
    question_text,
    run,
    tool,
)

LEVEL = {"type": "string", "enum": ["low", "normal", "urgent"]}
NEW_REMINDER = tool(
    "new_reminder", "Create a reminder.", {"text": TEXT, "level": nullable(LEVEL)}, "text"
)
NEW_CARD = tool("new_card", "Create a card on the board.", {"title": TEXT}, "title")


def counter() -> Server:
    made: list[dict[str, Any]] = []

    def create(args: dict[str, Any]) -> dict[str, Any]:
        made.append(args)
        return {"id": len(made), **args}

    return {"new_reminder": create, "new_card": create}


def test_the_items_of_a_counted_list_are_each_a_request() -> None:
    assert split_several("make 3 reminders: feed the cat, water the ferns and post the parcel") == (
        "make reminder: feed the cat",
        "make reminder: water the ferns",
        "make reminder: post the parcel",
    )
    assert split_several("create four cards: a, b, and c") is None  # three items, not four
    assert split_several("create a card: feed the cat, water the ferns") is None  # one record
    assert split_several("put these cards on the board:\n- login page\n* pricing") == (
        "put card on the board: login page",
        "put card on the board: pricing",
    )
    assert split_several("remind me at 10:30 to call Bo") is None


async def test_a_counted_list_makes_a_record_of_each_item_in_turn() -> None:
    said = "make 3 reminders: feed the cat, water the ferns, and post the parcel"
    made, answer = await run([NEW_REMINDER], counter(), said)
    assert made == [
        ("new_reminder", {"text": "feed the cat"}),
        ("new_reminder", {"text": "water the ferns"}),
        ("new_reminder", {"text": "post the parcel"}),
    ]
    assert all(label in question_text(answer) for label in ("cat", "ferns", "parcel"))


async def test_items_one_a_line_after_these_are_a_record_each() -> None:
    said = "add these cards:\n- redo the login page\n- fix the pricing table"
    made, _ = await run([NEW_CARD], counter(), said)
    assert made == [
        ("new_card", {"title": "redo the login page"}),
        ("new_card", {"title": "fix the pricing table"}),
    ]


async def test_nothing_is_written_when_one_item_would_be_asked_about() -> None:
    said = "make 2 reminders: feed the cat, and call the vet about it"  # "it": which?
    made, answer = await run([NEW_REMINDER], counter(), said)
    assert made == [] and asks(answer)
    made, answer = await run([NEW_REMINDER], counter(), "make 3 reminders: feed the cat, call Bo")
    assert made == [] and asks(answer)  # three said, two given
