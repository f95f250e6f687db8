"""A change that sets a number said after "to", its parameter named between the verb and "to"
("set my daily step target to 9000" for `set_targets(steps)`), fills that parameter; a word
the tool's description says before its noun ("daily", for "Set daily activity targets") says
which of its things, and is no word left over. Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter

NUMBER: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
SET_TARGETS = ToolDefinition(
    "set_targets",
    "Set daily activity targets.\n\nArgs:\n    steps: Daily step target\n"
    "    floors: Daily floors climbed target\n",
    {"type": "object", "properties": {"steps": NUMBER, "floors": NUMBER}},
)
GET_TARGETS = ToolDefinition(
    "get_targets", "Get the daily activity targets.", {"type": "object", "properties": {}}
)


async def turn(said: str) -> ModelResponse:
    request = ModelRequest("", [UserMessage(said)], [SET_TARGETS, GET_TARGETS])
    return await OfflineRouter().respond(request)


async def test_the_number_after_to_fills_the_parameter_named_before_it() -> None:
    step = await turn("set my daily step target to 9000")
    assert [(c.name, c.arguments) for c in step.tool_calls] == [("set_targets", {"steps": 9000})]
    step = await turn("change the floors target to 12")
    assert [(c.name, c.arguments) for c in step.tool_calls] == [("set_targets", {"floors": 12})]


async def test_a_number_with_no_parameter_named_is_still_asked_about() -> None:
    step = await turn("set my daily target to 9000")
    assert not step.tool_calls
