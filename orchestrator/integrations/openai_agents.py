"""The configured servers as one MCP server for the OpenAI Agents SDK (`openai-agents`).

```python
from agents import Agent, Runner
from orchestrator.integrations.openai_agents import OrchestratorMCPServer

async with OrchestratorMCPServer.from_config("mcp_agent.config.yaml") as servers:
    agent = Agent(name="assistant", mcp_servers=[servers])
    result = await Runner.run(agent, "delete the buy eggs todo")
    while result.interruptions:  # destructive calls wait for the user
        state = result.to_state()
        for item in result.interruptions:
            state.approve(item)  # or state.reject(item)
        result = await Runner.run(agent, state)
```

`OrchestratorMCPServer` is an `agents.mcp.MCPServer` that stands for every server in the config
(any dialect the orchestrator reads), started as the orchestrator starts them: in parallel, a
server that fails named in `down` while the rest work, the catalogue cache (a cached server's
tools are offered before it has started, and it starts in the background), tool filters and
names (`allowed_tools`, `include_tools`/`exclude_tools`, a name two servers share offered as
`<server>__<tool>`), and a child environment of the safe variables plus the server's own `env`.
The tools are listed again every turn, so a server that dies and is withdrawn drops out.

Approvals are the SDK's own: a destructive tool (`delete_`/`remove_`/`cancel_`, or annotated
`destructiveHint`) not in its server's `auto_approve` gets `needs_approval`, so the run stops with
`result.interruptions` until `RunState.approve` (or `reject`); its annotations are kept on the
`FunctionTool` (`mcp_annotations`). A call that fails (the server said so, or it could not be
made) comes back to the model as an error result naming the reason. The server's prompts are
offered too (`list_prompts`, `get_prompt`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from agents.mcp import MCPServer
from mcp.types import (
    CallToolResult,
    GetPromptResult,
    ListPromptsResult,
    Prompt,
    PromptArgument,
    PromptMessage,
    TextContent,
    Tool,
    ToolAnnotations,
)

from orchestrator.config import load_config
from orchestrator.integrations._bridge import Bridge, ServersView

if TYPE_CHECKING:
    from agents import AgentBase, RunContextWrapper

    from orchestrator.config import Settings

__all__ = ["OrchestratorMCPServer"]


class OrchestratorMCPServer(MCPServer, ServersView):
    """Every configured server as one MCP server an `agents.Agent` takes in `mcp_servers`.

    Use it as an async context manager around the runs (or `connect()`, then `cleanup()`).
    `options` are `Orchestrator`'s (`start`, `catalogue_cache`, `elicit`, `authorize`,
    `on_tool_call`, `on_tool_result`, ...), less what the SDK does itself (the model,
    approvals).
    """

    def __init__(self, settings: Settings, *, name: str = "orchestrator", **options: Any) -> None:
        super().__init__(require_approval=self._requires_approval)
        self._bridge = Bridge(settings, **options)
        self._name = name

    @classmethod
    def from_config(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        servers: list[str] | None = None,
        name: str = "orchestrator",
        **options: Any,
    ) -> OrchestratorMCPServer:
        """Read the config (any dialect; see `orchestrator.config` for the lookup order);
        `servers` keeps only those named."""
        return cls(load_config(path, servers=servers or None), name=name, **options)

    # -- lifecycle -----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    async def connect(self) -> None:
        await self._bridge.open()

    async def cleanup(self) -> None:
        await self._bridge.close()

    async def __aenter__(self) -> OrchestratorMCPServer:
        await self.connect()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.cleanup()

    # -- tools ---------------------------------------------------------------------------
    async def list_tools(
        self,
        run_context: RunContextWrapper[Any] | None = None,
        agent: AgentBase | None = None,
    ) -> list[Tool]:
        return [
            Tool(
                name=tool.name,
                description=tool.description,
                input_schema=tool.input_schema,
                annotations=ToolAnnotations(
                    destructive_hint=tool.destructive, read_only_hint=tool.read_only
                ),
            )
            for tool in self._bridge.tools
        ]

    @property
    def cached_tools(self) -> list[Tool] | None:
        return None  # listed afresh every turn (the catalogue is in memory)

    def _requires_approval(
        self, run_context: RunContextWrapper[Any], agent: AgentBase, tool: Tool
    ) -> bool:
        return self._bridge.needs_approval(tool.name)

    async def call_tool(
        self,
        tool_name: str,
        arguments: dict[str, Any] | None,
        meta: dict[str, Any] | None = None,
    ) -> CallToolResult:
        result, _ = await self._bridge.call(tool_name, arguments or {})
        return CallToolResult(
            content=[TextContent(type="text", text=result.output)], is_error=result.is_error
        )

    # -- prompts -------------------------------------------------------------------------
    async def list_prompts(self) -> ListPromptsResult:
        listed = await self.orchestrator.resources.list_prompts()
        return ListPromptsResult(
            prompts=[
                Prompt(
                    name=prompt.name,
                    description=prompt.description or None,
                    arguments=[
                        PromptArgument(
                            name=a.name, description=a.description or None, required=a.required
                        )
                        for a in prompt.arguments
                    ],
                )
                for prompt in listed
            ]
        )

    async def get_prompt(
        self, name: str, arguments: dict[str, Any] | None = None
    ) -> GetPromptResult:
        given = {k: str(v) for k, v in (arguments or {}).items()}
        read = await self.orchestrator.resources.get_prompt(name, given)
        return GetPromptResult(
            messages=[
                PromptMessage(role=role, content=TextContent(type="text", text=text))
                for role, text in read.messages
            ]
        )
