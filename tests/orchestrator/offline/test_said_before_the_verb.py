"""A word that says how, said before the verb ("force delete agent writer"), leaves the verb the
order and is itself a flag's value; what someone changed is their diff ("show me what n2
changed", "what did n2 change?"). Before, the first read as a listing of agents in status
"deleting", and the others showed the agent, not its diff."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._routing import run_with, text, tool

AGENT = {"agent_name": text("The agent's name")}
TOOLS = [
    tool(
        "list_agents",
        "List all agents, filtered by status or project",
        {
            "status_filter": text(
                "Only agents in this status", enum=["idle", "busy", "error", "deleting"]
            ),
            "project_filter": text("Only agents of this project"),
        },
    ),
    tool("show_agent", "An agent's details: status, role, project, branch", AGENT, "agent_name"),
    tool(
        "show_agent_diff",
        "What an agent changed since it started: its commits, its uncommitted files, a stat and "
        "each file's patch, in pages of files.",
        AGENT,
        "agent_name",
    ),
    tool(
        "delete_agent",
        "Delete an agent and its workspace",
        {**AGENT, "force": {"type": "boolean", "description": "Delete even with unmerged work"}},
        "agent_name",
    ),
    tool("cancel_agent_task", "Cancel the agent's running task", AGENT, "agent_name"),
]
OUTPUTS = {
    "list_agents": json.dumps({"agents": [{"name": "writer"}, {"name": "n2"}]}),
    "show_agent": json.dumps({"agent": {"name": "n2"}}),
    "show_agent_diff": json.dumps({"files": []}),
    "delete_agent": json.dumps({"deleted": True}),
}


async def test_force_before_the_verb_is_the_flag_and_the_verb_the_order() -> None:
    made = await run_with(TOOLS, OUTPUTS, "force delete agent writer")
    assert made[-1] == ("delete_agent", {"agent_name": "writer", "force": True}), made
    assert all(name in ("list_agents", "delete_agent") for name, _ in made), made


@pytest.mark.parametrize("said", ["show me what n2 changed", "what did n2 change?"])
async def test_what_an_agent_changed_is_its_diff(said: str) -> None:
    made = await run_with(TOOLS, OUTPUTS, said)
    assert made[-1] == ("show_agent_diff", {"agent_name": "n2"}), made
