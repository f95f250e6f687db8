"""The fleet's MCP tools: thin adapters from validated arguments to :class:`FleetService`.

The contract's 11, then three beyond it that keep its error body and name rules:
``show_agent_diff``, ``merge_agent_work`` and ``send_agent_feedback``. Every failure has the
contract's body, ``{"error": {"code", "message", "details"}}``, marked ``is_error``:
INVALID_INPUT (bad arguments name the field and the rule), NOT_FOUND, CONFLICT, INTERNAL_ERROR,
SERVICE_UNAVAILABLE. delete_agent, restart_agent, cancel_agent_task and merge_agent_work carry
``destructiveHint``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, nullcontext
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server
from pydantic import ValidationError

from servers._common import ArgumentProblem, ToolSpec, build_server, shorten
from servers._common.app import in_background
from servers.fleet._audience import Audience
from servers.fleet._events import FleetHub, FleetWatcher
from servers.fleet._http import workspace_routes
from servers.fleet._runtime import FleetRuntime
from servers.fleet._task_tools import fleet_tasks
from servers.fleet.config import FleetSettings, open_backend, watch_interval
from servers.fleet.dashboard import DASHBOARD_PATH, dashboard_routes
from servers.fleet.errors import FleetError, InternalError, InvalidInputError, invalid_arguments
from servers.fleet.metadata import TaskfileMetadata
from servers.fleet.models import (
    AgentNameInput,
    CancelAgentTaskResponse,
    ChangeAgentInput,
    CreateAgentInput,
    CreateAgentResponse,
    DeleteAgentResponse,
    ListAgentProjectsInput,
    ListAgentProjectsResponse,
    ListAgentRolesInput,
    ListAgentRolesResponse,
    ListAgentsInput,
    ListAgentsResponse,
    MergeAgentWorkInput,
    MergeAgentWorkResponse,
    RestartAgentResponse,
    SendAgentFeedbackInput,
    SendAgentFeedbackResponse,
    ShowAgentDiffInput,
    ShowAgentDiffResponse,
    ShowAgentLogInput,
    ShowAgentLogResponse,
    ShowAgentResponse,
    ShowAgentTaskHistoryInput,
    ShowAgentTaskHistoryResponse,
    StartAgentTaskInput,
    StartAgentTaskResponse,
)
from servers.fleet.service import FleetService

__all__ = ["FLEET_TOOLS", "FleetErrorEnvelope", "build_fleet_server", "create_server"]

logger = logging.getLogger(__name__)

SERVER_NAME = "fleet"
INSTRUCTIONS = (
    "A fleet of AI coding agents, each in its own workspace (a git worktree, or a Coder "
    "workspace). create_agent makes one and starts its first task; start_agent_task sends the "
    "next (it may wait in a queue); show_agent, show_agent_log and show_agent_task_history say "
    "what it is doing; cancel_agent_task interrupts it. show_agent_diff shows what it changed, "
    "send_agent_feedback comments on it, merge_agent_work lands it. Projects and roles: "
    "list_agent_projects, list_agent_roles. Each agent is also a resource "
    "(fleet://agents/NAME, fleet://agents/NAME/log) to subscribe to."
)


class FleetErrorEnvelope:
    """The contract's error body: ``{"error": {"code", "message", "details"}}``."""

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        return invalid_arguments(tool, problems).body()

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        if isinstance(exc, FleetError):
            return exc.body()
        logger.exception("%s failed unexpectedly", tool)
        return InternalError(
            f"{tool} failed with an internal error ({type(exc).__name__}); the server log has "
            "the details"
        ).body()

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        return InvalidInputError(
            f"Unknown tool '{shorten(tool)}'. Known tools: {', '.join(known)}",
            known_tools=list(known),
        ).body()


_READ = types.ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
_WRITE = types.ToolAnnotations(read_only_hint=False, destructive_hint=False)
_DESTRUCTIVE = types.ToolAnnotations(read_only_hint=False, destructive_hint=True)

