"""The agents gateway from any MCP client (here the MCP Python SDK's): which agents can be used
on this machine and why not, a tool registered with an agent and bound to the todo server, and a
request that uses it. With no API key set, the `offline` agent (the orchestrator's offline
router) still answers; set ANTHROPIC_API_KEY (or another key) and `claude` becomes operative.

From the clone's folder, after the quick start:

    .venv/bin/python examples/agents/run_agents.py
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

ADD_TODO = {
    "description": "Add an item to the user's todo list",
    "input_schema": {
        "type": "object",
        "properties": {"title": {"type": "string", "description": "what to do"}},
        "required": ["title"],
    },
    "binding": {"mcp": {"server": "todo", "tool": "create_todo"}},
}


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    body = json.loads(result.content[0].text)  # type: ignore[union-attr]
    if result.is_error:
        raise RuntimeError(f"{tool}: {body['error']}")
    return body


async def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        env = {
            **os.environ,
            "AGENTS_CONFIG": str(Path(__file__).with_name("mcp_agent.config.yaml")),
            "AGENTS_DATABASE_URL": f"sqlite:///{scratch}/agents.db",
            "TODO_DATABASE_URL": f"sqlite:///{scratch}/todo.db",
        }
        command = shutil.which("mcp-agents", path=sysconfig.get_path("scripts")) or "mcp-agents"
        async with Client(StdioServerParameters(command=command, env=env)) as client:
            listed = await call(client, "list_available_agents", include_status=True)
            for agent in listed["agents"]:
                print(f"{agent['name']:<12} {agent['status']:<12} {agent['detail']}")
            registered = await call(
                client, "register_tool_with_agent",
                tool_name="add_todo", agent_name="offline", tool_spec=ADD_TODO,
            )  # fmt: skip
            print("registered with:", registered["registered_with"])
            answer = await call(
                client, "execute_agent_request",
                agent_name="offline", prompt="add a todo called buy milk",
            )  # fmt: skip
            print("offline answered:", answer["content"])


if __name__ == "__main__":
    asyncio.run(main())
