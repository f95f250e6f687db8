"""A task said where no tool keeps tasks and one keeps todos ("add a high priority task to renew
my passport by dec 15") is a todo, and "task" is no word of its title. Before, the todo tool and
an expense tool tied on the verb "add" and the router asked which (user trial 11, T03). Where a
tool keeps tasks, "task" still means that tool."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline._chores import TRIAL
from tests.orchestrator.offline._routing import calls, text, tool, turn

CREATE_TASK = tool(
    "create_task", "Create a task in a project", {"title": text("Task title")}, "title"
)


async def test_a_task_is_a_todo_where_only_todos_are_kept() -> None:
    ((name, arguments),) = calls(
        await turn(TRIAL, "add a high priority task to renew my passport by dec 15")
    )
    assert name == "create_todo"
    assert arguments["title"] == "renew my passport"
    assert arguments["priority"] == "high" and arguments["due_date"].endswith("-12-15")


@pytest.mark.parametrize("said", ["add a task: call mum", "new task call mum"])
async def test_the_word_task_is_not_in_the_title(said: str) -> None:
    assert calls(await turn(TRIAL, said)) == [("create_todo", {"title": "call mum"})]


async def test_a_task_goes_to_the_tool_that_keeps_tasks() -> None:
    assert calls(await turn([*TRIAL, CREATE_TASK], "add a task: call mum")) == [
        ("create_task", {"title": "call mum"})
    ]
