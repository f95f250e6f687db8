"""The orchestrator core: servers up, a provider chosen, requests run on openai-agents' Runner.

```python
async with Orchestrator.from_config(None) as orch:
    result = await orch.ask("remind me to buy eggs tomorrow at 3pm")
    print(result.text, result.tool_calls, result.degraded)
```

`Session` keeps the conversation so a follow-up ("make it high priority") can refer to what was
just done; a REPL drives one. Heavy imports (openai-agents, MCP) happen on entry, not on import.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from orchestrator.config import Settings, load_config
from orchestrator.errors import RequestError
from orchestrator.stdio import discard_all, prestart

if TYPE_CHECKING:
    from orchestrator.discovery import CatalogueTool, Discovery, ServerReport
    from orchestrator.registry import Choice

__all__ = [
    "AskResult",
    "Orchestrator",
    "Session",
    "ToolCall",
    "ToolCallObserver",
    "ToolCallRequest",
    "ask_sync",
]

logger = logging.getLogger(__name__)

DEFAULT_INSTRUCTIONS = (
    "You are an orchestrator. Use the tools offered to do what the user asks, then answer "
    "briefly in plain words from the tools' results. Times are ISO 8601 with an offset, in the "
    "user's local time zone. Do not invent results; say what is missing when a tool fails."
)
MAX_TURNS = 8


@dataclass(frozen=True)
class ToolCallRequest:
    """What the approval callback is asked about."""

    tool: str
    server: str
    arguments: dict[str, Any]


Approver = Callable[[ToolCallRequest], bool | Awaitable[bool]]
ToolCallObserver = Callable[[ToolCallRequest], None]


@dataclass
class ToolCall:
    """One tool call made (or not made) while answering."""

    tool: str
    server: str
    arguments: dict[str, Any]
    status: Literal["ok", "error", "not_executed"]
    result: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "server": self.server,
            "arguments": self.arguments,
            "status": self.status,
            "result": self.result,
        }


@dataclass
class AskResult:
    """The answer to one request."""

    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    degraded: bool = False
    provider: str = ""
    servers: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(c.status == "error" for c in self.tool_calls)

    def as_dict(self, request: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"request": request} if request is not None else {}
        data.update(
            {
                "provider": self.provider,
                "servers": self.servers,
                "tool_calls": [c.as_dict() for c in self.tool_calls],
                "answer": self.text,
                "degraded": self.degraded,
            }
        )
        return data


class Orchestrator:
    """Connects the configured servers, chooses a provider and answers requests."""

    def __init__(
        self,
        settings: Settings,
        *,
        provider: str | None = None,
        model: str | None = None,
        yes: bool = False,
        approve: Approver | None = None,
        on_tool_call: ToolCallObserver | None = None,
        timeout: float | None = None,
    ) -> None:
        self.settings = settings
        self.provider_name = provider
        self.model_name = model
        self.yes = yes
        self.approve = approve
        self.on_tool_call = on_tool_call  # told of each call just before it runs
        self.timeout = timeout
        self.discovery: Discovery | None = None
        self.choice: Choice | None = None
        self._session: Session | None = None

    @classmethod
    def from_config(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        servers: list[str] | None = None,
        **kwargs: Any,
    ) -> Orchestrator:
        """Load the config (see `orchestrator.config` for the lookup order)."""
        settings = load_config(path)
        if servers:
            settings = settings.select(servers)
        return cls(settings, **kwargs)

    async def __aenter__(self) -> Orchestrator:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def start(self) -> None:
        """Choose the provider and bring the servers up (in parallel).

        Stdio server processes are spawned first, so they boot while openai-agents and the
        provider's SDK are imported (`orchestrator.stdio`), once the provider is known to be
        usable (a cheap check, before any process starts)."""
        from orchestrator.registry import plan_provider  # light: imports no SDK

        cfg = self.settings.orchestrator
        plan = plan_provider(self.provider_name, self.model_name, cfg.provider, cfg.model)
        early = prestart(self.settings)
        try:
            from agents import set_tracing_disabled

            from orchestrator.discovery import Discovery

            set_tracing_disabled(True)
            self.choice = plan.build()
            logger.info("provider: %s (%s)", self.choice.name, self.choice.reason)
        except BaseException:
            discard_all(early.values())
            raise
        discovery = Discovery(self.settings, prestarted=early)
        await discovery.__aenter__()
        self.discovery = discovery

    def use_provider(self, name: str, model: str | None = None) -> None:
        """Switch provider (or model) for the requests that follow; history is kept."""
        from orchestrator.registry import choose_provider

        cfg = self.settings.orchestrator
        self.choice = choose_provider(name, model, cfg.provider, cfg.model)
        self.provider_name, self.model_name = name, model

    async def reconnect(self, server: str) -> ServerReport:
        """Try a server that is down or was withdrawn again."""
        return await self._discovery.reconnect(server)

    async def aclose(self) -> None:
        if self.discovery is not None:
            discovery, self.discovery = self.discovery, None
            await discovery.aclose()

    @property
    def reports(self) -> list[ServerReport]:
        return list(self._discovery.reports.values())

    @property
    def catalogue(self) -> dict[str, CatalogueTool]:
        return dict(self._discovery.catalogue.tools)

    @property
    def _discovery(self) -> Discovery:
        if self.discovery is None:
            raise RuntimeError("use `async with Orchestrator.from_config(...)` first")
        return self.discovery

    def session(self) -> Session:
        """A new conversation; follow-up requests see what came before."""
        return Session(self)

    async def ask(self, request: str) -> AskResult:
        """Answer one request in the orchestrator's default session."""
        if self._session is None:
            self._session = self.session()
        return await self._session.ask(request)

    @classmethod
    def run_sync(
        cls, request: str, config: str | os.PathLike[str] | None = None, **kwargs: Any
    ) -> AskResult:
        """Start, answer one request, stop: for scripts."""

        async def run() -> AskResult:
            async with cls.from_config(config, **kwargs) as orch:
                return await orch.ask(request)

        return asyncio.run(run())


