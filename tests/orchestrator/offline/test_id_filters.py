"""A read's optional filter by another kind of thing's id (`book_id`, `cuisine_id` of
`list_recipes`) is set when the request names one of those things as their own listing shows it
("the recipes in Thai Street Food": the book listed so), the listings made first; a name said
inside a longer one (the cuisine "Thai" in the book "Thai Street Food") is not named. Fails on
the router before (it read every recipe, or asked which tool)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, tool

NULLABLE_ID = {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}], "default": None}
RECIPES = tool(
    "list_recipes_tool",
    "List recipes with optional filters.\n\nArgs:\n    book_id: Filter by book ID\n"
    "    cuisine_id: Filter by cuisine ID",
    {"book_id": NULLABLE_ID, "cuisine_id": NULLABLE_ID},
)
BOOKS = tool("list_books_tool", "List all cookbooks with recipe counts.", {})
CUISINES = tool("list_cuisines_tool", "List all cuisines with recipe counts.", {})
OUTPUTS = {
    "list_books_tool": [
        {"id": 7, "title": "Thai Street Food", "recipe_count": 40},
        {"id": 8, "title": "Essentials of Italian Cooking", "recipe_count": 90},
    ],
    "list_cuisines_tool": [{"id": 1, "name": "Thai"}, {"id": 2, "name": "Italian"}],
    "list_recipes_tool": [{"id": 3, "title": "Pad see ew"}],
}
TOOLS = [RECIPES, BOOKS, CUISINES]


async def _reads(said: str) -> list[tuple[str, dict[str, object]]]:
    return await run_with(TOOLS, {k: json.dumps(v) for k, v in OUTPUTS.items()}, said)


async def test_a_thing_named_as_listed_sets_the_filter_by_its_id() -> None:
    made = await _reads("anything in essentials of italian cooking?")
    assert made[-1] == ("list_recipes_tool", {"book_id": 8})
    made = await _reads("show me the thai recipes")
    assert made[-1] == ("list_recipes_tool", {"cuisine_id": 1})


async def test_a_name_inside_a_longer_one_names_nothing() -> None:
    made = await _reads("which recipes are in thai street food")
    assert made[-1] == ("list_recipes_tool", {"book_id": 7})
