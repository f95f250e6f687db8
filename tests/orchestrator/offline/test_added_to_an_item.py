"""A value added "to the Y item" (or "one", "entry") changes that item; it never makes a new one
named "Y item" (user trial 14: "add the @store context to the birthday present item" wrote a new
todo.txt line "birthday present item @store"). A list is no item: "add milk to the shopping
list" still makes one."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, string, tool

_LIST = {"type": "array", "items": string()}
ADD = tool("add_todo", "Add a todo", {"text": string(), "contexts": _LIST}, "text")
UPDATE = tool(
    "update_todo",
    "Update a todo",
    {"todo_id": string(), "text": string(), "contexts": _LIST},
    "todo_id",
)
LIST = tool("list_todos", "List all todos", {})
TOOLS = [ADD, UPDATE, LIST]
LISTED = json.dumps(
    {"todos": [{"id": "0", "text": "buy birthday present for mom"}, {"id": "1", "text": "gym"}]}
)
OUTPUTS = {"list_todos": LISTED, "update_todo": "ok", "add_todo": "ok"}


@pytest.mark.parametrize(
    "said",
    [
        "add the @store context to the birthday present item",
        "add the @store context to the birthday present entry",
    ],
)
async def test_a_value_added_to_an_item_changes_it(said: str) -> None:
    made = await run_with(TOOLS, OUTPUTS, said)
    assert made[-1][0] == "update_todo" and made[-1][1]["todo_id"] == "0"
    assert made[-1][1]["contexts"] in (["store"], ["@store"]) and len(made[-1][1]) == 2


async def test_an_item_that_is_not_there_is_not_made() -> None:
    empty = {**OUTPUTS, "list_todos": json.dumps({"todos": []})}
    made = await run_with(TOOLS, empty, "add the @store context to the birthday present item")
    assert all(name != "add_todo" for name, _ in made) and "update_todo" not in dict(made)


async def test_added_to_a_list_is_a_new_item() -> None:
    made = await run_with(TOOLS, OUTPUTS, "add milk to the shopping list")
    assert made and made[-1][0] == "add_todo"


async def test_a_past_verb_that_shares_a_stem_with_a_tag_names_no_item() -> None:
    """'learned the word "frugal" while doing my budget, add it as new': "learned" shares its
    stem with an item's project, "learning"; that item had been marked done (user trial 14's
    replay, x05)."""
    complete = tool("complete_todo", "Mark a todo as completed", {"todo_id": string()}, "todo_id")
    rust = {"id": "4", "text": "(C) read chapter 4 of the rust book +learning"}
    passport = {"id": "2", "text": "renew passport +errands @town"}
    rust["projects"], passport["projects"] = ["learning"], ["errands"]
    listed = json.dumps({"todos": [rust, passport]})
    outputs = {"list_todos": listed, "complete_todo": "ok", "add_todo": "ok", "update_todo": "ok"}
    said = 'learned the word "frugal" while doing my budget, add it as new'
    made = await run_with([*TOOLS, complete], outputs, said)
    assert all(name not in ("complete_todo", "update_todo") for name, _ in made), made
