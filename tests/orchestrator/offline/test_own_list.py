""" "my list" is the to-do list first: "add 'buy toploaders' to my list, tag it cards" makes a
todo tagged cards, neither a project tracker's task nor a card ("tag it cards": its tags, no
noun); user trial 22 asked which of a card, a task and a tag it was."""

from __future__ import annotations

from dataclasses import replace

from tests.orchestrator.offline._cards import TOOLS as CARDS
from tests.orchestrator.offline._projects import TOOLS as PROJECTS
from tests.orchestrator.offline._routing import calls, tool, turn

TAGS = {"type": "array", "items": {"type": "string"}}
CREATE_TODO = tool(
    "create_todo",
    "Create a new todo item with optional due date, priority, and tags",
    {"title": {"type": "string"}, "tags": TAGS},
    "title",
    server="todo",
)


async def test_my_list_is_the_todo_list_and_tag_it_its_tags() -> None:
    tools = [*CARDS, *PROJECTS, replace(CREATE_TODO)]
    made = calls(await turn(tools, "add 'buy toploaders' to my list, tag it cards"))
    assert made == [("create_todo", {"title": "buy toploaders", "tags": ["cards"]})], made
