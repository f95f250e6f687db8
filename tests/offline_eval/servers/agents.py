"""The agents contract's 4 tools (`agents-tools.md`) as `servers/agents` offers them (names,
descriptions, parameters, constraints, annotations, agents and their capabilities), over canned
probes and answers instead of real API calls and CLIs: for routing, the schemas are what
matters. `execute_agent_request` records each request in the state file."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from tests.offline_eval.servers._state import load, save

mcp = MCPServer("agents")

_LLM = ["text_completion", "code_generation", "multi_turn", "tool_use"]
_CLI = ["text_completion", "code_generation", "code_editing", "multi_turn"]
AGENTS: dict[str, tuple[str, list[str], str]] = {
    "claude": ("api", _LLM, "Anthropic's Claude over its API"),
    "openai": ("api", _LLM, "OpenAI's models over their API"),
    "gemini": ("api", _LLM, "Google's Gemini over its API"),
    "deepseek": ("api", _LLM, "DeepSeek over its OpenAI-compatible API"),
    "qwen": ("api", _LLM, "Qwen over its OpenAI-compatible API"),
    "claude-code": ("cli", _CLI, "the Claude Code CLI (claude)"),
    "codex": ("cli", _CLI, "the Codex CLI"),
    "gemini-cli": ("cli", _CLI, "the Gemini CLI (gemini)"),
    "qwen-code": ("cli", _CLI, "the Qwen Code CLI (qwen)"),
    "opencode": ("cli", _CLI, "the opencode CLI"),
    "goose": ("cli", _CLI, "the goose CLI"),
    "ollama": ("local", _LLM, "local models through Ollama"),
    "offline": ("offline", ["tool_use"], "the orchestrator's offline router"),
}
OPERATIVE = {"claude", "ollama", "offline", "codex"}
_NAME = Field(min_length=1, max_length=64, description="The agent's name, e.g. 'claude'")


def _status(name: str) -> str:
    if name in OPERATIVE:
        return "operative"
    return {"api": "key_missing", "cli": "unavailable", "local": "unreachable"}[AGENTS[name][0]]


class Binding(BaseModel):
    mcp: dict[str, str] = Field(description="What runs when the agent calls the tool")


class ToolSpecInput(BaseModel):
    description: str = Field(description="What the tool does, for the agent")
    input_schema: dict[str, Any] = Field(description="The tool's arguments, as JSON Schema")
    binding: Binding


@mcp.tool(
    description="Ask an AI agent (see list_available_agents): the prompt, with optional context "
    "given before it, capabilities it needs (a missing one is a warning), a timeout in seconds "
    "(default 120) and config overrides (model, temperature, top_p, max_tokens, where the agent "
    "honours them). CLI agents may edit files in the server's working directory.",
    annotations=ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=True
    ),
)
def execute_agent_request(
    agent_name: Annotated[str, _NAME],
    prompt: Annotated[
        str,
        Field(
            min_length=1, max_length=200_000, description="The prompt or instruction for the agent"
        ),
    ],
    context: Annotated[
        dict[str, Any] | None,
        Field(
            description="Additional context, given to the agent as labelled sections before the "
            "prompt (e.g. language, existing_code)"
        ),
    ] = None,
    capabilities: Annotated[
        list[str] | None,
        Field(
            max_length=20,
            description="Capabilities the request needs; one the agent lacks is a warning in "
            "metadata.warnings",
        ),
    ] = None,
    timeout: Annotated[
        int, Field(ge=1, le=3600, description="Seconds before the request is abandoned")
    ] = 120,
    config: Annotated[
        dict[str, Any] | None,
        Field(
            description="Overrides where the agent supports them: model, temperature, top_p, "
            "max_tokens (see list_available_agents for each agent's)"
        ),
    ] = None,
) -> dict[str, Any]:
    if agent_name not in AGENTS:
        raise ToolError(f"Agent not found: {agent_name}")
    state = load()
    state.setdefault("requests", []).append({"agent_name": agent_name, "prompt": prompt})
    save(state)
    return {
        "status": "success",
        "content": f"({agent_name} would answer: {prompt})",
        "error": None,
        "execution_time": 0.01,
        "tokens_used": None,
        "metadata": {"model": agent_name, "agent_type": AGENTS[agent_name][0], "warnings": []},
    }


@mcp.tool(
    description="List the AI agents and their capabilities, optionally only those with one "
    "capability; include_status probes each (key set, CLI installed, Ollama answering) and lists "
    "its registered tools.",
    annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=True),
)
def list_available_agents(
    capability_filter: Annotated[
        str | None,
        Field(min_length=1, max_length=64, description="Only agents with this capability"),
    ] = None,
    include_status: Annotated[
        bool,
        Field(
            description="Probe each agent (in parallel) and include its status, detail, latency "
            "and registered tools"
        ),
    ] = False,
) -> dict[str, Any]:
    agents = []
    for name, (kind, caps, description) in AGENTS.items():
        if capability_filter and capability_filter not in caps:
            continue
        entry: dict[str, Any] = {
            "name": name,
            "kind": kind,
            "capabilities": caps,
            "description": description,
        }
        if include_status:
            entry["status"] = _status(name)
        agents.append(entry)
    return {"agents": agents, "total_count": len(agents)}


@mcp.tool(
    description="Probe one agent: operative, key_missing, unreachable or unavailable, with the "
    "detail (and the fix) and the probe's latency. An unknown name is unavailable.",
    annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=True),
)
def probe_agent_status(agent_name: Annotated[str, _NAME]) -> dict[str, Any]:
    status = _status(agent_name) if agent_name in AGENTS else "unavailable"
    return {
        "name": agent_name,
        "status": status,
        "detail": f"{agent_name}: {status}",
        "latency_ms": 0.1,
    }


@mcp.tool(
    description="Give an agent a tool it may call: tool_spec is {description, input_schema (JSON "
    "Schema), binding: {mcp: {server, tool}}}, a tool of a server in the orchestrator's config. "
    "Default: every agent with tool_use. Registering a name again replaces it.",
    annotations=ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
)
def register_tool_with_agent(
    tool_name: Annotated[
        str,
        Field(
            pattern=r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$",
            description="The tool's name, as the agent sees it",
        ),
    ],
    tool_spec: ToolSpecInput,
    agent_name: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=64,
            description="The agent to register with (default: every agent with tool_use)",
        ),
    ] = None,
) -> dict[str, Any]:
    state = load()
    state.setdefault("tools", []).append({"tool_name": tool_name, "agent_name": agent_name})
    save(state)
    return {"status": "success", "registered_with": [agent_name] if agent_name else list(AGENTS)}


if __name__ == "__main__":
    mcp.run()
