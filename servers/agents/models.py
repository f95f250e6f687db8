"""The four tools' inputs and outputs, as the contract's tables give them (agents-tools.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from servers.agents.catalog import AgentKind

__all__ = [
    "TOOL_NAME_PATTERN",
    "AgentListing",
    "Binding",
    "ExecuteInput",
    "ExecuteMetadata",
    "ExecuteResult",
    "ListAgentsInput",
    "ListAgentsResult",
    "MCPBinding",
    "ProbeInput",
    "ProbeResult",
    "ProbeStatus",
    "RegisterInput",
    "RegisterResult",
    "ToolSpecInput",
]

ProbeStatus = Literal["operative", "key_missing", "unreachable", "unavailable"]
TOOL_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$"
"""A name every vendor's function calling accepts (letters, digits, `_`, `-`; 64 at most)."""

_AGENT_NAME = Field(min_length=1, max_length=64, description="The agent's name, e.g. 'claude'")


class ExecuteInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    agent_name: str = _AGENT_NAME
    prompt: str = Field(
        min_length=1, max_length=200_000, description="The prompt or instruction for the agent"
    )
    context: dict[str, Any] | None = Field(
        default=None,
        description="Additional context, given to the agent as labelled sections before the "
        "prompt (e.g. language, existing_code)",
    )
    capabilities: list[str] | None = Field(
        default=None,
        max_length=20,
        description="Capabilities the request needs; one the agent lacks is a warning in "
        "metadata.warnings",
    )
    timeout: int = Field(
        default=120, ge=1, le=3600, description="Seconds before the request is abandoned"
    )
    config: dict[str, Any] | None = Field(
        default=None,
        description="Overrides where the agent supports them: model, temperature, top_p, "
        "max_tokens (see list_available_agents for each agent's)",
    )


class ExecuteMetadata(BaseModel):
    model_config = ConfigDict(extra="allow")

    model: str | None = Field(description="The model that answered, when known")
    agent_type: AgentKind | None = Field(description="api, cli, local or offline")
    warnings: list[str] = Field(default_factory=list, description="Capability mismatches etc.")
    cost_usd: float | None = Field(
        default=None,
        description="What the request cost in USD; null when unknown (never a guess)",
    )
    cost_source: Literal["cli", "prices"] | None = Field(
        default=None,
        description="cli: the agent CLI's own figure; prices: its tokens priced by model",
    )


class ExecuteResult(BaseModel):
    status: Literal["success", "error"]
    content: str = Field(description="The agent's answer")
    error: str | None = Field(description="What went wrong, when status is error")
    execution_time: float = Field(description="Seconds the request took")
    tokens_used: int | None = Field(
        description="Input plus output tokens, as the agent reported them; null when it did not"
    )
    metadata: ExecuteMetadata


class ListAgentsInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    capability_filter: str | None = Field(
        default=None, min_length=1, max_length=64, description="Only agents with this capability"
    )
    include_status: bool = Field(
        default=False,
        description="Probe each agent (in parallel) and include its status, detail, latency "
        "and registered tools",
    )


class AgentListing(BaseModel):
    name: str
    kind: AgentKind
    capabilities: list[str]
    settings: list[str] = Field(description="The config keys this agent honours")
    description: str
    status: ProbeStatus | None = None
    detail: str | None = None
    latency_ms: float | None = None
    registered_tools: list[str] | None = None


class ListAgentsResult(BaseModel):
    agents: list[AgentListing]
    total_count: int
    warnings: list[str] = Field(default_factory=list)


class ProbeInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    agent_name: str = _AGENT_NAME


class ProbeResult(BaseModel):
    name: str
    status: ProbeStatus
    detail: str
    latency_ms: float


class MCPBinding(BaseModel):
    model_config = ConfigDict(extra="forbid")

    server: str = Field(
        min_length=1, max_length=128, description="A server in the orchestrator's config"
    )
    tool: str = Field(min_length=1, max_length=128, description="The server's tool to call")


class Binding(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mcp: MCPBinding = Field(description="What runs when the agent calls the tool")


class ToolSpecInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    description: str = Field(
        min_length=1, max_length=2048, description="What the tool does, as the agent sees it"
    )
    input_schema: dict[str, Any] = Field(
        description="The tool's arguments as a JSON Schema (type object)"
    )
    binding: Binding


class RegisterInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tool_name: str = Field(
        pattern=TOOL_NAME_PATTERN, description="The tool's name, as the agent sees it"
    )
    tool_spec: ToolSpecInput
    agent_name: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="The agent to register with (default: every agent with tool_use)",
    )


class RegisterResult(BaseModel):
    status: Literal["success"]
    registered_with: list[str]
    warnings: list[str] = Field(default_factory=list)
