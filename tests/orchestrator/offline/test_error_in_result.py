"""A result its server did not mark an error, whose content says the call failed
(`{"error": "Rate limit reached ..."}`, also as the JSON text inside a one-field wrapper, or
`{"success": false, "message": ...}`), is answered as a failure, with the server's words, and
the request is not done. Before, "log water habit for yesterday" was answered "Created habit
“water”" while the habits server had refused it (user trial 12, h06). A check's finding is no
failure."""

from __future__ import annotations

import json

import pytest

from orchestrator import UserMessage
from orchestrator.messages import AssistantMessage, Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import after_result, text, tool

CREATE = tool("create_habit", "Create a habit to track", {"name": text("Habit name")}, "name")
LIST = tool("list_habits", "List the habits you track", {})
CHECK = tool(
    "check_password",
    "Check whether a password is strong enough",
    {"password": text("The password")},
    "password",
)
RATE = "Rate limit reached (10/day on free tier)."


@pytest.mark.parametrize(
    "result",
    [
        json.dumps({"error": RATE}),
        json.dumps({"result": json.dumps({"error": RATE, "upgrade_url": "https://x.example"})}),
        json.dumps({"error": {"code": 429, "message": RATE}}),
        json.dumps({"success": False, "message": RATE}),
    ],
)
async def test_a_write_whose_result_says_it_failed_is_a_failure(result: str) -> None:
    step = await after_result([CREATE, LIST], "create a habit called water", result)
    (message,) = step.items
    assert isinstance(message, AssistantMessage)
    assert message.refused, message.text
    assert RATE in message.text and "Created" not in message.text


async def test_a_read_whose_result_is_an_error_says_so() -> None:
    step = await after_result([CREATE, LIST], "list my habits", json.dumps({"error": RATE}))
    (message,) = step.items
    assert isinstance(message, AssistantMessage) and message.refused and RATE in message.text


@pytest.mark.parametrize(
    "result",
    [
        json.dumps({"id": "h1", "name": "water", "error": None}),
        json.dumps({"success": True, "id": "h1"}),
    ],
)
async def test_a_result_with_no_error_in_it_is_a_success(result: str) -> None:
    step = await after_result([CREATE, LIST], "create a habit called water", result)
    (message,) = step.items
    assert isinstance(message, AssistantMessage) and not message.refused
    assert message.text.startswith("Created habit “water”")


async def test_a_checks_finding_is_its_answer() -> None:
    result = json.dumps({"valid": False, "error": "too short"})
    step = await after_result([CHECK], "check the password hunter2", result)
    (message,) = step.items
    assert isinstance(message, AssistantMessage) and not message.refused


async def test_records_made_one_a_turn_stop_at_one_whose_result_says_it_failed() -> None:
    """ "add three habits: a, b and c" (a call each, one a turn) stops at the first whose result
    says it failed, and the request is not done."""
    tools = [CREATE, LIST]
    history: list[Item] = [UserMessage("add 3 habits: water, read and stretch")]
    first = await OfflineRouter().respond(ModelRequest("", history, tools))
    (call,) = first.tool_calls
    history += [
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, json.dumps({"error": RATE})),
    ]
    step = await OfflineRouter().respond(ModelRequest("", history, tools))
    (message,) = step.items
    assert isinstance(message, AssistantMessage) and message.refused and RATE in message.text


@pytest.mark.parametrize(
    "result",
    [
        json.dumps({"result": "Habit created:\n⚠ Unknown habit group: water"}),
        json.dumps({"id": 4, "warnings": ["Unknown habit group: water"]}),
        "Habit created.\nWarning: unknown habit group: water",
    ],
)
async def test_a_write_whose_result_warns_says_so(result: str) -> None:
    """A write that succeeded with a warning ("⚠ Unknown ingredient: eggs", trial 15's pantry)
    shows the warning, once (in the server's text where that is shown); before, the answer was a
    bare "Created habit “water”"."""
    step = await after_result([CREATE, LIST], "create a habit called water", result)
    assert step.text.lower().count("unknown habit group: water") == 1, step.text
