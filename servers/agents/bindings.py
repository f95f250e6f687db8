"""Registered tools at work: offered to a model under their registered names, run on the MCP
server they are bound to, and a model's turns until it answers in words.

A registered tool is offered exactly as registered (name, description, JSON Schema). When the
model calls one, the arguments are checked against that schema, then the bound server is started
(only that one, the first time one of its tools is called in this request, with ``allowed_tools``
narrowed to the tools bound to it) through the orchestrator's ``Discovery``, from the
orchestrator's config, and its tool is called. Whatever goes wrong (a server that is down or gone
from the config, a tool it does not offer, arguments that break the schema) reaches the model as
a failed tool result it can read and explain; the servers close when the request ends.

Registered tools are run without asking: registering a tool is the decision to let the agent
call it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import AsyncExitStack
from typing import Any

from mcp_types import CallToolResult

from orchestrator._arguments import problems as schema_problems
from orchestrator.config import Settings
from orchestrator.discovery import Discovery
from orchestrator.errors import ServerUnavailableError, UnknownToolError
from orchestrator.messages import CallStatus, Item, ToolCallItem, ToolResultItem, UserMessage
from orchestrator.models import Model, ModelRequest, ModelSettings, ToolDefinition
from orchestrator.session import MAX_TURNS
from servers.agents._answer import Answer, Tokens
from servers.agents.errors import AgentFailedError
from servers.agents.repository import RegisteredTool

__all__ = ["ToolBindings", "run_model"]

logger = logging.getLogger(__name__)


def _result_text(result: CallToolResult) -> str:
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False, default=str)
    parts = []
    for block in result.content:
        text = getattr(block, "text", None)
        parts.append(text if isinstance(text, str) else f"[{getattr(block, 'type', '?')} content]")
    return "\n".join(parts)


class ToolBindings:
    """One request's registered tools and the MCP servers started for them."""

    def __init__(
        self,
        tools: list[RegisteredTool],
        settings: Settings | None,
        config_problem: str | None = None,
    ) -> None:
        self.tools = {t.name: t for t in tools}
        self.settings = settings
        self.config_problem = config_problem
        self.calls: list[dict[str, Any]] = []
        self._stack = AsyncExitStack()
        self._started: dict[str, Discovery] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    async def __aenter__(self) -> ToolBindings:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self._stack.aclose()

    def definitions(self) -> list[ToolDefinition]:
        return [ToolDefinition(t.name, t.description, t.input_schema) for t in self.tools.values()]

    async def _discovery(self, server: str) -> Discovery | str:
        """The started server, or why it cannot be."""
        if self.settings is None:
            return f"the orchestrator config cannot be read: {self.config_problem}"
        entry = self.settings.servers.get(server)
        if entry is None:
            source = self.settings.source
            return f"server {server!r} is no longer in the orchestrator config ({source})"
        lock = self._locks.setdefault(server, asyncio.Lock())
        async with lock:
            if server not in self._started:
                bound = sorted({t.tool for t in self.tools.values() if t.server == server})
                # Not `required`: a server that cannot start is a tool error, not a crash.
                narrowed = entry.model_copy(
                    update={"allowed_tools": bound, "expected_tools": bound, "required": False}
                )
                only = self.settings.model_copy(update={"servers": {server: narrowed}})
                self._started[server] = await self._stack.enter_async_context(Discovery(only))
        discovery = self._started[server]
        report = discovery.reports[server]
        if report.state != "up":
            return f"server {server!r} is unavailable: {report.reason or report.state}"
        return discovery

    async def run(self, item: ToolCallItem) -> ToolResultItem:
        """Run one call the model asked for; its failure is a result, never an exception."""
        tool = self.tools.get(item.name)
        if tool is None:
            known = ", ".join(self.tools) or "none"
            return self._failed(item, None, f"no tool named {item.name!r} (available: {known})")
        problems = schema_problems(tool.input_schema, item.arguments)
        if problems:
            return self._failed(
                item, tool, f"arguments do not fit {tool.name}'s schema: " + "; ".join(problems)
            )
        found = await self._discovery(tool.server)
        if isinstance(found, str):
            return self._failed(item, tool, found)
        try:
            result = await found.call(tool.tool, dict(item.arguments))
        except UnknownToolError:
            message = f"server {tool.server!r} offers no tool {tool.tool!r}"
            return self._failed(item, tool, message)
        except ServerUnavailableError as exc:
            return self._failed(item, tool, str(exc))
        except Exception as exc:  # a JSON-RPC error, a timeout: the call failed
            message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            return self._failed(item, tool, f"{tool.tool} on {tool.server!r} failed: {message}")
        status: CallStatus = "error" if result.is_error else "ok"
        self._record(item.name, tool, status)
        return ToolResultItem(item.call_id, item.name, _result_text(result), status)

    def _record(self, name: str, tool: RegisteredTool | None, status: str) -> None:
        binding = {"server": tool.server, "tool": tool.tool} if tool is not None else None
        self.calls.append({"tool": name, "binding": binding, "status": status})

    def _failed(
        self, item: ToolCallItem, tool: RegisteredTool | None, message: str
    ) -> ToolResultItem:
        self._record(item.name, tool, "error")
        logger.info("tool call %s failed: %s", item.name, message)
        return ToolResultItem(item.call_id, item.name, message, "error")


async def run_model(
    model: Model,
    *,
    agent: str,
    instructions: str,
    text: str,
    settings: ModelSettings,
    bindings: ToolBindings,
) -> Answer:
    """Ask ``model``; run the tools it calls, and ask again, until it answers in words."""
    history: list[Item] = [UserMessage(text)]
    definitions = bindings.definitions()
    tokens: Tokens | None = None
    answered_by = model.name
    for _ in range(MAX_TURNS):
        response = await model.respond(
            ModelRequest(instructions, list(history), definitions, settings)
        )
        answered_by = response.model or answered_by
        if response.usage.reported:
            usage = response.usage
            turn = Tokens(
                input=usage.input_tokens,
                output=usage.output_tokens,
                cached=usage.cached_tokens,
                cache_write=usage.cache_write_tokens,
                reasoning=usage.reasoning_tokens,
            )
            tokens = turn if tokens is None else tokens + turn
        history.extend(response.items)
        if not response.tool_calls:
            answer = Answer(response.text.strip(), tokens, answered_by)
            if bindings.calls:
                answer.metadata["tool_calls"] = list(bindings.calls)
            return answer
        history.extend(await asyncio.gather(*(bindings.run(c) for c in response.tool_calls)))
    raise AgentFailedError(
        f"{agent} asked for tools {MAX_TURNS} times without answering", code="no_answer"
    )
