"""MCP orchestrator: finds the tools for a request among the configured MCP servers, calls them,
and answers. `import orchestrator` stays light: each name below is imported on first use (PEP
562), so the one-shot's thin client (`orchestrator.daemon`) loads none of them; servers and SDKs
load on `Orchestrator` entry.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
        CallInterruptedError,
        ConfigError,
        OrchestratorError,
        ProviderError,
        RequestError,
        ServerStartError,
        ServerUnavailableError,
        SkillVerificationError,
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
    from orchestrator.models import (
        Model,
        ModelRequest,
        ModelResponse,
        ModelSettings,
        ToolDefinition,
        Usage,
    )
    from orchestrator.pricing import cost_of
    from orchestrator.providers import Provider
    from orchestrator.registry import get_provider
    from orchestrator.result import AskResult, ServerRequest, ToolCall
    from orchestrator.sampling import SamplingRequest
    from orchestrator.session import Session
    from orchestrator.skills import LoadedSkill, Skill
    from orchestrator.tasks import TaskEntry, TaskPolicy, TaskStore
    from orchestrator.tracing import trace_from_environment

_WHERE = {
    "AskResult": "orchestrator.result",
    "AssistantMessage": "orchestrator.messages",
    "CallInterruptedError": "orchestrator.errors",
    "ConfigError": "orchestrator.errors",
    "ElicitationAnswer": "orchestrator.elicitation",
    "ElicitationRequest": "orchestrator.elicitation",
    "LoadedSkill": "orchestrator.skills",
    "MCPServerSettings": "orchestrator.config",
    "Model": "orchestrator.models",
    "ModelRequest": "orchestrator.models",
    "ModelResponse": "orchestrator.models",
    "ModelSettings": "orchestrator.models",
    "Orchestrator": "orchestrator.core",
    "OrchestratorError": "orchestrator.errors",
    "OrchestratorSettings": "orchestrator.config",
    "Provider": "orchestrator.providers",
    "ProviderConfig": "orchestrator.config",
    "ProviderError": "orchestrator.errors",
    "Question": "orchestrator.messages",
    "RenamedTool": "orchestrator.catalogue",
    "RequestError": "orchestrator.errors",
    "SamplingRequest": "orchestrator.sampling",
    "ServerRequest": "orchestrator.result",
    "ServerStartError": "orchestrator.errors",
    "ServerUnavailableError": "orchestrator.errors",
    "Session": "orchestrator.session",
    "Settings": "orchestrator.config",
    "Skill": "orchestrator.skills",
    "SkillVerificationError": "orchestrator.errors",
    "TaskEntry": "orchestrator.tasks",
    "TaskPolicy": "orchestrator.tasks",
    "TaskStore": "orchestrator.tasks",
    "ToolCall": "orchestrator.result",
    "ToolCallItem": "orchestrator.messages",
    "ToolDefinition": "orchestrator.models",
    "ToolResultItem": "orchestrator.messages",
    "UnknownToolError": "orchestrator.errors",
    "Usage": "orchestrator.models",
    "UsageError": "orchestrator.errors",
    "UserMessage": "orchestrator.messages",
    "ask_sync": "orchestrator.core",
    "cost_of": "orchestrator.pricing",
    "get_provider": "orchestrator.registry",
    "trace_from_environment": "orchestrator.tracing",
    "load_config": "orchestrator.config",
}

__all__ = [
    "AskResult",
    "AssistantMessage",
    "CallInterruptedError",
    "ConfigError",
    "ElicitationAnswer",
    "ElicitationRequest",
    "LoadedSkill",
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
    "Question",
    "RenamedTool",
    "RequestError",
    "SamplingRequest",
    "ServerRequest",
    "ServerStartError",
    "ServerUnavailableError",
    "Session",
    "Settings",
    "Skill",
    "SkillVerificationError",
    "TaskEntry",
    "TaskPolicy",
    "TaskStore",
    "ToolCall",
    "ToolCallItem",
    "ToolDefinition",
    "ToolResultItem",
    "UnknownToolError",
    "Usage",
    "UsageError",
    "UserMessage",
    "ask_sync",
    "cost_of",
    "get_provider",
    "load_config",
    "trace_from_environment",
]


def __getattr__(name: str) -> Any:
    """`orchestrator.X`: import X's module on first use, then keep X here."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'orchestrator' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
