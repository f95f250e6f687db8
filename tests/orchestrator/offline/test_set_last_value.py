"""A change whose last word, after "to" or after the item's noun, is a plain value of one of the
tool's enums ("set the rent todo to high", "make the rent todo high") sets it. Before, "to
high" was read as part of the todo's name and nothing matched (user trial 11, T23). A rename
keeps such a word as the new name."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._chores import TRIAL
from tests.orchestrator.offline._routing import run_with, text, tool

TODOS = json.dumps(
    {"todos": [{"todo_id": "todo_1", "title": "pay the rent", "priority": "medium"}]}
)
OUTPUTS = {"list_todos": TODOS, "update_todo": json.dumps({"todo_id": "todo_1"})}


@pytest.mark.parametrize("said", ["set the rent todo to high", "make the rent todo high"])
async def test_the_last_word_is_the_value_set(said: str) -> None:
    made = await run_with(TRIAL, OUTPUTS, said)
    assert made[-1] == ("update_todo", {"todo_id": "todo_1", "priority": "high"})


async def test_a_rename_to_such_a_word_is_the_new_name() -> None:
    made = await run_with(TRIAL, OUTPUTS, "rename the rent todo to high")
    assert made[-1] == ("update_todo", {"todo_id": "todo_1", "title": "high"})


async def test_so_it_is_for_another_servers_enum() -> None:
    tickets = [
        tool("list_tickets", "List support tickets", {}),
        tool(
            "update_ticket",
            "Change a support ticket",
            {
                "ticket_id": text("Ticket id"),
                "urgency": {"type": "string", "enum": ["low", "normal", "high"]},
            },
            "ticket_id",
        ),
    ]
    listing = json.dumps([{"ticket_id": "T-7", "subject": "login broken", "urgency": "normal"}])
    outputs = {"list_tickets": listing, "update_ticket": "{}"}
    made = await run_with(tickets, outputs, "set the login ticket to low")
    assert made[-1] == ("update_ticket", {"ticket_id": "T-7", "urgency": "low"})
