"""A listing's answer says items were left out only when the result says so: its flag or next
page's cursor, or a total beyond what it gave ("Showing 5 of 23."); a page number is no count
("Only the first 1 are shown." under three tasks of one page, before)."""

from __future__ import annotations

import json

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import Item, ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from tests.orchestrator.offline._routing import text, tool

AGENTS = tool("list_agents", "List the coding agents", {"status_filter": text("Only these")})

HISTORY = tool(
    "show_agent_task_history",
    "Show the tasks an agent was given",
    {
        "agent_name": text("The agent's name"),
        "page": {"type": "integer", "minimum": 1, "default": 1, "description": "Page number"},
        "page_size": {"type": "integer", "maximum": 100, "default": 20, "description": "Per page"},
    },
    "agent_name",
)
LOG = tool(
    "show_agent_log",
    "Show an agent's log lines, newest first",
    {
        "agent_name": text("The agent's name"),
        "page": {"type": "integer", "minimum": 1, "default": 1, "description": "Page number"},
        "page_size": {"type": "integer", "maximum": 100, "default": 1, "description": "Lines"},
    },
    "agent_name",
)


async def _answer(listing: ToolDefinition, said: str, result: str) -> str:
    """The router's answer to ``said``, its listing of agents answered (fixer), then ``result``."""
    tools = [AGENTS, listing]
    history: list[Item] = [UserMessage(said)]
    outputs = {"list_agents": json.dumps({"agents": [{"name": "fixer", "status": "idle"}]})}
    for _ in range(4):
        response = await OfflineRouter().respond(ModelRequest("", history, tools))
        if not response.tool_calls:
            return response.text
        for call in response.tool_calls:
            history.append(ToolCallItem(call.call_id, call.name, call.arguments))
            history.append(ToolResultItem(call.call_id, call.name, outputs.get(call.name, result)))
    raise AssertionError("the router kept calling")


def _page(key: str, items: list[dict[str, str]], total: int, more: bool) -> str:
    return json.dumps(
        {key: items, "total_count": total, "page": 1, "page_size": 20, "has_next_page": more}
    )


async def test_a_whole_page_says_nothing_was_left_out() -> None:
    tasks = [{"message": f"task {i}", "status": "finished"} for i in range(3)]
    said = await _answer(HISTORY, "show the task history of fixer", _page("tasks", tasks, 3, False))
    assert "task 2" in said
    assert "Only the first" not in said and "Showing" not in said


async def test_a_page_of_more_says_how_many_there_are() -> None:
    lines = [{"line": f"line {i}"} for i in range(5)]
    said = await _answer(
        LOG, "show the last 5 log lines of agent fixer", _page("logs", lines, 23, True)
    )
    assert "line 4" in said and "Showing 5 of 23." in said
    assert "Only the first" not in said
