"""A server whose every tool takes one object parameter (`request: {...}`, a pydantic model in
`$defs`): the router sees through it, fills its fields as if they were the tool's own, and sends
them back inside it; calls already made are read by their fields."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition, ToolResultItem, UserMessage
from orchestrator.messages import Item
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls


def wrapped(name: str, description: str, model: str, fields: dict[str, Any], *required: str,
            read_only: bool = False) -> ToolDefinition:  # fmt: skip
    schema = {
        "type": "object",
        "properties": {"request": {"$ref": f"#/$defs/{model}"}},
        "required": ["request"],
        "$defs": {
            "Cuisine": {"type": "string", "enum": ["thai", "italian", "mexican"]},
            model: {
                "type": "object",
                "additionalProperties": False,
                "properties": fields,
                "required": list(required),
            },
        },
    }
    return ToolDefinition(name, description, schema, read_only=read_only)


ADD_RECIPE = wrapped(
    "add_recipe",
    "Save a new recipe to the cookbook",
    "AddRecipeInput",
    {
        "title": {"type": "string", "minLength": 1},
        "servings": {"type": "integer", "minimum": 1},
        "cuisine": {"anyOf": [{"$ref": "#/$defs/Cuisine"}, {"type": "null"}], "default": None},
    },
    "title",
)
LIST_RECIPES = wrapped(
    "list_recipes",
    "List the recipes in the cookbook",
    "ListRecipesInput",
    {"cuisine": {"anyOf": [{"$ref": "#/$defs/Cuisine"}, {"type": "null"}], "default": None}},
    read_only=True,
)
DELETE_RECIPE = wrapped(
    "delete_recipe",
    "Delete a recipe from the cookbook",
    "DeleteRecipeInput",
    {"recipe_id": {"type": "integer"}},
    "recipe_id",
)
TOOLS = [ADD_RECIPE, LIST_RECIPES, DELETE_RECIPE]


async def turn(*history: Item) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", list(history), TOOLS))


async def test_the_fields_of_the_one_object_parameter_are_filled_and_sent_inside_it() -> None:
    step = await turn(
        UserMessage("add a recipe called Spaghetti Carbonara, 4 servings, cuisine italian")
    )
    assert calls(step) == [
        (
            "add_recipe",
            {"request": {"title": "Spaghetti Carbonara", "servings": 4, "cuisine": "italian"}},
        )
    ]
    step = await turn(UserMessage("list my mexican recipes"))
    assert calls(step) == [("list_recipes", {"request": {"cuisine": "mexican"}})]


async def test_a_reference_is_looked_up_through_a_wrapped_listing() -> None:
    request = UserMessage("delete the Carbonara recipe")
    (listed,) = (await turn(request)).tool_calls
    assert listed.name == "list_recipes"
    assert listed.arguments in ({}, {"request": {}})
    found = [{"recipe_id": 3, "title": "Carbonara"}, {"recipe_id": 4, "title": "Risotto"}]
    result = ToolResultItem(listed.call_id, listed.name, json.dumps(found))
    step = await turn(request, listed, result)
    assert calls(step) == [("delete_recipe", {"request": {"recipe_id": 3}})]
