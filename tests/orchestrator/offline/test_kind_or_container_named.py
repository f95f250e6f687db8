"""The kind of record a request says it makes ("... as a secret", "... as a snippet") or the
container it says the thing goes into ("add eggs to the pantry") picks the tool, over tools that
share no more than a proper noun with it (PSA) or a verb ("add"), and the values land in their
fields: the secret's field named before the colon, a link as a snippet's text, a thing and its
count as an item of a list whose keys only the description names, the thing put into a list as
its item (user trial 15: x08, x03, x01, r09). Each failed on the router before: it asked which
tool, searched the recipes, or asked for the item said."""

from __future__ import annotations

from typing import Any

from tests.orchestrator.offline._routing import calls, text, tool, turn
from tests.orchestrator.offline.test_asking import question_of

SECRET = tool(
    "save_secret",
    "Save an encrypted secret under a category.",
    {
        "category": text("Category folder, e.g. 'aws'."),
        "title": text("Human-readable title."),
        "fields": {
            "type": "object",
            "description": "Key/value secret material (username, password, token).",
            "additionalProperties": {"type": "string"},
        },
    },
    "category",
    "title",
    "fields",
)
SNIPPET = tool(
    "save_snippet",
    "Save a plaintext snippet as Markdown.",
    {
        "folder": text("Folder to keep it in."),
        "title": text("Human-readable title."),
        "body": text("The snippet's text."),
    },
    "folder",
    "title",
    "body",
)
GRADED = tool(
    "psa_add_to_collection",
    "Look up a PSA cert and record it in your collection.",
    {"cert_number": text("The PSA cert number.")},
    "cert_number",
)
LIST: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
RECIPE = tool(
    "add_recipe",
    "Add a recipe to the cookbook.",
    {"title": text("Recipe title."), "ingredients": LIST, "steps": LIST},
    "title",
    "ingredients",
    "steps",
)
PANTRY = tool(
    "update_pantry",
    "Update pantry contents. Add or remove ingredients.\n\n    Args:\n"
    "        additions: List of dicts with keys: ingredient (key), quantity, unit.\n"
    "        location: Storage location (fridge, freezer, pantry, garden).\n",
    {
        "additions": {"type": "array", "items": {"type": "object", "additionalProperties": True}},
        "location": {"type": "string", "default": "fridge"},
    },
)
TODO = tool("create_todo", "Create a new todo item.", {"title": text("The todo's title.")}, "title")
SHOPPING = tool(
    "generate_shopping_list",
    "Generate a shopping list from recipes.",
    {"recipe_ids": {"type": "array", "items": {"type": "integer"}}},
)
TOOLS = [SECRET, SNIPPET, GRADED, RECIPE, PANTRY, TODO, SHOPPING]


async def test_the_kind_said_after_as_is_the_record_made() -> None:
    said = "store my PSA account password as a secret: hunter2-psa"
    question = question_of(await turn(TOOLS, said))
    assert question.about == "save_secret" and list(question.fields) == ["category"]
    assert "fields password hunter2-psa" in question.text, question.text
    assert "title PSA account password" in question.text, question.text


async def test_a_link_saved_as_a_snippet_is_its_text() -> None:
    said = "save the pancake recipe link https://example.com/pancakes as a snippet"
    question = question_of(await turn(TOOLS, said))
    assert question.about == "save_snippet" and list(question.fields) == ["folder"]
    assert "body https://example.com/pancakes" in question.text, question.text
    assert "title pancake recipe link" in question.text, question.text


async def test_a_thing_put_into_the_container_said_is_its_item() -> None:
    def added(*items: dict[str, Any], **more: Any) -> list[tuple[str, dict[str, Any]]]:
        return [("update_pantry", {**more, "additions": list(items)})]

    eggs = {"ingredient": "eggs"}
    assert calls(await turn(TOOLS, "add eggs to the pantry, 12")) == added({**eggs, "quantity": 12})
    assert calls(await turn(TOOLS, "add eggs, 6 of them, to the pantry in the fridge")) == added(
        {**eggs, "quantity": 6}, location="fridge"
    )
    assert calls(await turn(TOOLS, "add 12 eggs to the pantry")) == added({**eggs, "quantity": 12})
    assert calls(await turn(TOOLS, "add eggs to the pantry")) == added(eggs)


async def test_a_count_of_no_one_thing_is_asked_about() -> None:
    """ "eggs and milk ..., 12": which is 12? Nothing is written."""
    assert calls(await turn(TOOLS, "add eggs and milk to the pantry, 12")) == []


async def test_the_container_is_named_by_its_kind_not_by_the_word_list() -> None:
    """ "my todo list": the todos', not the shopping list's for its word "list" (the router
    asked which of the two before)."""
    assert calls(await turn(TOOLS, "add eggs to my todo list")) == [
        ("create_todo", {"title": "eggs"})
    ]


async def test_what_is_put_into_the_list_said_is_its_item() -> None:
    """ "add milk to my shopping list": milk is the item its one text takes (asked for before,
    "milk" left over); two things joined are no one item's name, asked for."""
    shop = tool(
        "add_to_shopping_list",
        "Add an item to the shopping list.",
        {"item": text("The item."), "quantity": {"type": "integer"}},
        "item",
    )
    assert calls(await turn([TODO, shop], "add milk to my shopping list")) == [
        ("add_to_shopping_list", {"item": "milk"})
    ]
    assert calls(await turn([TODO, shop], "add oat milk to my shopping list, 2")) == [
        ("add_to_shopping_list", {"item": "oat milk", "quantity": 2})
    ]
    assert calls(await turn([TODO, shop], "add oat milk and eggs to my shopping list")) == []
    # the kind of thing put in, with no name of one, is no item: "add an item to my shopping list"
    assert calls(await turn([TODO, shop], "add an item to my shopping list")) == []
