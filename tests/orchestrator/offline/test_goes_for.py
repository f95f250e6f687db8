"""The words that say where a tool moves its item, its description saying it moves it there
("Complete a book, moving it from READING to REVIEW"), said after "for" or "to" ("send it for
review"), are that tool's, no part of the item's name: "the dune messiah book is done, send it
for review" completes "Reread Dune Messiah". Fails on the router before (no book matched "dune
messiah it for review")."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import after_listing, calls
from tests.orchestrator.offline._shelves import COMPLETE, LIST, MOVE

SHELVES = json.dumps(
    {
        "QUEUE": ["The Fifth Season"],
        "READING": ["Reread Dune Messiah"],
        "REVIEW": [],
        "FINISHED": ["Piranesi"],
    }
)
TOOLS = [LIST, MOVE, COMPLETE]


async def test_where_the_tool_moves_it_is_no_part_of_the_name() -> None:
    sent = await after_listing(
        TOOLS, "the dune messiah book is done, send it for review", "list_books", SHELVES
    )
    assert calls(sent) == [("complete_book", {"title": "Reread Dune Messiah"})]
