"""An item named by its place in the list shown before ("mark the first one as done") is that
listing's, and so its server's: a tool of that server acts on it, never one of another server
whose own listing was not shown, which would get an id it does not know; so is the record "it"
names, for the tools that act on a record by its id. Trial 16, t07: after the todos were
listed, the router sent the first todo's id to the people server's `complete_reminder`; t05:
"make it high priority", after a todo was made, asked whether the people server's
`set_reminder` was meant."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import ToolDefinition
from orchestrator.offline._earlier import place_said
from orchestrator.offline._read import read
from tests.orchestrator.offline._routing import after_call, calls, string


def _tool(
    server: str, name: str, description: str, props: dict[str, Any], *req: str
) -> ToolDefinition:
    schema = {"type": "object", "properties": props, "required": list(req)}
    return ToolDefinition(name, description, schema, server=server)


STATUS = {"type": "string", "enum": ["pending", "completed"]}
PRIORITY = {"type": "string", "enum": ["low", "medium", "high"]}
TOOLS = [
    _tool("todo", "list_todos", "List todo items", {"status": STATUS}),
    _tool(
        "todo",
        "update_todo",
        "Update a todo item",
        {"todo_id": string(), "title": string(), "status": STATUS, "priority": PRIORITY},
        "todo_id",
    ),
    _tool("todo", "create_todo", "Create a todo item", {"title": string()}, "title"),
    _tool("people", "list_reminders", "List reminders about people", {}),
    _tool(
        "people",
        "set_reminder",
        "Create a reminder for an existing person.",
        {"person_id": string(), "text": string(), "priority": {"enum": ["low", "high"]}},
        "person_id",
        "text",
    ),
    _tool(
        "people",
        "complete_reminder",
        "Mark a reminder as done",
        {"reminder_id": string()},
        "reminder_id",
    ),
]
LISTED = json.dumps(
    {
        "todos": [
            {"id": "todo_aaa", "title": "buy eggs", "status": "pending"},
            {"id": "todo_bbb", "title": "take out the recycling", "status": "pending"},
        ]
    }
)


async def test_the_first_one_is_the_listings_and_its_servers() -> None:
    response = await after_call(
        TOOLS, "what's on my todo list?", LISTED, "mark the first one as done"
    )
    assert calls(response) == [("update_todo", {"todo_id": "todo_aaa", "status": "completed"})]


async def test_it_is_the_record_just_made_on_its_server() -> None:
    made = json.dumps({"success": True, "todo_id": "todo_ccc"})
    response = await after_call(TOOLS, "todo: call the plumber", made, "make it high priority")
    assert calls(response) == [("update_todo", {"todo_id": "todo_ccc", "priority": "high"})]


def test_the_20th_is_a_day_not_a_place_in_the_list() -> None:
    """Trial 17, d06: after the expenses were read, "move the passport one to the 20th" asked
    for an expense's amount: "the 20th" was read as a place in that listing, and the listing's
    tools were named."""
    assert not place_said(read("move the passport one to the 20th"))
    assert not place_said(read("remind me on the 2nd"))
    assert place_said(read("mark the first one as done"))
    assert place_said(read("delete the 2nd one"))
