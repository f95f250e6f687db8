"""What a registration is: a tool spec checked (its JSON Schema, its binding to a server of the
orchestrator's config that is not this server) and the agents it goes to."""

from __future__ import annotations

from typing import Any

from jsonschema import SchemaError, validators

from orchestrator.config import MCPServerSettings, Settings
from servers.agents.catalog import AGENTS, known_names
from servers.agents.errors import AgentNotFoundError, RegistrationError
from servers.agents.models import RegisterInput
from servers.agents.repository import RegisteredTool

__all__ = ["is_self", "registration"]


def registration(
    args: RegisterInput, orchestrator: Settings | None, config_problem: str | None
) -> tuple[list[str], RegisteredTool]:
    """The agents ``args`` registers a tool with, and the tool; `RegistrationError` (naming the
    field) or `AgentNotFoundError` when it cannot be."""
    spec = args.tool_spec
    _check_schema(spec.input_schema)
    binding = spec.binding.mcp
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


def is_self(entry: MCPServerSettings) -> bool:
    """Whether a configured server is this agents server (which must never bind to itself)."""
    command = (entry.command or "").replace("\\", "/").rsplit("/", 1)[-1]
    args = list(entry.args)
    return command in ("mcp-agents", "mcp-agents.exe") or any(
        args[i] == "-m" and args[i + 1] == "servers.agents" for i in range(len(args) - 1)
    )


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


def _check_schema(schema: dict[str, Any]) -> None:
    """``schema`` must be a valid JSON Schema (its own dialect, else 2020-12) for an object."""
    try:
        validators.validator_for(schema).check_schema(schema)
    except SchemaError as exc:
        where = "/".join(str(p) for p in exc.path)
        at = f" at {where}" if where else ""
        raise RegistrationError(
            f"tool_spec.input_schema is not a valid JSON Schema{at}: {exc.message}"
        ) from exc
    if schema.get("type") != "object":
        raise RegistrationError(
            'tool_spec.input_schema: must describe an object ("type": "object"), since a '
            "tool's arguments are named"
        )
