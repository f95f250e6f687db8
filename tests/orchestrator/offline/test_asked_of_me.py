"""Something asked of the user, over schemas of its own: "Dana asked me to ..." is a task for
the user (its day to come, never the last one), its doer the word the description gives for
the user ("Me for the owner"), its origin the record the call before made when its description
names that kind of record; "the supplier price list" keeps its last noun."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, tool

TEXT: dict[str, Any] = {"type": "string"}


NOTE_VISIT = tool(
    "note_visit",
    "Note a visit you paid or got",
    {"when": {"type": "string", "description": "A date"}, "who": TEXT, "topic": TEXT},
    "when",
)
ADD_CHORE = tool(
    "add_chore",
    "Add a chore",
    {
        "title": TEXT,
        "doer": {"type": "string", "description": "Who does it: a name, or I for yourself."},
        "due": {"type": "string", "description": "A date, YYYY-MM-DD."},
    },
    "title",
    "doer",
)
ADD_FOLLOW_UP = tool(
    "add_follow_up",
    "Add a follow-up",
    {
        "title": TEXT,
        "visit": {"type": "string", "description": "The visit it comes from: its id."},
    },
    "title",
    "visit",
)


async def turn(tools: list[ToolDefinition], *history: Any) -> ModelResponse:
    items = [UserMessage(h) if isinstance(h, str) else h for h in history]
    return await OfflineRouter().respond(ModelRequest("", items, tools))


async def test_a_thing_asked_of_me_is_a_task_for_me_by_a_day_to_come() -> None:
    said = "Dana asked me to water her plants by thursday"
    ((name, args),) = calls(await turn([NOTE_VISIT, ADD_CHORE], said))
    assert name == "add_chore", (name, args)
    assert args["title"] == "water her plants" and args["doer"] == "I", args
    assert date.fromisoformat(args["due"]) > date.today() and len(args["due"]) == 10


async def test_a_task_from_a_record_just_made_takes_its_id() -> None:
    first = "note a visit from the plumber today"
    made = await turn([NOTE_VISIT, ADD_FOLLOW_UP], first)
    (call,) = made.tool_calls
    output = json.dumps({"result": json.dumps({"id": "v-17", "status": "noted"})})
    history = [
        first,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, output),
        "add a follow-up: order the spare valve",
    ]
    assert calls(await turn([NOTE_VISIT, ADD_FOLLOW_UP], *history)) == [
        ("add_follow_up", {"title": "order the spare valve", "visit": "v-17"})
    ]


async def test_a_generic_noun_that_ends_a_compound_is_part_of_the_title() -> None:
    step = await turn([ADD_CHORE], "Dana asked me to check the supplier price list")
    ((_, args),) = calls(step)
    assert args["title"] == "check the supplier price list", args
