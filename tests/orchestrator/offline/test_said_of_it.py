"""A request with no verb of ours whose last clause opens with the first word of a tool's name
and "it" ("dune messiah reads well, accept it") is that tool's, and "it" is the item the clause
before names by its first words (no listed name holds the words said of it after them). Fails
on the router before (it was not sure what to do)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

LIST = tool(
    "list_books",
    "List the books on the shelves.\n\nArgs:\n    shelf: Optional shelf filter (QUEUE, READING,"
    " REVIEW, FINISHED).",
    {"shelf": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}},
)
ACCEPT = tool(
    "accept_finished",
    "Accept a book in REVIEW, moving it to FINISHED.\n\nArgs:\n"
    "    title: Exact title of the book currently in REVIEW.",
    {"title": text("")},
    "title",
)
OUTPUTS = {
    "list_books": json.dumps(
        {
            "QUEUE": ["The Fifth Season"],
            "READING": [],
            "REVIEW": ["Reread Dune Messiah"],
            "FINISHED": ["Piranesi"],
        }
    ),
    "accept_finished": json.dumps({"success": True}),
}


async def test_the_clause_before_names_what_it_is() -> None:
    made = await run_with([LIST, ACCEPT], OUTPUTS, "dune messiah reads well, accept it")
    assert made[-1] == ("accept_finished", {"title": "Reread Dune Messiah"})


async def test_words_a_name_holds_are_no_remark() -> None:
    made = await run_with([LIST, ACCEPT], OUTPUTS, "dune messiah season, accept it")
    assert all(name != "accept_finished" for name, _ in made)
