"""A tool call made as a task (`orchestrator.tasks` says when and how long it is waited for):
started, recorded, followed with its status shown as the call's progress, and either ended with
the tool's result or left running with a result that says so (its id, and the command that
fetches it). Cancelling the call cancels the task (`_task_wire.follow`), even while it is being
started (`_task_wire.start_cancellable`).

Imports the MCP SDK; `orchestrator.connection` loads it when a call goes as a task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from mcp import Client
from mcp_types import CallToolResult, TextContent

from orchestrator import _task_wire as wire
from orchestrator.handlers import Progress
from orchestrator.tasks import RELATED_TASK, TaskEntry, TaskPolicy, left_running_text

__all__ = ["call_as_task"]


async def call_as_task(
    client: Client,
    server: str,
    tool: str,
    arguments: dict[str, Any],
    *,
    policy: TaskPolicy | None,
    progress: Callable[[Progress], None] | None,
) -> CallToolResult:
    """Call ``tool`` on ``server`` as a task (see the module's docstring)."""
    policy = policy or TaskPolicy()
    started = await wire.start_cancellable(client, tool, arguments)
    if isinstance(started, CallToolResult):  # the server answered at once
        return started
    entry = TaskEntry(server, tool, started.task_id, started.status, message=started.status_message)
    if policy.record is not None:
        policy.record(entry)
    count = 0

    def told(state: wire.TaskState) -> None:
        nonlocal count
        count += 1
        if progress is not None:
            said = f"task {state.status}" + (
                f": {state.status_message}" if state.status_message else ""
            )
            progress(Progress(server, tool, count, None, said))

    try:
        outcome = await wire.follow(client, started, told=told, wait_seconds=policy.wait_seconds)
    except asyncio.CancelledError:  # Ctrl-C, --timeout: follow has sent tasks/cancel
        if policy.record is not None:
            policy.record(entry.seen("cancelled", "cancelled by the orchestrator"))
        raise
    if isinstance(outcome, wire.TaskState):  # left running
        entry = entry.seen(outcome.status, outcome.status_message)
        if policy.record is not None:
            policy.record(entry)
        text = left_running_text(entry)
        return CallToolResult(
            content=[TextContent(type="text", text=text)],
            is_error=False,
            _meta={RELATED_TASK: {"taskId": entry.task_id}},  # a fact: it was left running
        )
    if policy.record is not None:
        policy.record(entry.seen("failed" if outcome.is_error else "completed"))
    return outcome
