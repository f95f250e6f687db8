"""A change that names the tags parameter then "to" ("set the dentist todo tag to health") sets
that tag; a function word after the tags' word ("set the tag of the rent todo to bills") is
never a tag. Before, the first read "to health" as part of the todo's name (user trial 12,
t17), and "update tags of dentist todo: health" tagged the todo "of" and renamed it "health"."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

TAGS = {"type": "array", "items": {"type": "string"}, "description": "Tags (replaces existing)"}
LIST = tool("list_todos", "List todo items", {})
UPDATE = tool(
    "update_todo",
    "Update one or more fields of an existing todo item",
    {"todo_id": text("The todo id"), "title": text("Title"), "tags": TAGS},
    "todo_id",
)
TODOS = json.dumps({"todos": [{"todo_id": "t1", "title": "call the dentist", "tags": []}]})
OUTPUTS = {"list_todos": TODOS, "update_todo": "{}"}


async def test_the_tag_after_to_is_set() -> None:
    made = await run_with([LIST, UPDATE], OUTPUTS, "set the dentist todo tag to health")
    assert made[-1] == ("update_todo", {"todo_id": "t1", "tags": ["health"]})


async def test_function_words_are_no_tags() -> None:
    made = await run_with([LIST, UPDATE], OUTPUTS, "update tags of dentist todo: health")
    assert not [args for name, args in made if name == "update_todo" and "of" in args["tags"]]
