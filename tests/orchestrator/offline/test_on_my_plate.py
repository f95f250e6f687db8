"""What is on one's plate is what one has to do (lexicon NOUN_KIN: "plate" for a task or a
todo): "what's on my plate?" reads the tasks, not the contacts beside them (fails on the router
before: it was not sure what to do)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, tool, turn

TASKS = tool("list_tasks", "List open tasks, soonest first.", {})
CONTACTS = tool("list_contacts", "List the contacts in the address book.", {})
TODOS = tool("show_todos", "Show the todo list.", {})


async def test_on_my_plate_is_my_tasks() -> None:
    assert calls(await turn([TASKS, CONTACTS], "what's on my plate?")) == [("list_tasks", {})]
    assert calls(await turn([TODOS, CONTACTS], "anything on my plate today?")) == [
        ("show_todos", {})
    ]
