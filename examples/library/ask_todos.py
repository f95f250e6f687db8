"""Use the orchestrator as a library: a multi-turn session, an approval callback, and the sync
convenience. The todo server keeps its list in a scratch folder made here and removed at the end,
so your own todo list is never read or changed. From the clone's folder, after the quick start:

    .venv/bin/python examples/library/ask_todos.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

from orchestrator import Orchestrator, ToolCall, ask_sync

CONFIG = Path(__file__).with_name("mcp_agent.config.yaml")


def approve(request: ToolCall) -> bool:
    """Destructive calls (delete_/remove_/cancel_, destructiveHint) ask here first."""
    print(f"  approve {request.tool}({request.arguments})? yes")
    return True


async def main() -> None:
    async with Orchestrator.from_config(CONFIG, approve=approve) as orch:
        session = orch.session()
        for request in (
            "remind me to buy eggs tomorrow at 3pm",
            "make it high priority",
            "what's on my todo list for tomorrow?",
            "delete the buy eggs todo",  # destructive: approve() is asked first
        ):
            result = await session.ask(request)
            print(f"> {request}\n{result.text}")
            for call in result.tool_calls:
                print(f"  [{call.status}] {call.tool} {call.arguments}")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="library-example-") as scratch:
        # The bundled todo server keeps its list under $XDG_DATA_HOME (a variable every server
        # is given), so pointing it at the scratch folder keeps the example off your own list.
        os.environ["XDG_DATA_HOME"] = scratch
        asyncio.run(main())
        # One request from a plain script, no asyncio:
        print(ask_sync("remind me to call mom next Friday", CONFIG).text)
