"""A move to a group that another tool's description says it moves its item to ("Complete a
book, moving it from READING to REVIEW"), that tool taking the same item by its exact
title and no destination of its own, is that tool's: "send dune messiah to review" completes it,
and a board that does more on the way than move it (a review asked for) does it. A move to
any other group is still the move's. Fails on the router before (it moved the book with
`move_book`, skipping the review)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import after_listing, calls
from tests.orchestrator.offline._shelves import COMPLETE, LIST, MOVE

SHELVES = json.dumps(
    {
        "QUEUE": ["The Fifth Season"],
        "READING": ["Dune Messiah"],
        "REVIEW": [],
        "FINISHED": ["Piranesi"],
    }
)
TOOLS = [LIST, MOVE, COMPLETE]


async def test_a_move_to_the_group_a_tool_moves_to_is_that_tool() -> None:
    sent = await after_listing(TOOLS, "send the dune messiah book to review", "list_books", SHELVES)
    assert calls(sent) == [("complete_book", {"title": "Dune Messiah"})]


async def test_a_move_elsewhere_is_still_a_move() -> None:
    moved = await after_listing(
        TOOLS, "move the fifth season book to reading", "list_books", SHELVES
    )
    assert calls(moved) == [
        ("move_book", {"title": "The Fifth Season", "from_shelf": "QUEUE", "to_shelf": "READING"})
    ]
