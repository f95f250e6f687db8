"""A tool that makes a change of its own sense (`pin_recipe`, a verb of a group other than the
plain change) is never the one for a request that says no word of that sense: "add a note to
the pancake recipe: ..." is no pin, though `pin_recipe` takes a note (trial 15's r18 pinned the
recipe). Said by its verb, it goes on. Fails on the router before (it pinned the recipe)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import integer, run_with, text, tool

LIST = tool("list_recipes", "List the recipes", {})
PIN = tool(
    "pin_recipe",
    "Pin a recipe to the cook-next board.",
    {"recipe_id": integer(), "note": text("Optional note")},
    "recipe_id",
)
TOOLS = [LIST, PIN]
OUTPUTS = {
    "list_recipes": json.dumps(
        {"recipes": [{"id": 1, "title": "pancakes"}, {"id": 2, "title": "soup"}]}
    ),
    "pin_recipe": json.dumps({"ok": True}),
}


async def test_a_note_added_is_no_pin() -> None:
    made = await run_with(TOOLS, OUTPUTS, "add a note to the pancake recipe: use buttermilk")
    assert not [name for name, _ in made if name == "pin_recipe"], made


async def test_said_by_its_verb_it_goes_on() -> None:
    made = await run_with(TOOLS, OUTPUTS, "pin the soup, note: for sunday")
    assert [n for n, _ in made] == ["list_recipes", "pin_recipe"], made
