"""What a registration is: a tool spec checked (its JSON Schema, its binding to a server of the
orchestrator's config that is not this server) and the agents it goes to."""

from __future__ import annotations

from orchestrator import RenamedTool, Settings, UsageError
from servers.agents._self import is_self
from servers.agents.catalog import AGENTS, known_names
from servers.agents.errors import AgentNotFoundError, RegistrationError
from servers.agents.models import RegisterInput
from servers.agents.repository import RegisteredTool

__all__ = ["registration"]


def registration(
    args: RegisterInput, orchestrator: Settings | None, config_problem: str | None
) -> tuple[list[str], RegisteredTool]:
    """The agents ``args`` registers a tool with, and the tool; `RegistrationError` (naming the
    field) or `AgentNotFoundError` when it cannot be."""
    spec = args.tool_spec
    binding = spec.binding.mcp
    try:  # the orchestrator's own check of a schema it will offer
        RenamedTool(args.tool_name, binding.server, binding.tool, input_schema=spec.input_schema)
    except UsageError as exc:
        raise RegistrationError(f"tool_spec.{exc}") from exc
    _check_binding(binding.server, orchestrator, config_problem)
    if args.agent_name is None:
        agents = [s.name for s in AGENTS.values() if s.tool_use]
    else:
        target = AGENTS.get(args.agent_name)
        if target is None:
            raise AgentNotFoundError(args.agent_name, known_names())
        if not target.tool_use:
            users = ", ".join(s.name for s in AGENTS.values() if s.tool_use)
            raise RegistrationError(
                f"agent_name: {target.name} has no tool_use capability, so it cannot be given "
                f"tools (agents with tool_use: {users})",
                code="no_tool_use",
            )
        agents = [target.name]
    tool = RegisteredTool(
        args.tool_name, spec.description, spec.input_schema, binding.server, binding.tool
    )
    return agents, tool


def _check_binding(server: str, orchestrator: Settings | None, problem: str | None) -> None:
    where = "tool_spec.binding.mcp.server"
    if orchestrator is None:
        raise RegistrationError(
            f"{where}: the orchestrator config cannot be read, so no server can be bound: "
            f"{problem}",
            code="unknown_server",
        )
    entry = orchestrator.servers.get(server)
    if entry is None:
        usable = [n for n, e in orchestrator.servers.items() if not is_self(e)]
        raise RegistrationError(
            f"{where}: no server named {server!r} in the orchestrator config "
            f"{orchestrator.source} (configured: {', '.join(usable) or 'none'})",
            code="unknown_server",
        )
    if is_self(entry):
        raise RegistrationError(
            f"{where}: {server!r} is this agents server; an agent's tools must run on another "
            "server",
            code="unknown_server",
        )
