"""The evaluation's stand-ins for the fleet and agents servers offer the contracts' tools
(`fleet-tools.md`, `agents-tools.md`): the same names, parameters, required ones and
destructive hints, so what the router learns on them holds on the bundled servers."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from tests.offline_eval.servers import agents, fleet

FLEET = {  # tool: (required, optional, destructive)
    "list_agents": ((), ("status_filter", "project_filter"), False),
    "show_agent": (("agent_name",), (), False),
    "list_agent_projects": ((), (), False),
    "list_agent_roles": (("project",), (), False),
    "create_agent": (("name", "project", "task"), ("role",), False),
    "delete_agent": (("agent_name",), (), True),
    "restart_agent": (("agent_name",), (), True),
    "start_agent_task": (("agent_name", "task_description"), (), False),
    "cancel_agent_task": (("agent_name",), (), True),
    "show_agent_task_history": (("agent_name",), ("page", "page_size"), False),
    "show_agent_log": (("agent_name",), ("page", "page_size"), False),
}
AGENTS = {
    "execute_agent_request": (
        ("agent_name", "prompt"),
        ("context", "capabilities", "timeout", "config"),
        False,
    ),
    "list_available_agents": ((), ("capability_filter", "include_status"), False),
    "probe_agent_status": (("agent_name",), (), False),
    "register_tool_with_agent": (("tool_name", "tool_spec"), ("agent_name",), False),
}


@pytest.mark.parametrize(("server", "contract"), [(fleet.mcp, FLEET), (agents.mcp, AGENTS)])
async def test_the_stand_ins_offer_the_contracts_tools(server: Any, contract: dict) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == set(contract)
    for name, (required, optional, destructive) in contract.items():
        schema = tools[name].input_schema
        assert set(schema.get("required") or ()) == set(required), name
        assert set(schema["properties"]) == {*required, *optional}, name
        hints = tools[name].annotations
        assert bool(hints and hints.destructive_hint) is destructive, name


async def test_fleet_agent_names_follow_the_contract_rule() -> None:
    async with Client(fleet.mcp) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        bad = await client.call_tool(
            "create_agent", {"name": "bad name!", "project": "Setup", "task": "x"}
        )
    assert bad.is_error
    name = tools["show_agent"].input_schema["properties"]["agent_name"]
    assert name["pattern"] == "^[A-Za-z0-9-]{1,32}$" and name["maxLength"] == 32
