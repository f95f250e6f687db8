"""A reports server whose one tool takes a minute, for cancelling a call in flight
(`orchestrator.testing`)."""

from __future__ import annotations

import time

from mcp.server.mcpserver import MCPServer

mcp = MCPServer("reports")


@mcp.tool(description="Create a report; building it takes about a minute")
def create_report(title: str) -> str:
    time.sleep(60)
    return f"report {title!r} is ready"


if __name__ == "__main__":
    mcp.run()
