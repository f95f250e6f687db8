"""Tasks as a requestor speaks them, on both wires: SEP-1686 (2025-11-25) and the
``io.modelcontextprotocol/tasks`` extension (2026-07-28), over an open `mcp.Client`.

The SDK's client has no method for them (and checks a ``tools/call`` result against
``CallToolResult``), so these requests go out raw through the session, stamped as every request
of its era is; on 2026-07-28 the task-augmented ``tools/call`` alone names the extension in its
client capabilities, so no other call ever gets a task back. `follow` polls ``tasks/get`` at the
server's ``pollInterval`` (bounded: `MIN_POLL_SECONDS`..`MAX_POLL_SECONDS`) and fetches the
result (``tasks/result`` on 2025-11-25; on 2026-07-28 the completed task carries it).

This module imports the MCP SDK; it is loaded with `orchestrator.connection`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from mcp import Client, MCPError
from mcp_types import CLIENT_CAPABILITIES_META_KEY, CallToolResult, ErrorData
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from orchestrator.tasks import TERMINAL

__all__ = [
    "MAX_POLL_SECONDS",
    "MIN_POLL_SECONDS",
    "TASKS_EXTENSION",
    "TaskState",
    "cancel",
    "follow",
    "get",
    "offers_tasks",
    "result",
    "send_raw",
    "start",
]

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
MIN_POLL_SECONDS = 0.05
MAX_POLL_SECONDS = 5.0
DEFAULT_POLL_SECONDS = 1.0
CANCEL_WAIT_SECONDS = 5.0


@dataclass(frozen=True)
class TaskState:
    """A task as its server last described it (either wire's shape, read into one)."""

    task_id: str
    status: str
    status_message: str | None = None
    poll_seconds: float = DEFAULT_POLL_SECONDS
    result: dict[str, Any] | None = None  # 2026-07-28: the completed task's CallToolResult
    error: dict[str, Any] | None = None  # 2026-07-28: a failed task's JSON-RPC error

    @property
    def done(self) -> bool:
        return self.status in TERMINAL

    @classmethod
    def of(cls, body: dict[str, Any]) -> TaskState:
        task_id = body.get("taskId")
        status = body.get("status")
        if not isinstance(task_id, str) or not isinstance(status, str):
            raise MCPError(-32603, "the server answered with a task that has no taskId or status")
        poll = body.get("pollIntervalMs", body.get("pollInterval"))
        seconds = poll / 1000 if isinstance(poll, int | float) else DEFAULT_POLL_SECONDS
        return cls(
            task_id=task_id,
            status=status,
            status_message=body.get("statusMessage"),
            poll_seconds=min(max(seconds, MIN_POLL_SECONDS), MAX_POLL_SECONDS),
            result=body.get("result") if isinstance(body.get("result"), dict) else None,
            error=body.get("error") if isinstance(body.get("error"), dict) else None,
        )


def _modern(client: Client) -> bool:
    return client.protocol_version in MODERN_PROTOCOL_VERSIONS


def offers_tasks(client: Client, task_support: str | None) -> bool:
    """Whether a call of a tool listed with ``task_support`` goes as a task: the tool allows it
    and the server declared tasks (the capability, or the extension on 2026-07-28)."""
    if task_support not in ("optional", "required"):
        return False
    capabilities = client.server_capabilities
    if _modern(client):
        return TASKS_EXTENSION in (capabilities.extensions or {})
    tasks = capabilities.tasks
    return tasks is not None and tasks.requests is not None and tasks.requests.tools is not None


async def send_raw(
    client: Client, method: str, params: dict[str, Any], *, extension: str | None = None
) -> Any:
    """A request the SDK's client has no method for (an extension's), stamped as every request
    of its era is; on 2026-07-28 its client capabilities name ``extension``. The raw result."""
    session = client.session
    data: dict[str, Any] = {"method": method, "params": params}
    opts: dict[str, Any] = {}
    session._stamp(data, opts)  # type: ignore[arg-type]  # the era's _meta and headers
    if extension is not None and _modern(client):
        meta = data["params"].get("_meta") or {}
        capabilities = dict(meta.get(CLIENT_CAPABILITIES_META_KEY) or {})
        capabilities["extensions"] = {**(capabilities.get("extensions") or {}), extension: {}}
        data["params"]["_meta"] = {**meta, CLIENT_CAPABILITIES_META_KEY: capabilities}
    return await session._dispatcher.send_raw_request(method, data["params"], opts)  # type: ignore[arg-type]


async def _send(client: Client, method: str, params: dict[str, Any], *, tasks: bool = True) -> Any:
    # task requests (these alone) name the tasks extension
    return await send_raw(client, method, params, extension=TASKS_EXTENSION if tasks else None)


async def start(
    client: Client, tool: str, arguments: dict[str, Any], *, ttl_ms: int | None = None
) -> TaskState | CallToolResult:
    """Call ``tool`` as a task: its `TaskState` at once (or the plain result, when the server
    chose to answer at once)."""
    params: dict[str, Any] = {"name": tool, "arguments": arguments}
    if _modern(client):
        raw = await _send(client, "tools/call", params)
        if raw.get("resultType") == "task":
            return TaskState.of(raw)
        return CallToolResult.model_validate(raw)
    params["task"] = {"ttl": ttl_ms} if ttl_ms is not None else {}
    raw = await _send(client, "tools/call", params)
    if isinstance(raw.get("task"), dict):
        return TaskState.of(raw["task"])
    return CallToolResult.model_validate(raw)


async def start_cancellable(
    client: Client, tool: str, arguments: dict[str, Any]
) -> TaskState | CallToolResult:
    """`start`, from a caller that may be cancelled while the request is on its way: the server
    may have made the task (and started its work) before the caller was cancelled, and the
    SDK's cancellation of a request it has answered does nothing, so its answer is awaited (at
    most `CANCEL_WAIT_SECONDS`) and a task it names is cancelled with ``tasks/cancel``."""
    starting = asyncio.ensure_future(start(client, tool, arguments))
    try:
        return await asyncio.shield(starting)
    except asyncio.CancelledError:
        try:
            started = await asyncio.wait_for(asyncio.shield(starting), CANCEL_WAIT_SECONDS)
        except BaseException:
            starting.cancel()
        else:
            if isinstance(started, TaskState):
                await _cancel_shielded(client, started.task_id)
        raise


async def get(client: Client, task_id: str) -> TaskState:
    return TaskState.of(await _send(client, "tasks/get", {"taskId": task_id}))


async def cancel(client: Client, task_id: str) -> None:
    await _send(client, "tasks/cancel", {"taskId": task_id})


async def result(client: Client, task_id: str, state: TaskState | None = None) -> CallToolResult:
    """The tool's result of a task that has ended (on 2025-11-25, ``tasks/result`` waits for
    it). A task that failed with an error, or was cancelled, raises `MCPError`."""
    if not _modern(client):
        return CallToolResult.model_validate(
            await _send(client, "tasks/result", {"taskId": task_id})
        )
    state = state if state is not None and state.done else await get(client, task_id)
    if state.result is not None:
        return CallToolResult.model_validate(state.result)
    if state.error is not None:
        raise MCPError.from_error_data(ErrorData.model_validate(state.error))
    raise MCPError(-32602, f"task {task_id} is {state.status}: it has no result")


async def follow(
    client: Client,
    state: TaskState,
    *,
    told: Callable[[TaskState], Awaitable[None] | None] | None = None,
    wait_seconds: float | None = None,
    cancel_with_caller: bool = True,
) -> CallToolResult | TaskState:
    """Poll ``tasks/get`` until the task ends (telling ``told`` each new status or message),
    then fetch its result; after ``wait_seconds`` (None: no limit), the task as it is, still
    running. Cancelling the caller (Ctrl-C, a deadline) sends ``tasks/cancel`` first, unless
    ``cancel_with_caller`` is false (a caller that only waits for a task it did not start)."""
    loop = asyncio.get_running_loop()
    limit = None if wait_seconds is None else loop.time() + wait_seconds
    last: tuple[str, str | None] | None = None
    try:
        while not state.done:
            if told is not None and (state.status, state.status_message) != last:
                last = (state.status, state.status_message)
                said = told(state)
                if said is not None:
                    await said
            if limit is not None and loop.time() >= limit:
                return state
            pause = state.poll_seconds
            if limit is not None:
                pause = max(0.0, min(pause, limit - loop.time()))
            await asyncio.sleep(pause)
            state = await get(client, state.task_id)
    except asyncio.CancelledError:
        if cancel_with_caller:
            await _cancel_shielded(client, state.task_id)
        raise
    return await result(client, state.task_id, state)


async def _cancel_shielded(client: Client, task_id: str) -> None:
    """Send ``tasks/cancel`` from a caller being cancelled: in a task of its own, awaited at most
    `CANCEL_WAIT_SECONDS` (the server may be gone)."""
    sending = asyncio.ensure_future(cancel(client, task_id))
    try:
        await asyncio.wait_for(asyncio.shield(sending), CANCEL_WAIT_SECONDS)
    except BaseException:
        sending.cancel()
