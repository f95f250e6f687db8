"""Runs a model's tool calls: approval, observers, the MCP call, the record.

`ToolRunner.run(item)` takes one `ToolCallItem` and gives back the `ToolResultItem` the model
reads next and the `ToolCall` recorded in the answer. The arguments of a tool offered with a
schema of the caller's (a renamed tool's, which its server never saw) are checked against that
schema first, within a second and the request's deadline (`orchestrator._arguments`: nested
objects, arrays, local `$defs`; nothing fetched; patterns bounded); a server checks its own.
A call that needs approval (a destructive tool not in the server's `auto_approve`) runs only
after `approve` returns True (or with `yes`; anything else, as the string "no", is a refusal
that says what it returned); the questions are asked one at a time even when a
model asks for several calls at once. Whatever goes wrong (arguments the model sent that could
not be read, as text that is not JSON, which are never sent; arguments that break the schema, an
unknown tool, a server that stopped, a JSON-RPC error, a result that breaks the tool's own
output schema) comes back as a failed result the model can read, never as an exception, and
never as a success: the MCP result's `isError` is carried as `status`.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from orchestrator import tracing
from orchestrator.errors import OrchestratorError, ServerUnavailableError, UnknownToolError
from orchestrator.messages import DECLINED, NOT_APPROVED, ToolCallItem, ToolResultItem, parse_output
from orchestrator.models._turns import UnreadableArguments
from orchestrator.result import ToolCall
from orchestrator.tasks import RELATED_TASK

if TYPE_CHECKING:
    from mcp_types import CallToolResult

    from orchestrator.discovery import Discovery

__all__ = ["Approver", "LocalTool", "ToolCallObserver", "ToolRunner"]

logger = logging.getLogger(__name__)

Approver = Callable[[ToolCall], bool | Awaitable[bool]]
ToolCallObserver = Callable[[ToolCall], None]
# A tool the orchestrator answers itself (a skill's loading, `orchestrator.skills`): given the
# arguments, the server it read from and the text the model reads; an `OrchestratorError` fails it.
LocalTool = Callable[[dict[str, Any]], Awaitable[tuple[str, str]]]


def payload_of(result: CallToolResult) -> Any:
    """The structured content, else the text content (parsed when it is JSON)."""
    if result.structured_content is not None:
        return result.structured_content
    parts = []
    for block in result.content:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)  # type: ignore[union-attr]
        elif kind == "resource" and hasattr(getattr(block, "resource", None), "text"):
            parts.append(block.resource.text)  # type: ignore[union-attr]
        else:
            mime = getattr(block, "mime_type", None) or getattr(block, "mimeType", None)
            parts.append(f"[{kind} content{f' ({mime})' if mime else ''}]")
    return parse_output("\n".join(p for p in parts if p))


def _as_text(payload: Any) -> str:
    return (
        payload
        if isinstance(payload, str)
        else json.dumps(payload, ensure_ascii=False, default=str)
    )


def _argument_problems(schema: Any, arguments: Any, deadline: float | None) -> list[str]:
    from orchestrator._arguments import CHECK_SECONDS, problems

    seconds = CHECK_SECONDS
    if deadline is not None:
        seconds = min(seconds, deadline - asyncio.get_running_loop().time())
    return problems(schema, arguments, seconds=seconds)


class ToolRunner:
    """Executes tool calls over `discovery`, asking `approve` first where a call needs it."""

    def __init__(
        self,
        discovery: Discovery,
        *,
        approve: Approver | None = None,
        on_tool_call: ToolCallObserver | None = None,
        yes: bool = False,
        on_tool_result: ToolCallObserver | None = None,
        local_tools: Mapping[str, LocalTool] | None = None,
    ) -> None:
        self.discovery = discovery
        self.local_tools = dict(local_tools or {})  # a server's tool of the same name wins
        self.approve = approve
        self.on_tool_call = on_tool_call
        self.on_tool_result = on_tool_result
        self.yes = yes
        self._asking = asyncio.Lock()

    async def _refusal(self, call: ToolCall) -> str | None:
        """None when `call` may run; else what the model reads instead of its result: nobody
        could be asked, the approver said no (False), or it returned anything but True (a
        string such as "no" from `input()`, None): a refusal that says what it returned, kept
        as the call's `result` too."""
        if self.yes:
            return None
        if self.approve is None:
            return NOT_APPROVED
        async with self._asking:
            verdict = self.approve(call)
            if inspect.isawaitable(verdict):
                verdict = await verdict
        if verdict is True:
            return None
        if verdict is False:
            return DECLINED
        said = f"approve returned {verdict!r:.80} ({type(verdict).__name__}), not True: not run"
        logger.warning("%s: %s", call.tool, said)
        call.result = said
        return said

    async def run(
        self,
        item: ToolCallItem,
        *,
        deadline: float | None = None,
        on_sent: ToolCallObserver | None = None,
    ) -> tuple[ToolResultItem, ToolCall]:
        """Run one call the model asked for; never raises for the call's own failure.
        `on_tool_result` is told of each call that ran, with its outcome. `deadline` (the event
        loop's clock) is when the request must be over. `on_sent` is told of the call as it is
        sent to its server (from then on it may have been done, even if cancelled)."""
        server, transport, url = self._where(item)
        with tracing.tool_span(item.name, server, item.call_id, transport, url) as span:
            result, call, error_type = await self._run(item, deadline, on_sent)
            tracing.tool_done(span, call, error_type)
        if self.on_tool_result is not None and call.status in ("ok", "error") and call.server:
            self.on_tool_result(call)
        return result, call

    def _where(self, item: ToolCallItem) -> tuple[str, str | None, str | None]:
        """The server of the tool `item` calls, its transport and URL (for its span)."""
        try:
            server = self.discovery.catalogue.get(item.name).server
        except UnknownToolError:
            return "", None, None
        entry = self.discovery.settings.servers.get(server)
        if entry is None:
            return server, None, None
        return server, entry.transport, entry.url

    async def _run(
        self, item: ToolCallItem, deadline: float | None, on_sent: ToolCallObserver | None
    ) -> tuple[ToolResultItem, ToolCall, str | None]:
        """The call's outcome, and when it failed, its `error.type` for the span."""
        local = self.local_tools.get(item.name)
        if local is not None and item.name not in self.discovery.catalogue.tools:
            return await self._run_local(item, local)
        try:
            tool = self.discovery.catalogue.get(item.name)
        except UnknownToolError as exc:
            call = ToolCall(item.name, "", dict(item.arguments), "error", str(exc))
            failed = ToolResultItem(item.call_id, item.name, str(exc), "error")
            return failed, call, "unknown_tool"
        call = ToolCall(tool.name, tool.server, dict(item.arguments))
        if isinstance(item.arguments, UnreadableArguments):  # never sent: the model is told
            message = (
                f"{tool.name} was not called: its arguments could not be read, "
                f"{item.arguments.problem}; call it again with them as one JSON object "
                f"(received: {item.arguments.raw!r:.200})"
            )
            return self._failed(item, call, message, "invalid_arguments")
        if tool.check_arguments:
            found = _argument_problems(tool.input_schema, call.arguments, deadline)
            if found:
                message = f"arguments do not fit {tool.name}'s schema: " + "; ".join(found)
                return self._failed(item, call, message, "invalid_arguments")
        said = await self._refusal(call) if tool.needs_approval else None
        if said is not None:
            call.status = "not_executed"
            refused = ToolResultItem(item.call_id, item.name, said, "not_executed")
            return refused, call, None
        logger.info("calling %s %s", tool.name, json.dumps(call.arguments, default=str))
        if self.on_tool_call is not None:
            self.on_tool_call(call)
        if on_sent is not None:
            on_sent(call)
        try:
            result = await self.discovery.call(tool.name, call.arguments)
        # RuntimeError: the SDK checks a result against the tool's output schema
        except (ServerUnavailableError, UnknownToolError, RuntimeError) as exc:
            return self._failed(item, call, str(exc), type(exc).__qualname__)
        except Exception as exc:  # a JSON-RPC error (MCPError), a timeout: the call failed
            message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            code = getattr(exc, "code", None)  # a JSON-RPC error's code, as the MCP spans say
            kind = str(code) if isinstance(code, int) else type(exc).__qualname__
            return self._failed(item, call, f"{tool.name} failed: {message}", kind)
        payload = payload_of(result)
        call.status, call.result = ("error" if result.is_error else "ok"), payload
        reply = ToolResultItem(item.call_id, item.name, _as_text(payload), call.status)
        if RELATED_TASK in (result.meta or {}) and not result.is_error:
            call.status = "started"  # left running as a task (`--detach`): not ended, not ok
        return reply, call, "tool_error" if result.is_error else None

    async def _run_local(
        self, item: ToolCallItem, tool: LocalTool
    ) -> tuple[ToolResultItem, ToolCall, str | None]:
        call = ToolCall(item.name, "", dict(item.arguments))
        if self.on_tool_call is not None:
            self.on_tool_call(call)
        try:
            call.server, text = await tool(call.arguments)
        except OrchestratorError as exc:
            return self._failed(item, call, str(exc), type(exc).__qualname__)
        except Exception as exc:  # a JSON-RPC error (MCPError) reading what the tool reads
            message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            kind = type(exc).__qualname__
            return self._failed(item, call, f"{item.name} failed: {message}", kind)
        call.status, call.result = "ok", text
        return ToolResultItem(item.call_id, item.name, text, "ok"), call, None

    @staticmethod
    def _failed(
        item: ToolCallItem, call: ToolCall, message: str, error_type: str
    ) -> tuple[ToolResultItem, ToolCall, str]:
        call.status, call.result = "error", message
        return ToolResultItem(item.call_id, item.name, message, "error"), call, error_type
