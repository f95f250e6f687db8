"""The evaluation's stand-in for the agents server offers the contract's tools
(`agents-tools.md`): the same names, parameters, required ones and destructive hints, so what
the router learns on it holds on the bundled server."""

from __future__ import annotations

from mcp import Client

from tests.offline_eval.servers import agents

AGENTS = {
    "execute_agent_request": (
        ("agent_name", "prompt"),
        ("context", "capabilities", "timeout", "config"),
        True,  # CLI agents may edit files
    ),
    "list_available_agents": ((), ("capability_filter", "include_status"), False),
    "probe_agent_status": (("agent_name",), (), False),
    "register_tool_with_agent": (("tool_name", "tool_spec"), ("agent_name",), False),
}


async def test_the_stand_in_offers_the_contracts_tools() -> None:
    contract = AGENTS
    async with Client(agents.mcp) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == set(contract)
    for name, (required, optional, destructive) in contract.items():
        schema = tools[name].input_schema
        assert set(schema.get("required") or ()) == set(required), name
        assert set(schema["properties"]) == {*required, *optional}, name
        hints = tools[name].annotations
        assert bool(hints and hints.destructive_hint) is destructive, name
