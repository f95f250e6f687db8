"""A yes to "go ahead?" makes the call the question showed: the values understood then, the
item a listing found among them, not the request read again (which, told only of the tool the
question was about, read "n1's work into main" as the name of the agent)."""

from __future__ import annotations

import json

from orchestrator import AssistantMessage, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest, ModelResponse
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import calls, text, tool

LIST_AGENTS = tool(
    "list_agents",
    "List the coding agents, with their status, project and branch",
    {"status_filter": text("Only agents in this status")},
)
MERGE = tool(
    "merge_agent_work",
    "Merge an agent's work (its branch) into the project's base branch",
    {
        "agent_name": text("The agent's name"),
        "open_pull_request": {"type": "boolean", "description": "Open a pull request instead"},
    },
    "agent_name",
)
TOOLS = [LIST_AGENTS, MERGE]
AGENTS = json.dumps(
    {"agents": [{"name": "n1", "status": "idle"}, {"name": "fixer", "status": "busy"}]}
)


async def _until_asked(history: list[Item]) -> ModelResponse:
    """The router's turns over ``history``, each listing answered, until it stops calling."""
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
        if not response.tool_calls:
            return response
        for call in response.tool_calls:
            assert call.name == "list_agents", calls(response)
            history.append(ToolCallItem(call.call_id, call.name, call.arguments))
            history.append(ToolResultItem(call.call_id, call.name, AGENTS))
    raise AssertionError("the router kept listing")


async def _asked(said: str) -> tuple[list[Item], AssistantMessage]:
    history: list[Item] = [UserMessage(said)]
    response = await _until_asked(history)
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None, response.text
    assert item.question.understood == {"agent_name": "n1"}, item.question
    return [*history, item], item


async def _answered(said: str, reply: str) -> ModelResponse:
    history, _ = await _asked(said)
    history.append(UserMessage(reply))
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", history, TOOLS))
        if any(c.name != "list_agents" for c in response.tool_calls) or not response.tool_calls:
            return response
        for call in response.tool_calls:
            history.append(ToolCallItem(call.call_id, call.name, call.arguments))
            history.append(ToolResultItem(call.call_id, call.name, AGENTS))
    raise AssertionError("the router kept listing")


async def test_yes_merges_the_agent_the_question_named() -> None:
    for reply in ("yes", "confirm: true", "ok"):
        response = await _answered("merge n1's work into main", reply)
        assert calls(response) == [("merge_agent_work", {"agent_name": "n1"})], (reply, response)


async def test_no_does_nothing() -> None:
    response = await _answered("merge n1's work into main", "no")
    assert not response.tool_calls


async def test_only_a_confirmation_carries_the_values_understood() -> None:
    response = await _until_asked([UserMessage("merge the work")])
    (item,) = response.items
    assert isinstance(item, AssistantMessage) and item.question is not None
    assert "agent_name" in item.question.fields and item.question.understood == {}
