"""A bookshelf board the offline router's tests share: books named by their exact titles,
listed grouped by shelf, moved between shelves, and completed by a tool whose description says
where it moves the book (from READING to REVIEW)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import text, tool

__all__ = ["COMPLETE", "LIST", "MOVE"]

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
COMPLETE = tool(
    "complete_book",
    "Complete a book, moving it from READING to REVIEW, where its notes are checked.\n\nArgs:\n"
    "    title: Exact title of the book currently in READING.",
    {"title": text("")},
    "title",
)
