"""MCP orchestrator: finds the tools for a request among the configured MCP servers, calls them,
and answers. `import orchestrator` stays light; servers and SDKs load on `Orchestrator` entry.
"""

from orchestrator.catalogue import RenamedTool
from orchestrator.config import (
    MCPServerSettings,
    OrchestratorSettings,
    ProviderConfig,
    Settings,
    load_config,
)
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
    ToolCallItem,
    ToolResultItem,
    UserMessage,
)
from orchestrator.models import (
    Model,
    ModelRequest,
    ModelResponse,
    ModelSettings,
    ToolDefinition,
    Usage,
)
from orchestrator.providers import Provider
from orchestrator.registry import get_provider
from orchestrator.result import AskResult, ServerRequest, ToolCall
from orchestrator.sampling import SamplingRequest
from orchestrator.session import Session
from orchestrator.tracing import trace_from_environment

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
    "ModelSettings",
    "Orchestrator",
    "OrchestratorError",
    "OrchestratorSettings",
    "Provider",
    "ProviderConfig",
    "ProviderError",
    "RenamedTool",
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
    "Usage",
    "UsageError",
    "UserMessage",
    "ask_sync",
    "get_provider",
    "load_config",
    "trace_from_environment",
]
