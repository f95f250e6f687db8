"""An order closing a request whose pronoun points back at the clause before it ("Leo Martin
plays the cello, make a note of that", "booked the dentist, tick it off") is the action, and
none of its words is the content: the fact written is the clause before ("plays the cello"),
where before "a note of that" was written with it. A request that opens with an order of its
own is not read so. Over schemas of its own."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, text, tool
from tests.orchestrator.offline.test_first_name import TOOLS, _book

TODOS = [
    tool("list_todos", "List the todos.", {}),
    tool(
        "update_todo",
        "Update a todo: its text or its status.",
        {
            "todo_id": text("The todo id"),
            "text": text("New text"),
            "status": {"type": "string", "enum": ["open", "done"]},
        },
        "todo_id",
    ),
]
LISTED = json.dumps([{"id": "1", "text": "Book the dentist", "status": "open"}])


@pytest.mark.parametrize(
    "said",
    [
        "Leo Martin plays the cello, make a note of that",
        "Leo Martin plays the cello, remember that",
        "Leo Martin plays the cello, jot it down",
    ],
)
async def test_the_order_is_no_part_of_the_fact(said: str) -> None:
    made = await run_with(TOOLS, _book("Leo Martin", "Priya Shah"), said)
    assert made[-1] == (
        "add_node_facts",
        {"entries": [{"nodeName": "Leo Martin", "facts": ["plays the cello"]}]},
    )


async def test_a_split_phrasal_order_acts_on_the_clause_before() -> None:
    outputs = {"list_todos": LISTED, "update_todo": "ok"}
    made = await run_with(TODOS, outputs, "booked the dentist, tick it off")
    assert made[-1] == ("update_todo", {"todo_id": "1", "status": "done"})
