"""A follow-up whose pronoun points back at an earlier record acts on that record, or asks; it
never writes a new record elsewhere. "add the note that her birthday is on 3 March", after a
contact was added, adds to that contact's notes (keeping what they hold), where a memo server
offers a tool that adds notes; with the contact not made (its call failed), or no one named
before, it asks who she is; a new contact is never named "her sister Maria Reyes". "add a note
to it: ..." after a todo is no memo either; "and give it a subtask: ..." makes the subtask under
the task just made, not a review of it. Before, the memo was written (user trial 13), and the
subtask went to `review_task` (blind set C, tasker:17).
Over tools shaped as those servers' are (memo-mcp 0.1.0's `notes.add` has no description)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import (
    AssistantMessage,
    CallStatus,
    Item,
    Question,
    ToolCallItem,
    ToolResultItem,
)
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import integer, string, text, tool

NULLABLE: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}


def _on(server: str, *tools: ToolDefinition) -> list[ToolDefinition]:
    return [replace(t, server=server) for t in tools]


MEMO = _on(
    "memo",
    tool("notes_add", "", {"body": text("The note text to save. Plain text.")}, "body"),
    tool("notes_list", "", {"limit": integer()}),
)
CONTACTS = _on(
    "contacts",
    tool(
        "contacts_create",
        "Create a contact.",
        {"name": string(), "phone": string(), "notes": NULLABLE},
        "name",
        "phone",
    ),
    tool(
        "contacts_update",
        "Update contact.",
        {"contact_id": integer(), "name": NULLABLE, "phone": NULLABLE, "notes": NULLABLE},
        "contact_id",
    ),
    tool("contacts_list", "List contacts with regex-like filtering.", {"q": NULLABLE}),
)
TODOS = _on(
    "todo",
    tool("create_todo", "Create a new todo item", {"title": string()}, "title"),
    tool(
        "update_todo",
        "Update one or more fields of an existing todo item",
        {"todo_id": string(), "title": string(), "description": string()},
        "todo_id",
    ),
    tool("list_todos", "List todo items", {}),
)
TASKS = _on(
    "tasker",
    tool(
        "create_task",
        "Create a root task or subtask (when parent is given).",
        {"title": string(), "parent": NULLABLE, "description": NULLABLE},
        "title",
    ),
    tool(
        "review_task",
        "Mark a task as in-review (submit for review).",
        {"task_ref": string()},
        "task_ref",
    ),
    tool("start_task", "Mark a task as in-progress.", {"task_ref": string()}, "task_ref"),
    tool("list_tasks", "List root tasks as compact lines.", {}),
)
ANA = {"id": 1, "name": "Ana Reyes", "phone": "+639175551234", "notes": None}

Outputs = dict[str, tuple[CallStatus, str]]


async def _turns(
    tools: list[ToolDefinition], outputs: Outputs, *said: str
) -> tuple[list[tuple[str, dict[str, Any]]], ModelResponse]:
    """Every call each request in `said` makes, in turn, each answered from `outputs`; and the
    router's last response."""
    history: list[Item] = []
    made: list[tuple[str, dict[str, Any]]] = []
    response = None
    for request in said:
        history.append(UserMessage(request))
        for _ in range(4):
            response = await OfflineRouter().respond(ModelRequest("", history, tools))
            history.extend(i for i in response.items if not isinstance(i, ToolCallItem))
            if not response.tool_calls:
                break
            for call in response.tool_calls:
                status, output = outputs[call.name]
                made.append((call.name, call.arguments))
                history.append(ToolCallItem(call.call_id, call.name, call.arguments))
                history.append(ToolResultItem(call.call_id, call.name, output, status))
    assert response is not None
    return made, response


def _question(response: ModelResponse) -> Question:
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    return item.question


async def test_her_note_goes_to_the_contact_just_added() -> None:
    outputs: Outputs = {
        "contacts_create": ("ok", json.dumps(ANA)),
        "contacts_list": ("ok", json.dumps([ANA])),
        "contacts_update": ("ok", json.dumps({**ANA, "notes": "her birthday is on 3 March"})),
    }
    made, _ = await _turns(
        [*MEMO, *CONTACTS, *TODOS],
        outputs,
        "add Ana Reyes 0917 555 1234",
        "add the note that her birthday is on 3 March",
    )
    assert made[0][0] == "contacts_create"
    assert made[-1] == ("contacts_update", {"contact_id": 1, "notes": "her birthday is on 3 March"})
    assert all(name != "notes_add" for name, _ in made)


async def test_her_note_keeps_the_notes_she_has() -> None:
    listed = json.dumps([{**ANA, "notes": "likes orchids"}])
    outputs: Outputs = {"contacts_list": ("ok", listed), "contacts_update": ("ok", "updated")}
    made, _ = await _turns(
        [*MEMO, *CONTACTS],
        outputs,
        "show my contacts",
        "add the note that her birthday is on 3 March",
    )
    name, args = made[-1]
    assert name == "contacts_update" and args["contact_id"] == 1
    assert args["notes"].startswith("likes orchids") and args["notes"].endswith("3 March")


async def test_her_note_is_asked_about_when_the_contact_was_not_made() -> None:
    failed = "Error executing tool contacts_create: Datetime values must have timezone information."
    made, response = await _turns(
        [*MEMO, *CONTACTS, *TODOS],
        {"contacts_create": ("error", failed)},
        "add Ana Reyes 0917 555 1234",
        "add the note that her birthday is on 3 March",
    )
    assert [name for name, _ in made] == ["contacts_create"]  # nothing more written
    assert "contacts_update" in _question(response).text


async def test_her_with_no_one_named_before_is_asked_about() -> None:
    made, response = await _turns(
        [*MEMO, *CONTACTS], {}, "add the note that her birthday is on 3 March"
    )
    assert made == []
    assert "“her”" in _question(response).text


async def test_a_new_contact_is_never_named_her() -> None:
    outputs: Outputs = {"contacts_create": ("ok", json.dumps(ANA))}
    made, _ = await _turns(
        [*MEMO, *CONTACTS],
        outputs,
        "add Ana Reyes 0917 555 1234",
        "add her sister Maria Reyes 0917 555 9876",
    )
    assert all("her" not in str(args.get("name")).split() for _, args in made)


async def test_a_note_to_it_after_a_todo_is_no_memo() -> None:
    outputs: Outputs = {
        "create_todo": ("ok", json.dumps({"id": "t3", "title": "buy milk"})),
        "list_todos": ("ok", json.dumps([{"id": "t3", "title": "buy milk"}])),
        "update_todo": ("ok", "updated"),
    }
    made, _ = await _turns(
        [*MEMO, *TODOS], outputs, "add a todo to buy milk", "add a note to it: 2 litres"
    )
    assert made[0] == ("create_todo", {"title": "buy milk"})
    assert all(name not in ("notes_add", "create_todo") for name, _ in made[1:])


async def test_a_subtask_given_to_it_goes_under_it() -> None:
    outputs: Outputs = {"create_task": ("ok", json.dumps({"id": "s01", "status": "pending"}))}
    made, _ = await _turns(
        [*TASKS],
        outputs,
        "add a task to prepare the Q1 budget",
        "and give it a subtask: collect numbers from each team",
    )
    assert made == [
        ("create_task", {"title": "prepare the Q1 budget"}),
        ("create_task", {"title": "collect numbers from each team", "parent": "s01"}),
    ]
