"""MCP orchestrator: finds the tools for a request among the configured MCP servers, calls them,
and answers. `import orchestrator` stays light; servers and SDKs load on `Orchestrator` entry.
"""

from orchestrator.config import MCPServerSettings, OrchestratorSettings, Settings, load_config
from orchestrator.core import Orchestrator, ask_sync
from orchestrator.elicitation import ElicitationAnswer, ElicitationRequest
from orchestrator.errors import (
    ConfigError,
    OrchestratorError,
    ProviderError,
    RequestError,
    ServerStartError,
    ServerUnavailableError,
    UnknownToolError,
    UsageError,
)
from orchestrator.messages import (
    AssistantMessage,
    Question,
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models import Model, ModelRequest, ModelResponse, ToolDefinition
from orchestrator.result import AskResult, ServerRequest, ToolCall
from orchestrator.sampling import SamplingRequest
from orchestrator.session import Session

__all__ = [
    "AskResult",
    "AssistantMessage",
    "ConfigError",
    "ElicitationAnswer",
    "ElicitationRequest",
    "MCPServerSettings",
    "Model",
    "ModelRequest",
    "ModelResponse",
    "Orchestrator",
    "OrchestratorError",
    "OrchestratorSettings",
    "ProviderError",
    "Question",
    "RequestError",
    "SamplingRequest",
    "ServerRequest",
    "ServerStartError",
    "ServerUnavailableError",
    "Session",
    "Settings",
    "ToolCall",
    "ToolCallItem",
    "ToolDefinition",
    "ToolResultItem",
    "UnknownToolError",
    "UsageError",
    "UserMessage",
    "ask_sync",
    "load_config",
]
