"""A follow-up that changes the record just made, over schemas of its own: "make it ..." said
after a remark about it ("actually it was huge, make it 900 kcal") changes that record, found by
the id its result gave (in JSON inside its one text) where the changing tool's description
names the tool that made it."""

from __future__ import annotations

import json
from typing import Any

from orchestrator import UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import tool

NUMBER: dict[str, Any] = {"type": "number"}
TEXT: dict[str, Any] = {"type": "string"}


ADD_SNACK = tool(
    "add_snack",
    "Add a snack you ate",
    {"snack": {"type": "string", "description": "Name of the snack"}, "kcal": NUMBER},
    "snack",
    "kcal",
)
EDIT_ENTRY = tool(
    "edit_entry",
    "Edit an entry",
    {
        "entry_id": {"type": "integer", "description": "Its id (from add_snack)"},
        "snack": TEXT,
        "kcal": NUMBER,
    },
    "entry_id",
)


MADE = json.dumps({"result": json.dumps({"status": "logged", "entry_id": 41})})


async def test_a_change_after_a_remark_changes_the_record_just_made() -> None:
    tools = [ADD_SNACK, EDIT_ENTRY]
    first = UserMessage("add a snack: flapjack, 240 kcal")
    made = await OfflineRouter().respond(ModelRequest("", [first], tools))
    (call,) = made.tool_calls
    assert (call.name, call.arguments) == ("add_snack", {"snack": "flapjack", "kcal": 240})
    history = [
        first,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, MADE),  # JSON inside its one text
        UserMessage("actually it was a huge one, make it 410 kcal"),
    ]
    changed: ModelResponse = await OfflineRouter().respond(ModelRequest("", history, tools))
    assert [(c.name, c.arguments) for c in changed.tool_calls] == [
        ("edit_entry", {"entry_id": 41, "kcal": 410})
    ]
