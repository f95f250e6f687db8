"""The floor: a hand-written MCP client that does the one-shot's work with nothing else.

It imports `mcp`, spawns the todo server, lists its tools and calls `create_todo` once. What
`python -m orchestrator "remind me to buy eggs tomorrow at 3pm"` costs beyond this is the
orchestrator's own. Run by `bench/oneshot.py`; also runnable alone:

    python bench/floor_client.py
"""

import asyncio
import os
import shutil
import sysconfig
from datetime import datetime, timedelta

from mcp import Client, StdioServerParameters


async def main() -> None:
    todo = shutil.which("mcp-todo", path=sysconfig.get_path("scripts")) or "mcp-todo"
    env = {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "TZ", "XDG_DATA_HOME")}
    due = (datetime.now().astimezone() + timedelta(days=1)).replace(hour=15, minute=0, second=0)
    async with Client(StdioServerParameters(command=todo, env=env)) as client:
        await client.list_tools()
        await client.call_tool("create_todo", {"title": "buy eggs", "due_date": due.isoformat()})


if __name__ == "__main__":
    asyncio.run(main())
