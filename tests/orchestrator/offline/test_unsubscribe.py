"""To unsubscribe from a thing is to remove it (lexicon: a verb of deleting): "unsubscribe from
Morning Brew" removes the newsletter listed so, found by its name; one that is not listed is
not removed. Fails on the router before (it was not sure what to do)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

LETTERS = tool("list_newsletters_tool", "List all newsletters with issue counts.", {})
REMOVE = tool(
    "delete_newsletter_tool",
    "Remove a newsletter and all its issues.\n\nArgs:\n    newsletter_id: Newsletter ID",
    {"newsletter_id": {"type": "integer", "minimum": 1}},
    "newsletter_id",
)
OUTPUTS = {
    "list_newsletters_tool": json.dumps(
        [{"id": 3, "title": "Morning Brew"}, {"id": 4, "title": "Money Stuff"}]
    ),
    "delete_newsletter_tool": json.dumps({"deleted": True}),
}


async def test_unsubscribing_removes_the_listed_one() -> None:
    made = await run_with([LETTERS, REMOVE], OUTPUTS, "unsubscribe from Morning Brew")
    assert made[-1] == ("delete_newsletter_tool", {"newsletter_id": 3})


async def test_one_not_listed_is_not_removed() -> None:
    made = await run_with([LETTERS, REMOVE], OUTPUTS, "unsubscribe me from The Verge")
    assert [name for name, _ in made] == ["list_newsletters_tool"]
