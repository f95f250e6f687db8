"""A read whose result holds an empty list beside plain fields (`{"count": 9, "total_days": 12,
"holidays": []}`) says those fields after "none found": the count is the answer, not the empty
list. Fails on the router before (it said only "No workdays found")."""

from __future__ import annotations

import json

from orchestrator import UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import text, tool

COUNT = tool(
    "count_workdays",
    "Count the working days between two dates, skipping weekends and holidays.",
    {"start_date": text("Start date YYYY-MM-DD"), "end_date": text("End date YYYY-MM-DD")},
    "start_date",
    "end_date",
)
RESULT = json.dumps({"count": 9, "total_days": 12, "holidays": []})


async def test_the_fields_beside_an_empty_list_are_said() -> None:
    said = UserMessage("how many working days between 2030-05-06 and 2030-05-17?")
    first = await OfflineRouter().respond(ModelRequest("", [said], [COUNT]))
    (call,) = first.tool_calls
    history = [
        said,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, RESULT),
    ]
    answer = await OfflineRouter().respond(ModelRequest("", history, [COUNT]))
    assert not answer.tool_calls
    assert "count 9" in answer.text.lower()
