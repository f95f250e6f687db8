"""The agents server's MCP tools: thin adapters from validated arguments to the service.

Every failure is marked ``isError`` and carries ``status: "error"``, ``error`` (the message) and
``code``; `execute_agent_request`'s failures carry its whole output shape besides (empty
content, execution time, null tokens, metadata), and `register_tool_with_agent`'s an empty
``registered_with``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from typing import TYPE_CHECKING, Any

import mcp_types as types
from mcp.server import Server
from pydantic import ValidationError

from orchestrator import OrchestratorError, load_config
from servers._common.app import StartupError, ToolSpec, build_server, in_background
from servers._common.database import StorageError
from servers._common.schema import ArgumentProblem, shorten
from servers._common.storage import sql_lifespan
from servers._common.tasks import TaskSupport, TaskTool
from servers.agents._ratelimit import DEFAULT_RATE_LIMIT
from servers.agents._secrets import Secrets, installation_folders
from servers.agents.errors import AgentsError
from servers.agents.features import AGENTS_FEATURES
from servers.agents.models import (
    ExecuteInput,
    ExecuteResult,
    ListAgentsInput,
    ListAgentsResult,
    ProbeInput,
    ProbeResult,
    RegisterInput,
    RegisterResult,
)
from servers.agents.service import AgentsService, ExecutionFailed, execute_failure

if TYPE_CHECKING:
    from servers.agents.repository import ToolRepository

__all__ = [
    "AGENT_TOOLS",
    "AgentsEnvelope",
    "build_agents_server",
    "create_server",
    "create_service",
    "rate_limit_from",
]

logger = logging.getLogger(__name__)

SERVER_NAME = "agents"
RATE_LIMIT_VAR = "AGENTS_RATE_LIMIT"
CONFIG_VAR = "AGENTS_CONFIG"
INSTRUCTIONS = (
    "A gateway to AI agents (Claude, OpenAI, Gemini, DeepSeek, Qwen, their coding CLIs, Ollama, "
    "and an offline router). list_available_agents shows them (include_status probes each); "
    "execute_agent_request asks one; register_tool_with_agent gives agents with tool_use an MCP "
    "server's tool to call."
)


class AgentsEnvelope:
    """Shapes every failure as the failing tool's output with status error.

    ``secrets`` are what its messages and log lines are cleaned of: the environment's until the
    service opens, then the service's own (which adds the orchestrator config's provider keys).
    """

    def __init__(self, secrets: Secrets) -> None:
        self.secrets = secrets

    def body(self, tool: str, message: str, code: str) -> dict[str, Any]:
        message = self.secrets.message(message)
        if tool == "execute_agent_request":
            return execute_failure(message, code)
        if tool == "register_tool_with_agent":
            return {"status": "error", "registered_with": [], "error": message, "code": code}
        return {"status": "error", "error": message, "code": code}

    def invalid_arguments(
        self, tool: str, problems: list[ArgumentProblem], exc: ValidationError
    ) -> dict[str, Any]:
        described = "; ".join(str(p) for p in problems)
        return self.body(tool, f"Invalid arguments for {tool}: {described}", "invalid_arguments")

    def from_exception(self, tool: str, exc: Exception) -> dict[str, Any]:
        if isinstance(exc, ExecutionFailed):
            return exc.body
        if isinstance(exc, AgentsError):
            return self.body(tool, str(exc), exc.code)
        if isinstance(exc, StorageError):
            return self.body(tool, f"the tool registry's storage failed: {exc}", "storage_error")
        logger.error(
            "%s failed unexpectedly: %s: %s",
            tool,
            type(exc).__name__,
            self.secrets.message(str(exc)),
        )
        return self.body(
            tool,
            f"{tool} failed with an internal error ({type(exc).__name__}); "
            "the server log has the details",
            "internal_error",
        )

    def unknown_tool(self, tool: str, known: Sequence[str]) -> dict[str, Any]:
        return self.body(
            tool, f"Unknown tool '{shorten(tool)}'. Known tools: {', '.join(known)}", "unknown_tool"
        )


AGENT_TOOLS: list[ToolSpec[AgentsService, Any]] = [
    ToolSpec(
        name="execute_agent_request",
        description=(
            "Ask an AI agent (see list_available_agents): the prompt, with optional context "
            "given before it, capabilities it needs (a missing one is a warning), a timeout in "
            "seconds (default 120) and config overrides (model, temperature, top_p, "
            "max_tokens, where the agent honours them). CLI agents may edit files in the "
            "server's working directory."
        ),
        input_model=ExecuteInput,
        handler=AgentsService.execute_agent_request,
        output_model=ExecuteResult,
        annotations=types.ToolAnnotations(
            read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=True
        ),
    ),
    ToolSpec(
        name="list_available_agents",
        description=(
            "List the AI agents and their capabilities, optionally only those with one "
            "capability; include_status probes each (key set, CLI installed, Ollama answering) "
            "and lists its registered tools."
        ),
        input_model=ListAgentsInput,
        handler=AgentsService.list_available_agents,
        output_model=ListAgentsResult,
        annotations=types.ToolAnnotations(
            read_only_hint=True, idempotent_hint=True, open_world_hint=True
        ),
    ),
    ToolSpec(
        name="probe_agent_status",
        description=(
            "Probe one agent: operative, key_missing, unreachable or unavailable, with the "
            "detail (and the fix) and the probe's latency. An unknown name is unavailable."
        ),
        input_model=ProbeInput,
        handler=AgentsService.probe_agent_status,
        output_model=ProbeResult,
        annotations=types.ToolAnnotations(
            read_only_hint=True, idempotent_hint=True, open_world_hint=True
        ),
    ),
    ToolSpec(
        name="register_tool_with_agent",
        description=(
            "Give an agent a tool it may call: tool_spec is {description, input_schema (JSON "
            "Schema), binding: {mcp: {server, tool}}}, a tool of a server in the orchestrator's "
            "config. Default: every agent with tool_use. Registering a name again replaces it."
        ),
        input_model=RegisterInput,
        handler=AgentsService.register_tool_with_agent,
        output_model=RegisterResult,
        annotations=types.ToolAnnotations(
            read_only_hint=False,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
    ),
]


def rate_limit_from(environ: Mapping[str, str]) -> int:
    """``AGENTS_RATE_LIMIT`` (requests per minute per agent), default 60."""
    raw = environ.get(RATE_LIMIT_VAR, "").strip()
    if not raw:
        return DEFAULT_RATE_LIMIT
    if not raw.isdigit() or int(raw) < 1:
        raise StartupError(
            f"{RATE_LIMIT_VAR} must be a whole number of requests per minute, at least 1; "
            f"got {raw!r}"
        )
    return int(raw)


def create_service(
    repository: ToolRepository,
    environ: Mapping[str, str],
    *,
    config: str | None = None,
    rate_limit: int | None = None,
) -> AgentsService:
    """The service, with the orchestrator's config read as the orchestrator reads it (``config``,
    else ``AGENTS_CONFIG``, else ``mcp_agent.config.yaml`` upwards, else the bundled one). A
    config that cannot be read leaves the agents working; only tool bindings need it."""
    path = config or environ.get(CONFIG_VAR) or None
    try:
        settings, problem = load_config(path, env=dict(environ), ask=None), None
    except OrchestratorError as exc:
        settings, problem = None, str(exc)
        logger.warning("no tool bindings until the orchestrator config is fixed: %s", exc)
    return AgentsService(
        repository,
        environ=environ,
        orchestrator=settings,
        config_problem=problem,
        rate_limit=rate_limit if rate_limit is not None else rate_limit_from(environ),
    )


def _server(
    open_service: Callable[[], AbstractAsyncContextManager[AgentsService]],
    environ: Mapping[str, str],
    *,
    background: bool = False,
    tasks: TaskSupport | None = None,
) -> Server[Any]:
    envelope = AgentsEnvelope(Secrets.collect(environ, hidden=installation_folders()))

    @asynccontextmanager
    async def lifespan() -> AsyncIterator[AgentsService]:
        async with open_service() as service:
            envelope.secrets = service.secrets  # the config's keys are secrets too
            yield service

    return build_server(
        SERVER_NAME,
        AGENT_TOOLS,
        envelope,
        instructions=INSTRUCTIONS,
        lifespan=in_background(lifespan) if background else lifespan,
        features=AGENTS_FEATURES,
        tasks=tasks,
    )


def build_agents_server(service: AgentsService) -> Server[Any]:
    """The MCP server for an already built ``service`` (tests)."""
    return _server(lambda: nullcontext(service), service.environ)


def create_server(
    url: str,
    *,
    config: str | None = None,
    environ: Mapping[str, str] | None = None,
    background: bool = False,
) -> Server[Any]:
    """The agents MCP server, its registered tools stored at ``url`` (what the runner builds).

    ``environ`` (default: the process's) holds the keys, ``PATH`` and ``AGENTS_RATE_LIMIT``.
    With ``background`` (stdio) storage opens while the server already answers the handshake.
    """
    env = dict(os.environ if environ is None else environ)
    rate_limit = rate_limit_from(env)

    def storage() -> tuple[Sequence[Any], Callable[[Any], AgentsService]]:
        from servers.agents.sql_repository import TABLES, SqlToolRepository

        def make(db: Any) -> AgentsService:
            return create_service(SqlToolRepository(db), env, config=config, rate_limit=rate_limit)

        return TABLES, make

    # execute_agent_request runs as a task when asked (its records beside the registered tools)
    tasks = TaskSupport(url, [TaskTool("execute_agent_request")])
    return _server(sql_lifespan(url, storage), env, background=background, tasks=tasks)
