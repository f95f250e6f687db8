"""A record made of a list the user dictates (user trial 15, r01-r03: three recipes asked back
"I did not understand 200g flour 2 eggs ..."): for a tool that makes a record from its title and
a list of its items, the items are the parts between commas after a colon, a full stop or
"with", each as said (or, for items that are objects, each's name, quantity and unit); each
sentence after them is one step where the tool takes steps; the title is the words naming the
record, never its items. Steps the tool needs and none said are asked for, with the rest
understood; words that fit nothing still ask. Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition
from orchestrator.models import ModelResponse
from tests.orchestrator.offline._routing import calls, integer, string, tool, turn

TEXTS: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
RECIPE = tool(
    "create_recipe",
    "Save a recipe of your own.\n\nArgs:\n    name: Recipe name.\n    ingredients: One line"
    " per ingredient.\n    instructions: The method, one line per step.\n    servings: How many"
    ' it serves.\n    difficulty: How hard it is (e.g. "easy", "medium", "hard").',
    {
        "name": string(),
        "ingredients": TEXTS,
        "instructions": TEXTS,
        "servings": integer(),
        "difficulty": string(),
    },
    "name",
    "ingredients",
    "instructions",
)
PACKING = tool(
    "create_packing_list",
    "Create a packing list for a trip",
    {"name": string(), "items": TEXTS, "notes": string()},
    "name",
    "items",
)
ITEM = {
    "type": "object",
    "properties": {"name": string(), "quantity": {"type": "number"}, "unit": string()},
    "required": ["name"],
}
SHOPPING = tool(
    "create_shopping_list",
    "Create a shopping list",
    {"title": string(), "items": {"type": "array", "items": ITEM}},
    "title",
    "items",
)
TODO = tool("create_todo", "Create a todo", {"title": string()}, "title")
TOOLS: list[ToolDefinition] = [RECIPE, PACKING, SHOPPING, TODO]


async def made(said: str) -> list[tuple[str, dict[str, Any]]]:
    return calls(await turn(TOOLS, said))


async def test_a_recipe_dictated_after_a_colon_is_its_ingredients_then_its_steps() -> None:
    said = (
        "add my grandma's pancake recipe: 200g flour, 2 eggs, 300ml milk, pinch of salt; "
        "whisk and fry in butter. serves 4"
    )
    recipe = {
        "name": "grandma's pancake",
        "ingredients": ["200g flour", "2 eggs", "300ml milk", "pinch of salt"],
        "instructions": ["whisk and fry in butter"],
        "servings": 4,
    }
    assert await made(said) == [("create_recipe", recipe)]


async def test_a_time_inside_a_step_is_the_steps() -> None:
    said = (
        "new recipe: Lentil soup. 250g lentils, 1 carrot, 1 litre stock. Simmer 25 min and blend."
    )
    recipe = {
        "name": "Lentil soup",
        "ingredients": ["250g lentils", "1 carrot", "1 litre stock"],
        "instructions": ["Simmer 25 min and blend"],
    }
    assert await made(said) == [("create_recipe", recipe)]


async def test_steps_not_said_are_asked_for_with_the_rest_understood() -> None:
    said = "add a recipe for aglio e olio, easy, with spaghetti, garlic, olive oil and parsley"
    step: ModelResponse = await turn(TOOLS, said)
    assert calls(step) == [] and "instructions" in step.text, step.text
    assert "spaghetti, garlic, olive oil, parsley" in step.text, step.text
    assert "difficulty easy" in step.text and "name aglio e olio" in step.text


async def test_a_packing_list_holds_each_thing_said() -> None:
    said = "new packing list for Rome: passport, charger, 3 shirts and sunscreen"
    items = ["passport", "charger", "3 shirts", "sunscreen"]
    assert await made(said) == [("create_packing_list", {"name": "Rome", "items": items})]


async def test_items_that_are_objects_take_each_ones_quantity_and_unit() -> None:
    said = "create a shopping list for the party: 2kg potatoes, 6 beers, 500 g of cheese and chips"
    items = [
        {"name": "potatoes", "quantity": 2, "unit": "kg"},
        {"name": "beers", "quantity": 6},
        {"name": "cheese", "quantity": 500, "unit": "g"},
        {"name": "chips"},
    ]
    assert await made(said) == [("create_shopping_list", {"title": "party", "items": items})]


async def test_a_sentence_after_the_list_no_parameter_takes_is_asked_about() -> None:
    step = await turn(TOOLS, "new packing list for Rome: passport, charger. call mum first")
    assert calls(step) == [] and "call mum" in step.text, step.text


async def test_a_list_said_where_nothing_names_the_record_stays_its_title() -> None:
    task = tool(
        "create_task",
        "Create a task with optional subtasks",
        {"title": string(), "subtasks": TEXTS},
        "title",
    )
    step = await turn([task], "add task: buy milk, eggs and bread")
    assert calls(step) == [("create_task", {"title": "buy milk, eggs and bread"})], step.text