def ask_sync(
    request: str, config: str | os.PathLike[str] | Path | None = None, **kwargs: Any
) -> AskResult:
    """`Orchestrator.run_sync` as a function."""
    return Orchestrator.run_sync(request, config, **kwargs)


class Session:
    """A conversation with the orchestrator: history kept across `ask` calls."""

    def __init__(self, orchestrator: Orchestrator) -> None:
        self.orchestrator = orchestrator
        self.history: list[Any] = []
        self._reported_down: set[str] = set()

    async def ask(self, request: str) -> AskResult:
        orch = self.orchestrator
        try:
            if orch.timeout:
                async with asyncio.timeout(orch.timeout):
                    return await self._ask(request)
            return await self._ask(request)
        except TimeoutError as exc:
            raise RequestError(f"no answer within {orch.timeout:g}s") from exc

    async def _ask(self, request: str) -> AskResult:
        from agents import Agent, RunConfig, Runner
        from agents.exceptions import AgentsException

        orch = self.orchestrator
        discovery = orch._discovery
        assert orch.choice is not None
        calls: list[ToolCall] = []
        tools = [self._function_tool(t, calls) for t in discovery.catalogue.tools.values()]
        instructions = DEFAULT_INSTRUCTIONS
        if orch.settings.orchestrator.instructions:
            instructions += "\n" + orch.settings.orchestrator.instructions
        agent = Agent(
            name="orchestrator", instructions=instructions, tools=tools, model=orch.choice.model
        )
        run_input = [*self.history, {"role": "user", "content": request}]
        try:
            result = await Runner.run(
                agent, run_input, max_turns=MAX_TURNS, run_config=RunConfig(tracing_disabled=True)
            )
        except AgentsException as exc:
            raise RequestError(f"the request failed: {exc}") from exc
        self.history = result.to_input_list()
        text = str(result.final_output or "").strip()
        notes = self._notes(calls)
        if notes:
            text = "\n".join([text, *notes]) if text else "\n".join(notes)
        return AskResult(
            text=text,
            tool_calls=calls,
            degraded=discovery.degraded,
            provider=orch.choice.name,
            servers=[r.as_dict() for r in discovery.reports.values()],
        )

    def _notes(self, calls: list[ToolCall]) -> list[str]:
        notes = []
        for call in calls:
            if call.status == "not_executed":
                args = ", ".join(f"{k}={v!r}" for k, v in call.arguments.items())
                notes.append(
                    f"Not done (needs confirmation): {call.tool}({args}). "
                    "Run again with --yes, or approve it in the library, to do it."
                )
        for report in self.orchestrator._discovery.down():
            if report.name not in self._reported_down:
                self._reported_down.add(report.name)
                notes.append(
                    f"Note: server {report.name!r} is unavailable "
                    f"({report.reason}); its tools were not used."
                )
        return notes

    def _function_tool(self, tool: CatalogueTool, calls: list[ToolCall]) -> Any:
        from agents import FunctionTool

        async def invoke(_ctx: Any, raw: str) -> str:
            return await self._invoke(tool, raw, calls)

        return FunctionTool(
            name=tool.name,
            description=tool.description or tool.name,
            params_json_schema=tool.input_schema,
            on_invoke_tool=invoke,
            strict_json_schema=False,
        )

    async def _approved(self, tool: CatalogueTool, arguments: dict[str, Any]) -> bool:
        orch = self.orchestrator
        if orch.yes:
            return True
        if orch.approve is None:
            return False
        verdict = orch.approve(ToolCallRequest(tool.name, tool.server, arguments))
        if inspect.isawaitable(verdict):
            verdict = await verdict
        return bool(verdict)

    async def _invoke(self, tool: CatalogueTool, raw: str, calls: list[ToolCall]) -> str:
        from mcp import MCPError

        from orchestrator.discovery import ServerGoneError

        try:
            arguments = json.loads(raw or "{}")
        except ValueError:
            arguments = {}
        if tool.destructive and not await self._approved(tool, arguments):
            calls.append(ToolCall(tool.name, tool.server, arguments, "not_executed"))
            return json.dumps(
                {
                    "not_executed": True,
                    "tool": tool.name,
                    "arguments": arguments,
                    "reason": "destructive; needs the user's confirmation",
                }
            )
        logger.info("calling %s %s", tool.name, json.dumps(arguments))
        if self.orchestrator.on_tool_call is not None:
            self.orchestrator.on_tool_call(ToolCallRequest(tool.name, tool.server, arguments))
        try:
            result = await self.orchestrator._discovery.call(tool.name, arguments)
        except ServerGoneError as exc:
            message = f"server {tool.server!r} stopped and could not be restarted: {exc}"
            calls.append(ToolCall(tool.name, tool.server, arguments, "error", message))
            return "ERROR: " + message
        except MCPError as exc:
            calls.append(ToolCall(tool.name, tool.server, arguments, "error", exc.message))
            return "ERROR: " + exc.message
        payload: Any = result.structured_content
        if payload is None:
            texts = [getattr(c, "text", "") for c in result.content]
            joined = "\n".join(t for t in texts if t)
            try:
                payload = json.loads(joined)
            except ValueError:
                payload = joined
        status: Literal["ok", "error"] = "error" if result.is_error else "ok"
        calls.append(ToolCall(tool.name, tool.server, arguments, status, payload))
        text = payload if isinstance(payload, str) else json.dumps(payload, default=str)
        return ("ERROR: " + text) if result.is_error and isinstance(payload, str) else text
