"""What both integrations share: the configured servers behind an `Orchestrator` that makes no
model, entered once however many agent runs use it, and tool calls run by a `ToolRunner`.

The framework's model picks the calls and the framework asks the user about destructive ones
(openai-agents' `needs_approval`, pydantic-ai's `ApprovalRequired`), so a call reaches the runner
only once approved: the runner here is made with `yes=True`, and `needs_approval(name)` says
which calls the framework must hold back (the catalogue's flag: destructive, not in the server's
`auto_approve`).
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any

from orchestrator.core import Orchestrator
from orchestrator.errors import UsageError
from orchestrator.messages import ToolCallItem

if TYPE_CHECKING:
    from orchestrator.catalogue import CatalogueTool
    from orchestrator.config import Settings
    from orchestrator.discovery import ServerReport, StartMode
    from orchestrator.messages import ToolResultItem
    from orchestrator.result import ToolCall
    from orchestrator.runner import ToolCallObserver, ToolRunner

__all__ = ["Bridge", "ServersView"]

# The framework's model picks the calls and the framework approves them: these are not taken.
_NOT_TAKEN = ("approve", "model", "model_needed", "provider", "yes")


class Bridge:
    """The configured servers for one framework object (a toolset, an MCP server).

    `start` is when servers start (`orchestrator.discovery`): by default those known from the
    catalogue cache start in the background while the framework's model reads their cached
    tools, the others on entry. `on_tool_call` and `on_tool_result` are told of each call, as
    `Orchestrator`'s are; the other `options` go to `Orchestrator` as they are (`elicit`,
    `authorize`, `catalogue_cache`, `early_start`, ...).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        start: StartMode = "background",
        on_tool_call: ToolCallObserver | None = None,
        on_tool_result: ToolCallObserver | None = None,
        **options: Any,
    ) -> None:
        refused = sorted(set(options) & set(_NOT_TAKEN))
        if refused:
            raise UsageError(
                f"{', '.join(refused)}: not taken by an agent framework's tools: the framework's "
                "own model picks the calls, and the framework asks about destructive ones "
                "(openai-agents: result.interruptions; pydantic-ai: DeferredToolRequests)"
            )
        self.orchestrator = Orchestrator(settings, model_needed=False, start=start, **options)
        self._on_tool_call = on_tool_call
        self._on_tool_result = on_tool_result
        self._users = 0
        self._lock = asyncio.Lock()
        self._stack: AsyncExitStack | None = None
        self._runner: ToolRunner | None = None

    async def open(self) -> None:
        """Start the servers (the first user only; each `open` needs its `close`)."""
        from orchestrator.runner import ToolRunner

        async with self._lock:
            if self._users == 0:
                async with AsyncExitStack() as stack:
                    orchestrator = await stack.enter_async_context(self.orchestrator)
                    self._runner = ToolRunner(
                        orchestrator.discovery,
                        yes=True,  # the framework approved the call before it reached us
                        on_tool_call=self._on_tool_call,
                        on_tool_result=self._on_tool_result,
                    )
                    self._stack = stack.pop_all()
            self._users += 1

    async def close(self) -> None:
        """Stop every server once the last user is done."""
        async with self._lock:
            if self._users == 0:
                raise RuntimeError("closed more times than opened")
            self._users -= 1
            if self._users == 0 and self._stack is not None:
                stack, self._stack, self._runner = self._stack, None, None
                await stack.aclose()

    @property
    def tools(self) -> list[CatalogueTool]:
        """The catalogue: every tool of the servers that are up or known from the cache."""
        return list(self.orchestrator.discovery.catalogue.tools.values())

    def needs_approval(self, name: str) -> bool:
        """Whether a call to tool `name` must be approved first (False for a tool not in the
        catalogue: such a call fails without running)."""
        tool = self.orchestrator.discovery.catalogue.tools.get(name)
        return tool is not None and tool.needs_approval

    async def call(
        self, name: str, arguments: dict[str, Any], call_id: str = ""
    ) -> tuple[ToolResultItem, ToolCall]:
        """Run one approved call; a failure comes back as a result whose status says so."""
        if self._runner is None:
            raise RuntimeError(
                "the servers are not started: use `async with` on the toolset (or MCP server) "
                "around the agent runs"
            )
        return await self._runner.run(ToolCallItem(call_id, name, dict(arguments)))

    @property
    def reports(self) -> list[ServerReport]:
        """Each configured server's state, with the reason when it is not usable."""
        return self.orchestrator.reports

    @property
    def down(self) -> list[ServerReport]:
        """The servers that are not usable (down, or withdrawn after dying twice)."""
        return self.orchestrator.discovery.down()

    def unavailable(self) -> list[str]:
        """One sentence per server that is not usable, for the model and the user."""
        return [
            f"Server {r.name!r} is unavailable ({r.reason or 'no reason given'}); "
            "its tools cannot be used."
            for r in self.down
        ]


class ServersView:
    """What an integration's object shows of its servers (for the code around the agent)."""

    _bridge: Bridge

    @property
    def orchestrator(self) -> Orchestrator:
        """The orchestrator behind it (its `reports`, `catalogue`, `resources`)."""
        return self._bridge.orchestrator

    @property
    def reports(self) -> list[ServerReport]:
        """Each configured server's state, with the reason when it is not usable."""
        return self._bridge.reports

    @property
    def down(self) -> list[ServerReport]:
        """The servers that are not usable, each with its reason."""
        return self._bridge.down

    def unavailable(self) -> list[str]:
        """A sentence per unusable server, to tell the user (or the model)."""
        return self._bridge.unavailable()
