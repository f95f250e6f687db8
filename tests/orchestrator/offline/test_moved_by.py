"""A move to a group that another tool's description says it moves its item to ("Complete a
book, moving it from READING to REVIEW"), that tool taking the same item by its exact
title and no destination of its own, is that tool's: "send dune messiah to review" completes it,
and a board that does more on the way than move it (a review asked for) does it. A move to
any other group is still the move's. Fails on the router before (it moved the book with
`move_book`, skipping the review)."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool

LIST = tool(
    "list_books",
    "List the books on the shelves.\n\nArgs:\n    shelf: Optional shelf filter (QUEUE, READING,"
    " REVIEW, FINISHED).",
    {"shelf": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}},
)
MOVE = tool(
    "move_book",
    "Move a book from one shelf to another.\n\nArgs:\n    title: Exact title of the book to move\n"
    "    from_shelf: Source shelf\n    to_shelf: Destination shelf",
    {"title": text(""), "from_shelf": text(""), "to_shelf": text("")},
    "title",
    "from_shelf",
    "to_shelf",
)
SUBMIT = tool(
    "complete_book",
    "Complete a book, moving it from READING to REVIEW, where its notes are checked.\n\nArgs:\n"
    "    title: Exact title of the book currently in READING.",
    {"title": text("")},
    "title",
)
SHELVES = json.dumps(
    {
        "QUEUE": ["The Fifth Season"],
        "READING": ["Dune Messiah"],
        "REVIEW": [],
        "FINISHED": ["Piranesi"],
    }
)
TOOLS = [LIST, MOVE, SUBMIT]


async def _after_listing(tools: list[ToolDefinition], said: str) -> ModelResponse:
    """The turn of ``said`` once the one listing it asked for came back with the shelves."""
    request = UserMessage(said)
    first = await OfflineRouter().respond(ModelRequest("", [request], tools))
    assert calls(first) == [("list_books", {})]
    (call,) = first.tool_calls
    history = [
        request,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, SHELVES),
    ]
    return await OfflineRouter().respond(ModelRequest("", history, tools))


async def test_a_move_to_the_group_a_tool_moves_to_is_that_tool() -> None:
    sent = await _after_listing(TOOLS, "send the dune messiah book to review")
    assert calls(sent) == [("complete_book", {"title": "Dune Messiah"})]


async def test_a_move_elsewhere_is_still_a_move() -> None:
    moved = await _after_listing(TOOLS, "move the fifth season book to reading")
    assert calls(moved) == [
        ("move_book", {"title": "The Fifth Season", "from_shelf": "QUEUE", "to_shelf": "READING"})
    ]
