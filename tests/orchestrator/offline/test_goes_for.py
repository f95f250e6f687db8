"""The words that say where a tool moves its item, its description saying it moves it there
("Complete a book, moving it from READING to REVIEW"), said after "for" or "to" ("send it for
review"), are that tool's, no part of the item's name: "the dune messiah book is done, send it
for review" completes "Reread Dune Messiah". Fails on the router before (no book matched "dune
messiah it for review")."""

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
        "READING": ["Reread Dune Messiah"],
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


async def test_where_the_tool_moves_it_is_no_part_of_the_name() -> None:
    sent = await _after_listing(TOOLS, "the dune messiah book is done, send it for review")
    assert calls(sent) == [("complete_book", {"title": "Reread Dune Messiah"})]
