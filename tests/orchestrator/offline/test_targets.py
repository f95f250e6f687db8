"""A target one sets oneself is a goal (lexicon `NOUN_KIN`), and a word that names the tool's
noun so is its noun, no word left over: "what are my weekly targets?" reads the goals, "new
targets: 9000 steps, 12 floors" sets them. Fails on the router before."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition, UserMessage
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter

NUMBER: dict[str, Any] = {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None}
TOOLS = [
    ToolDefinition(
        "get_goals", "Get the current weekly activity goals.", {"type": "object", "properties": {}}
    ),
    ToolDefinition(
        "weekly_summary",
        "Get a weekly summary of activity with goal progress.",
        {"type": "object", "properties": {}},
    ),
    ToolDefinition(
        "set_goals",
        "Set weekly activity goals.\n\nArgs:\n    steps: Weekly step goal\n"
        "    floors: Weekly floors goal\n",
        {"type": "object", "properties": {"steps": NUMBER, "floors": NUMBER}},
    ),
]


async def turn(said: str) -> ModelResponse:
    return await OfflineRouter().respond(ModelRequest("", [UserMessage(said)], TOOLS))


async def test_targets_are_the_goals() -> None:
    step = await turn("what are my weekly targets?")
    assert [(c.name, c.arguments) for c in step.tool_calls] == [("get_goals", {})]
    step = await turn("new targets: 9000 steps, 12 floors")
    assert [(c.name, c.arguments) for c in step.tool_calls] == [
        ("set_goals", {"steps": 9000, "floors": 12})
    ]
