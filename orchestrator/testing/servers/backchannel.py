"""An MCP server written the 2025-11-25 way, on an SDK that speaks both wires: its tool asks the
user mid-call over the back-channel (`ctx.elicit`), and another says the tools changed with
`send_tool_list_changed` only.

Spoken to on 2026-07-28 (the SDK answers `server/discover`, so `auto` picks it) neither reaches
the client: the SDK refuses a server-initiated request there (`NoBackChannelError`: "Cannot
send 'elicitation/create': this transport context has no back-channel ...", the call fails) and
drops the notification (at that era it goes only to `subscriptions/listen` streams, published
with `ctx.notify_tools_changed`). This is why a server's `protocol` defaults to `legacy`
(`tests/orchestrator/test_protocol_eras.py`).

| tool        | what it does                                              |
|-------------|-----------------------------------------------------------|
| `ask_name`  | asks the user for a name (`ctx.elicit`) and greets it     |
| `grow`      | adds the tool `grown` and says so (handshake notification) |
"""

from __future__ import annotations

from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel, Field

mcp = MCPServer("backchannel")


class Name(BaseModel):
    name: str = Field(description="Your name")


@mcp.tool(description="Ask the user for their name and greet them")
async def ask_name(ctx: Context) -> str:
    answer = await ctx.elicit("What is your name?", Name)
    return f"Hello, {answer.data.name}." if answer.action == "accept" else "No name given."


def grown() -> str:
    """A tool added at run time."""
    return "grown"


@mcp.tool(description="Add the tool `grown`")
async def grow(ctx: Context) -> str:
    mcp.add_tool(grown)
    await ctx.session.send_tool_list_changed()
    return "Grown."


if __name__ == "__main__":
    mcp.run()
