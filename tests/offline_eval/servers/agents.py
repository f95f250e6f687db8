"""The agents contract's 4 tools (`agents-tools.md`) over a fixed registry: the same names,
parameters and agents as `servers/agents`, with probes and answers that are canned rather than
real API calls (for routing, the schemas are what matters). `execute_agent_request` records the
request in the state file."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tests.offline_eval.servers._state import load, save

mcp = MCPServer("agents")

_READ = ToolAnnotations(read_only_hint=True, idempotent_hint=True)
AGENTS = {
    "claude": ("api", "Anthropic's Claude over its API"),
    "openai": ("api", "OpenAI's models over their API"),
    "gemini": ("api", "Google's Gemini over its API"),
    "deepseek": ("api", "DeepSeek over its OpenAI-compatible API"),
    "qwen": ("api", "Qwen over its OpenAI-compatible API"),
    "claude-code": ("cli", "the Claude Code CLI (claude)"),
    "codex": ("cli", "the Codex CLI"),
    "gemini-cli": ("cli", "the Gemini CLI (gemini)"),
    "qwen-code": ("cli", "the Qwen Code CLI (qwen)"),
    "opencode": ("cli", "the opencode CLI"),
    "goose": ("cli", "the goose CLI"),
    "ollama": ("local", "local models through Ollama"),
    "offline": ("local", "the orchestrator's offline router"),
}
CAPABILITIES = ["text_completion", "code_generation", "code_editing", "streaming"]
OPERATIVE = {"claude", "ollama", "offline", "codex"}


def _status(name: str) -> str:
    if name in OPERATIVE:
        return "operative"
    kind = AGENTS[name][0]
    return {"api": "key_missing", "cli": "unavailable", "local": "unreachable"}[kind]


@mcp.tool(
    description="Executes a request through a specified AI agent, supporting code "
    "generation, code editing, text completion, and multi-turn conversations.",
    annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True),
)
def execute_agent_request(
    agent_name: Annotated[
        str,
        Field(
            min_length=1,
            description="Name of the agent to use (e.g., "
            "claude, codex, deepseek, qwen, gemini, ollama)",
        ),
    ],
    prompt: Annotated[
        str, Field(min_length=1, description="The prompt or instruction for the agent")
    ],
    context: Annotated[
        dict[str, Any] | None,
        Field(description="Additional context for the request (e.g., language, file contents)"),
    ] = None,
    capabilities: Annotated[
        list[str] | None,
        Field(description="Required capabilities (e.g., code_generation, streaming)"),
    ] = None,
    timeout: Annotated[int | None, Field(ge=1, description="Request timeout in seconds")] = None,
    config: Annotated[
        dict[str, Any] | None, Field(description="Agent-specific configuration overrides")
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
        "tokens_used": 0,
        "metadata": {"model": agent_name},
    }


@mcp.tool(
    description="Lists all available AI agents and their capabilities, helping users "
    "discover what agents can be used.",
    annotations=_READ,
)
def list_available_agents(
    capability_filter: Annotated[
        str | None,
        Field(description="Filter agents by specific capability", examples=["code_generation"]),
    ] = None,
    include_status: Annotated[
        bool, Field(description="Include connection status for each agent")
    ] = False,
) -> dict[str, Any]:
    agents = []
    for name, (kind, description) in AGENTS.items():
        caps = CAPABILITIES if kind != "local" else CAPABILITIES[:2]
        if capability_filter and capability_filter not in caps:
            continue
        entry: dict[str, Any] = {"name": name, "capabilities": caps, "description": description}
        if include_status:
            entry["status"] = _status(name)
        agents.append(entry)
    return {"agents": agents, "total_count": len(agents)}


@mcp.tool(
    description="Probes a specific agent's health: API key present, CLI binary found, "
    "Ollama server reachable.",
    annotations=_READ,
)
def probe_agent_status(
    agent_name: Annotated[str, Field(min_length=1, description="Agent to probe")],
) -> dict[str, Any]:
    status = _status(agent_name) if agent_name in AGENTS else "unavailable"
    return {
        "name": agent_name,
        "status": status,
        "detail": f"{agent_name}: {status}",
        "latency_ms": 0.1,
    }


@mcp.tool(
    description="Registers a tool function with the agent's tool registry, allowing the "
    "agent to use it during execution.",
    annotations=ToolAnnotations(read_only_hint=False, idempotent_hint=True),
)
def register_tool_with_agent(
    tool_name: Annotated[str, Field(min_length=1, description="Name for the tool")],
    tool_spec: Annotated[
        dict[str, Any], Field(description="Tool specification including function and schema")
    ],
    agent_name: Annotated[
        str | None, Field(description="Specific agent to register with (default: all)")
    ] = None,
) -> dict[str, Any]:
    state = load()
    state.setdefault("tools", []).append({"tool_name": tool_name, "agent_name": agent_name})
    save(state)
    return {"status": "success", "registered_with": [agent_name] if agent_name else list(AGENTS)}


if __name__ == "__main__":
    mcp.run()
