"""The configured servers as a pydantic-ai toolset (`pydantic-ai-slim`).

```python
from pydantic_ai import Agent, DeferredToolRequests
from orchestrator.integrations.pydantic_ai import OrchestratorToolset

toolset = OrchestratorToolset.from_config("mcp_agent.config.yaml")
agent = Agent("openai:gpt-4.1-mini", toolsets=[toolset], output_type=[str, DeferredToolRequests])
async with toolset:  # the servers stay up across the runs inside
    result = await agent.run("delete the buy eggs todo")
    if isinstance(result.output, DeferredToolRequests):  # destructive calls wait for the user
        approvals = result.output.build_results(approve_all=True)  # or {call_id: False, ...}
        result = await agent.run(
            message_history=result.all_messages(), deferred_tool_results=approvals
        )
```

`OrchestratorToolset` is an `AbstractToolset` whose tools are every configured server's (any
config dialect the orchestrator reads), started as the orchestrator starts them: in parallel, a
server that fails named while the rest work (the model is told in the toolset's instructions;
the code reads `down`), the catalogue cache (a cached server's tools are offered before it has
started, and it starts in the background), tool filters and names (`allowed_tools`,
`include_tools`/`exclude_tools`, a name two servers share offered as `<server>__<tool>`), and a
child environment of the safe variables plus the server's own `env`. Each tool's `metadata`
names its `server` and says whether it is `destructive` and `needs_approval`, for
`filtered(...)` and friends.

Approvals are pydantic-ai's own: a call to a destructive tool (`delete_`/`remove_`/`cancel_`, or
annotated `destructiveHint`) not in its server's `auto_approve` raises `ApprovalRequired` until the
user approves it, so the run ends with `DeferredToolRequests` (give the agent that output type).
A call that fails (the server said so, or it could not be made) raises `ToolFailed`, so the
model reads it as a failure, never as a result. Entered without an explicit `async with`, the
toolset starts and stops the servers with each run.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Self

import pydantic_core
from pydantic_ai import ToolDefinition
from pydantic_ai.exceptions import ApprovalRequired, ToolFailed
from pydantic_ai.toolsets import AbstractToolset, ToolsetTool

from orchestrator.config import load_config
from orchestrator.integrations._bridge import Bridge, ServersView

if TYPE_CHECKING:
    from pydantic_ai import RunContext

    from orchestrator.catalogue import CatalogueTool
    from orchestrator.config import Settings

__all__ = ["OrchestratorToolset"]

# The servers validate their arguments against their own schemas; a bad call is a tool error.
_ANY_ARGUMENTS = pydantic_core.SchemaValidator(
    pydantic_core.core_schema.dict_schema(
        pydantic_core.core_schema.str_schema(), pydantic_core.core_schema.any_schema()
    )
)


class OrchestratorToolset(AbstractToolset[Any], ServersView):
    """Every configured server's tools, for a pydantic-ai `Agent(toolsets=[...])`.

    `id` names it among the agent's toolsets. `max_retries` is how often the model may retry a
    call after its arguments were refused. `options` are `Orchestrator`'s (`start`,
    `catalogue_cache`, `elicit`, `authorize`, `on_tool_call`, `on_tool_result`, ...), less
    what pydantic-ai does itself (the model, approvals).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        id: str = "orchestrator",
        max_retries: int = 1,
        **options: Any,
    ) -> None:
        self._bridge = Bridge(settings, **options)
        self._id = id
        self.max_retries = max_retries

    @classmethod
    def from_config(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        servers: list[str] | None = None,
        **options: Any,
    ) -> OrchestratorToolset:
        """Read the config (any dialect; see `orchestrator.config` for the lookup order);
        `servers` keeps only those named."""
        return cls(load_config(path, servers=servers or None), **options)

    @property
    def id(self) -> str:
        return self._id

    # -- lifecycle -----------------------------------------------------------------------
    async def __aenter__(self) -> Self:
        await self._bridge.open()
        return self

    async def __aexit__(self, *exc_info: Any) -> bool | None:
        await self._bridge.close()
        return None

    # -- what the model is told ---------------------------------------------------------
    async def get_instructions(self, ctx: RunContext[Any]) -> str | None:
        """Which servers are unavailable and why, so the model can tell the user."""
        return "\n".join(self._bridge.unavailable()) or None

    # -- tools ---------------------------------------------------------------------------
    async def get_tools(self, ctx: RunContext[Any]) -> dict[str, ToolsetTool[Any]]:
        return {tool.name: self._toolset_tool(tool) for tool in self._bridge.tools}

    def _toolset_tool(self, tool: CatalogueTool) -> ToolsetTool[Any]:
        definition = ToolDefinition(
            name=tool.name,
            description=tool.description,
            parameters_json_schema=tool.input_schema,
            metadata={
                "server": tool.server,
                "tool": tool.tool_name,
                "destructive": tool.destructive,
                "read_only": tool.read_only,
                "needs_approval": tool.needs_approval,
            },
        )
        return ToolsetTool(
            toolset=self,
            tool_def=definition,
            max_retries=self.max_retries,
            args_validator=_ANY_ARGUMENTS,
        )

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]
    ) -> Any:
        if not ctx.tool_call_approved and self._bridge.needs_approval(name):
            metadata = tool.tool_def.metadata or {}
            raise ApprovalRequired({"server": metadata.get("server"), "tool": name})
        result, call = await self._bridge.call(name, tool_args, ctx.tool_call_id or "")
        if result.is_error:
            raise ToolFailed(result.output)
        return call.result
