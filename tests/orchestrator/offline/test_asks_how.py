"""A request that asks how a thing is done, or what doing it would do ("how do I add a todo?",
"what would happen if I delete the dentist todo?"), calls nothing and shows the tools that would
do it; one that says not to do it ("don't add a todo for the gym") does nothing. Before, each
listed the todos and was answered as done (a trial)."""

from __future__ import annotations

import pytest

from orchestrator.messages import AssistantMessage
from tests.orchestrator.offline._routing import calls, text, tool, turn

CREATE = tool("create_todo", "Create a new todo item", {"title": text("The title")}, "title")
DELETE = tool("delete_todo", "Delete a todo item", {"todo_id": text("The todo's id")}, "todo_id")
LIST = tool("list_todos", "List todo items", {})
TOOLS = [CREATE, DELETE, LIST]


@pytest.mark.parametrize(
    ("said", "first"),
    [
        ("how do I add a todo?", "create_todo"),
        ("can you show me how to delete a todo", "delete_todo"),
        ("what would happen if I delete the dentist todo?", "delete_todo"),
    ],
)
async def test_a_question_of_how_calls_nothing_and_shows_what_would(said: str, first: str) -> None:
    response = await turn(TOOLS, said)
    assert calls(response) == []
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.refused
    lines = item.text.splitlines()
    assert lines[0] == f"“{said}” asks how, so I did nothing. What would do it:"
    assert lines[1].startswith(f"- {first}, e.g.")


@pytest.mark.parametrize("said", ["don't add a todo for the gym", "Do not delete the dentist todo"])
async def test_a_request_that_says_not_to_does_nothing(said: str) -> None:
    response = await turn(TOOLS, said)
    assert calls(response) == []
    assert response.text == f"“{said}” says not to, so I did nothing."


async def test_how_much_and_how_many_are_still_questions_answered() -> None:
    assert calls(await turn(TOOLS, "how many todos do I have?")) == [("list_todos", {})]


async def test_dont_forget_is_not_a_no() -> None:
    """ "don't forget to call mom" asks for a reminder: not "says not to" (the router does not
    read it as one yet, and says it is not sure instead)."""
    response = await turn(TOOLS, "don't forget to call mom")
    assert "says not to" not in response.text
