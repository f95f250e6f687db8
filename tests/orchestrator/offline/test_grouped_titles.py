"""A tool that names its item by an exact title (`move_book(title, from_shelf, to_shelf)`,
"title: Exact title of the book"), over a listing that groups titles under its filter's values
(`{"READING": ["Dune Messiah"], ...}`): the item is found there by the words said, its title
sent as listed, where it is from its group and where it goes from the group said after "to" or
"in". Fails on the router before (it asked for the title and both shelves)."""

from __future__ import annotations

import json

from orchestrator import AssistantMessage, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import after_listing, calls, text, tool
from tests.orchestrator.offline._shelves import MOVE

LIST = tool(
    "list_books",
    "List the books on the shelves.\n\nArgs:\n    shelf: Optional shelf filter (QUEUE, READING,"
    " FINISHED).",
    {"shelf": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}},
)
REMOVE = tool(
    "remove_book",
    "Remove a book from its shelf.\n\nArgs:\n    title: Exact title of the book to remove\n"
    "    shelf: Shelf holding the book",
    {"title": text(""), "shelf": text("")},
    "title",
    "shelf",
)
SHELVES = json.dumps(
    {
        "QUEUE": ["The Left Hand of Darkness", "The Fifth Season"],
        "READING": ["Dune Messiah"],
        "FINISHED": ["Piranesi"],
    }
)
TOOLS = [LIST, MOVE, REMOVE]


async def test_a_move_finds_the_title_and_both_groups() -> None:
    moved = await after_listing(
        TOOLS, "move the fifth season book to reading", "list_books", SHELVES
    )
    assert calls(moved) == [
        (
            "move_book",
            {"title": "The Fifth Season", "from_shelf": "QUEUE", "to_shelf": "READING"},
        )
    ]
    moved = await after_listing(TOOLS, "move dune messiah into the finished", "list_books", SHELVES)
    assert calls(moved) == [
        ("move_book", {"title": "Dune Messiah", "from_shelf": "READING", "to_shelf": "FINISHED"})
    ]


async def test_a_removal_sends_the_group_the_item_is_in() -> None:
    removed = await after_listing(
        TOOLS, "remove the left hand of darkness book", "list_books", SHELVES
    )
    assert calls(removed) == [
        ("remove_book", {"title": "The Left Hand of Darkness", "shelf": "QUEUE"})
    ]


async def test_a_group_not_said_after_to_is_not_where_it_goes() -> None:
    asked = await after_listing(TOOLS, "move dune messiah, it is finished", "list_books", SHELVES)
    assert calls(asked) == []


async def test_it_after_a_listing_of_one_is_that_title_found_where_it_is() -> None:
    """ "what am I reading?" lists one book; "move it to finished" moves that one, found in the
    whole listing (for the shelf it is on)."""
    request = UserMessage("what am I reading right now?")
    first = await OfflineRouter().respond(ModelRequest("", [request], TOOLS))
    assert calls(first) == [("list_books", {"shelf": "READING"})]
    (call,) = first.tool_calls
    history: list[Item] = [
        request,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, json.dumps({"READING": ["Dune Messiah"]})),
        AssistantMessage("1 book (shelf READING):\n- Dune Messiah"),
        UserMessage("move it to finished"),
    ]
    listing = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert calls(listing) == [("list_books", {})]
    (call,) = listing.tool_calls
    history += [
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, SHELVES),
    ]
    moved = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
    assert calls(moved) == [
        ("move_book", {"title": "Dune Messiah", "from_shelf": "READING", "to_shelf": "FINISHED"})
    ]