FLEET_TOOLS: list[ToolSpec[FleetService, Any]] = [
    ToolSpec(
        "list_agents",
        "List the fleet's agents with their status, project, role and last task, optionally "
        "filtered by status or project; each with the values of its list metadata fields.",
        ListAgentsInput,
        FleetService.list_agents,
        ListAgentsResponse,
        _READ,
    ),
    ToolSpec(
        "show_agent",
        "Show one agent in detail, with all its workspace metadata (git branch, pull request, "
        "...).",
        AgentNameInput,
        FleetService.show_agent,
        ShowAgentResponse,
        _READ,
    ),
    ToolSpec(
        "list_agent_projects",
        "List the projects agents can be created on.",
        ListAgentProjectsInput,
        FleetService.list_agent_projects,
        ListAgentProjectsResponse,
        _READ,
    ),
    ToolSpec(
        "list_agent_roles",
        "List the roles (agent commands or presets) of a project.",
        ListAgentRolesInput,
        FleetService.list_agent_roles,
        ListAgentRolesResponse,
        _READ,
    ),
    ToolSpec(
        "create_agent",
        "Create an agent in its own workspace on a project and start its first task. The role "
        "defaults to the project's default role.",
        CreateAgentInput,
        FleetService.create_agent,
        CreateAgentResponse,
        _WRITE,
    ),
    ToolSpec(
        "delete_agent",
        "Delete an agent and its workspace, even while busy. Refused when its worktree holds "
        "work on no other branch (the message says what), unless force (the work is then kept "
        "in a patch file); dry_run only says what would happen.",
        ChangeAgentInput,
        FleetService.delete_agent,
        DeleteAgentResponse,
        _DESTRUCTIVE,
    ),
    ToolSpec(
        "restart_agent",
        "Restart an agent whatever its state: stop what runs and bring it back to idle (local: "
        "its worktree and branch are kept, what the stopped task changed is committed); "
        "dry_run only says what would happen.",
        ChangeAgentInput,
        FleetService.restart_agent,
        RestartAgentResponse,
        _DESTRUCTIVE,
    ),
    ToolSpec(
        "start_agent_task",
        "Send a task to an idle agent (it becomes busy, or queued while its project's "
        "max_busy_agents are busy).",
        StartAgentTaskInput,
        FleetService.start_agent_task,
        StartAgentTaskResponse,
        _WRITE,
    ),
    ToolSpec(
        "cancel_agent_task",
        "Cancel a busy agent's task by sending it an interrupt (Ctrl-C); it returns to idle "
        "once the task stops.",
        AgentNameInput,
        FleetService.cancel_agent_task,
        CancelAgentTaskResponse,
        _DESTRUCTIVE,
    ),
    ToolSpec(
        "show_agent_task_history",
        "An agent's tasks, newest first, in pages.",
        ShowAgentTaskHistoryInput,
        FleetService.show_agent_task_history,
        ShowAgentTaskHistoryResponse,
        _READ,
    ),
    ToolSpec(
        "show_agent_log",
        "An agent's log lines, newest first, in pages (by default only the latest line).",
        ShowAgentLogInput,
        FleetService.show_agent_log,
        ShowAgentLogResponse,
        _READ,
    ),
    ToolSpec(
        "show_agent_diff",
        "What an agent changed since it started: its commits, its uncommitted files, a stat and "
        "each file's patch, in pages of files.",
        ShowAgentDiffInput,
        FleetService.show_agent_diff,
        ShowAgentDiffResponse,
        _READ,
    ),
    ToolSpec(
        "merge_agent_work",
        "Merge an idle agent's work into its base branch (fast-forward, rebase or merge commit, "
        "as the fleet file says); a conflict is refused with the files named and nothing "
        "changed. open_pull_request pushes its branch and opens a pull request with gh instead.",
        MergeAgentWorkInput,
        FleetService.merge_agent_work,
        MergeAgentWorkResponse,
        _DESTRUCTIVE,
    ),
    ToolSpec(
        "send_agent_feedback",
        "Send review comments on files and lines of an agent's diff (and a general message) to "
        "the agent as its next task.",
        SendAgentFeedbackInput,
        FleetService.send_agent_feedback,
        SendAgentFeedbackResponse,
        _WRITE,
    ),
]


def build_fleet_server(service: FleetService) -> Server[Any]:
    """The fleet server over an already-built service (tests, embedding)."""
    return build_server(
        SERVER_NAME,
        FLEET_TOOLS,
        FleetErrorEnvelope(),
        instructions=INSTRUCTIONS,
        lifespan=lambda: nullcontext(service),
    )


def create_server(
    settings: FleetSettings, *, background: bool = False, subscriptions: bool = True
) -> Server[Any]:
    """The fleet server for ``settings``: its backend opens when it starts serving (with
    ``background``, while it already answers the handshake: stdio), and with it the watcher
    that starts queued tasks and tells clients what changed. It offers each agent as a
    resource (:mod:`servers.fleet._audience`), with ``resources/subscribe`` for handshake-era
    clients when ``subscriptions`` (not over stateless HTTP: no connection there outlives a
    request to be written to later). Over HTTP it serves the live dashboard at ``/``
    (:mod:`servers.fleet.dashboard`) and answers ``GET /metadata``, ``/diff`` and ``/work`` for
    ``settings.workspace``."""
    runtime = FleetRuntime()
    audience = Audience(runtime)

    @asynccontextmanager
    async def lifespan() -> AsyncIterator[FleetService]:
        async with contextlib.AsyncExitStack() as stack:
            try:
                backend = await stack.enter_async_context(open_backend(settings))
            except Exception as exc:  # resource requests waiting for it are told why
                runtime.failed(str(exc) or type(exc).__name__)
                raise
            tg = await stack.enter_async_context(anyio.create_task_group())
            hub = FleetHub()
            interval = watch_interval(settings)
            watcher = FleetWatcher(backend, hub, interval=interval)
            service = FleetService(
                backend, metadata_ttl=settings.metadata_ttl, changed=watcher.poke
            )
            if interval > 0:
                tg.start_soon(watcher.run)
            tg.start_soon(audience.serve, hub)
            runtime.open(service, hub)
            try:
                yield service
            finally:
                runtime.close()
                hub.close()
                tg.cancel_scope.cancel()

    server = build_server(
        SERVER_NAME,
        FLEET_TOOLS,
        FleetErrorEnvelope(),
        instructions=INSTRUCTIONS,
        lifespan=in_background(lifespan) if background else lifespan,
        routes=[
            *workspace_routes(
                workspace=settings.workspace,
                collector=TaskfileMetadata(timeout=settings.metadata_timeout),
            ),
            *dashboard_routes(runtime),
        ],
        pages=[("dashboard", DASHBOARD_PATH)],
        tasks=fleet_tasks(settings.database_url),
    )
    audience.install(server, subscriptions=subscriptions)
    return server
