"""MCP orchestrator: finds the tools for a request among the configured MCP servers, calls them,
and answers. `import orchestrator` stays light; servers and SDKs load on `Orchestrator` entry.
"""

from orchestrator.config import MCPServerSettings, OrchestratorSettings, Settings, load_config
from orchestrator.core import AskResult, Orchestrator, Session, ToolCall, ToolCallRequest, ask_sync
from orchestrator.errors import (
    ConfigError,
    OrchestratorError,
    ProviderError,
    RequestError,
    ServerStartError,
    UsageError,
)

__all__ = [
    "AskResult",
    "ConfigError",
    "MCPServerSettings",
    "Orchestrator",
    "OrchestratorError",
    "OrchestratorSettings",
    "ProviderError",
    "RequestError",
    "ServerStartError",
    "Session",
    "Settings",
    "ToolCall",
    "ToolCallRequest",
    "UsageError",
    "ask_sync",
    "load_config",
]
