"""Records named by their titles, for a tool that takes a list of their ids (user trial 15,
r16: "make me a shopping list for the tomato soup and the pancakes" asked back "I did not
understand tomato soup pancakes"): each name is looked up in the listing of them, here a
markdown table ("| ID | Title |"), whose rows are its items, and the list holds their ids in
the order said; a name no record has is said so and nothing is made. The result the tool makes
for the user to read (the list, over lines of its own) is shown. A record named by its title
for one id is found in such a table too, and a score said against its scale ("4 out of 5", "3
stars", r06 and r29) is its rating, no word of its name. Fails on the router before."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import integer, run_with, string, tool

IDS: dict[str, Any] = {"type": "array", "items": {"type": "integer"}}
FIND = tool("find_recipe", "Search your recipes by text", {"query": string()})
SHOPPING = tool(
    "generate_shopping_list",
    "Generate a shopping list by aggregating ingredients from recipes",
    {"recipe_ids": IDS, "group_by": string()},
)
STAR = tool("star_recipe", "Star a recipe", {"recipe_id": integer()}, "recipe_id")
RATE = tool(
    "rate_recipe", "Set your rating of a recipe", {"recipe_id": integer(), "rating": integer()}
)
TOOLS = [FIND, SHOPPING, STAR, RATE]
TABLE = json.dumps(
    {
        "result": "| ID | Title | Minutes |\n|---|---|---|\n| 7 | Tomato soup | 30 |\n"
        "| 9 | Buttermilk pancakes | 20 |\n| 12 | Lentil stew |  |"
    }
)
LIST = json.dumps({"result": "## Shopping List\n- 1 kg tomatoes\n- 2 eggs"})
OUTPUTS = {
    "find_recipe": TABLE,
    "generate_shopping_list": LIST,
    "star_recipe": "{}",
    "rate_recipe": "{}",
}


async def test_each_record_named_is_looked_up_for_its_id() -> None:
    said = "make me a shopping list for the tomato soup and the pancakes"
    made = await run_with(TOOLS, OUTPUTS, said)
    assert made == [("find_recipe", {}), ("generate_shopping_list", {"recipe_ids": [7, 9]})]


async def test_a_name_no_record_has_makes_nothing() -> None:
    said = "make me a shopping list for the tomato soup and the lasagne"
    response = await answer(said)
    assert not response.tool_calls and "No recipe matches “lasagne”" in response.text


async def test_a_record_named_for_one_id_is_found_in_a_table() -> None:
    made = await run_with(TOOLS, OUTPUTS, "star the lentil stew")
    assert made == [("find_recipe", {}), ("star_recipe", {"recipe_id": 12})]


async def test_a_score_said_against_its_scale_rates_the_record_named() -> None:
    made = await run_with(TOOLS, OUTPUTS, "rate the lentil stew 4 out of 5")
    assert made == [("find_recipe", {}), ("rate_recipe", {"recipe_id": 12, "rating": 4})]
    made = await run_with(TOOLS, OUTPUTS, "rate the tomato soup 3 stars")
    assert made == [("find_recipe", {}), ("rate_recipe", {"recipe_id": 7, "rating": 3})]


async def answer(said: str) -> ModelResponse:
    """The router's last response to ``said``, each call it made answered from ``OUTPUTS``."""
    history: list[Item] = [UserMessage(said)]
    for _ in range(3):
        response = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
        for call in response.tool_calls:
            history.append(ToolCallItem(call.call_id, call.name, call.arguments))
            history.append(ToolResultItem(call.call_id, call.name, OUTPUTS[call.name]))
        if not response.tool_calls:
            break
    return response


async def test_the_list_made_is_shown() -> None:
    response = await answer("make me a shopping list for the tomato soup")
    assert "- 1 kg tomatoes\n- 2 eggs" in response.text, response.text
