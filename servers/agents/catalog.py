"""The agents this server knows, by name, and what each can do.

Twelve agents and the offline router, in the order they are listed:

| kind | agents | runs through |
|---|---|---|
| api | claude, openai, gemini, deepseek, qwen | the orchestrator's providers (vendor SDKs) |
| cli | claude-code, codex, gemini-cli, qwen-code, opencode, goose | the agent's CLI, headless |
| local | ollama | a local Ollama server (its OpenAI-compatible `/v1`) |
| offline | offline | the orchestrator's offline router over the agent's registered tools |

Capabilities, as declared here (a requested capability an agent lacks is a warning, not an
error):

- ``text_completion``: answers a prompt in words.
- ``code_generation``: writes code in its answer.
- ``code_editing``: reads and changes files in its working directory (the CLI agents, as far as
  their non-interactive permission mode allows).
- ``multi_turn``: works over several model turns within one request (a tool loop, or an agentic
  CLI's own loop). No conversation is kept between requests.
- ``tool_use``: calls the tools registered with it (``register_tool_with_agent``).
- ``streaming``: answers as they are generated. No agent declares it: this server returns each
  answer whole.

This module imports nothing heavy: listing and probing agents costs no SDK import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "AGENTS",
    "CAPABILITIES",
    "SETTINGS",
    "AgentKind",
    "AgentSpec",
    "known_names",
]

AgentKind = Literal["api", "cli", "local", "offline"]

CAPABILITIES: tuple[str, ...] = (
    "text_completion",
    "code_generation",
    "code_editing",
    "multi_turn",
    "tool_use",
    "streaming",
)

SETTINGS: tuple[str, ...] = ("model", "temperature", "top_p", "max_tokens")
"""The keys `config` may carry; each agent honours a subset of them."""

_LLM = ("text_completion", "code_generation", "multi_turn", "tool_use")
_CLI = ("text_completion", "code_generation", "code_editing", "multi_turn")
_SAMPLING = ("model", "temperature", "top_p", "max_tokens")


@dataclass(frozen=True)
class AgentSpec:
    """One agent: what it is, what it can do, what it honours in `config`, how it runs."""

    name: str
    kind: AgentKind
    description: str
    capabilities: tuple[str, ...]
    settings: tuple[str, ...] = ()
    provider: str | None = None
    """The orchestrator provider (registry name) behind an api or local agent."""

    @property
    def tool_use(self) -> bool:
        return "tool_use" in self.capabilities


AGENTS: dict[str, AgentSpec] = {
    spec.name: spec
    for spec in (
        AgentSpec(
            "claude",
            "api",
            "Anthropic Claude through the Messages API (anthropic SDK); ANTHROPIC_API_KEY",
            _LLM,
            # The anthropic SDK's Messages API here takes no temperature nor top_p.
            ("model", "max_tokens"),
            provider="anthropic",
        ),
        AgentSpec(
            "openai",
            "api",
            "OpenAI through Chat Completions (openai SDK); OPENAI_API_KEY",
            _LLM,
            _SAMPLING,
            provider="openai",
        ),
        AgentSpec(
            "gemini",
            "api",
            "Google Gemini through the Gemini API (google-genai SDK); GEMINI_API_KEY",
            _LLM,
            _SAMPLING,
            provider="gemini",
        ),
        AgentSpec(
            "deepseek",
            "api",
            "DeepSeek through its OpenAI-compatible API; DEEPSEEK_API_KEY",
            _LLM,
            _SAMPLING,
            provider="deepseek",
        ),
        AgentSpec(
            "qwen",
            "api",
            "Qwen through DashScope's OpenAI-compatible mode; DASHSCOPE_API_KEY",
            _LLM,
            _SAMPLING,
            provider="qwen",
        ),
        AgentSpec(
            "claude-code",
            "cli",
            "Claude Code CLI (`claude -p --output-format json`), editing files it may accept",
            _CLI,
            ("model",),
        ),
        AgentSpec(
            "codex",
            "cli",
            "OpenAI Codex CLI (`codex exec --json`), in its workspace-write sandbox",
            _CLI,
            ("model",),
        ),
        AgentSpec(
            "gemini-cli",
            "cli",
            "Gemini CLI (`gemini --prompt --output-format json`), auto-approving edits",
            _CLI,
            ("model",),
        ),
        AgentSpec(
            "qwen-code",
            "cli",
            "Qwen Code CLI (`qwen --prompt --output-format json`), auto-approving edits",
            _CLI,
            ("model",),
        ),
        AgentSpec(
            "opencode",
            "cli",
            "OpenCode CLI (`opencode run --format json`), with its configured permissions",
            _CLI,
            ("model",),
        ),
        AgentSpec(
            "goose",
            "cli",
            "Goose CLI (`goose run --text`), with its configured mode",
            _CLI,
            ("model",),
        ),
        AgentSpec(
            "ollama",
            "local",
            "A local Ollama server (OLLAMA_HOST); tool use needs a model that supports it",
            _LLM,
            _SAMPLING,
            provider="ollama",
        ),
        AgentSpec(
            "offline",
            "offline",
            "The built-in offline router: maps a request onto the agent's registered tools, "
            "with no model, key or network; it writes no text of its own",
            ("tool_use",),
        ),
    )
}


def known_names() -> str:
    return ", ".join(AGENTS)
