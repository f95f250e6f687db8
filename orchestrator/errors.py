"""The orchestrator's exceptions.

```
OrchestratorError                 base of everything raised on purpose
├── ConfigError                   the config file is missing, unreadable or invalid (exit 2)
├── UsageError                    bad command-line use: unknown provider, unknown server (exit 2)
├── ServerStartError              a `required` server did not start (exit 1)
├── ServerUnavailableError        a server stopped and did not restart; its tools are withdrawn
├── SkillVerificationError        a skill's file does not match its server's listing (SEP-2640)
└── RequestError                  a request could not be answered (exit 1)
    ├── ProviderError             the chosen provider failed or is not operative
    └── UnknownToolError          no tool of that name in the catalogue
```

Vendor exceptions (MCP, the model vendors' SDKs, pydantic, yaml) are translated once, at the
edge, with `raise ... from exc`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orchestrator.result import ToolCall

__all__ = [
    "CallInterruptedError",
    "ConfigError",
    "OrchestratorError",
    "ProviderError",
    "RequestError",
    "ServerStartError",
    "ServerUnavailableError",
    "SkillVerificationError",
    "UnknownToolError",
    "UsageError",
]


class OrchestratorError(Exception):
    """Base class of the orchestrator's own errors."""

    exit_code: int = 1


class ConfigError(OrchestratorError):
    """The configuration could not be loaded: names the file, the key path and the problem."""

    exit_code = 2

    def __init__(self, source: str, problem: str, key_path: str = "") -> None:
        self.source = source
        self.key_path = key_path
        self.problem = problem
        where = f"{source}: {key_path}" if key_path else source
        super().__init__(f"config error in {where}: {problem}")


class UsageError(OrchestratorError):
    """The command line or the library was used wrongly (unknown provider, unknown server)."""

    exit_code = 2


class ServerStartError(OrchestratorError):
    """A server marked `required` did not start; the message carries its reason and stderr."""


class ServerUnavailableError(OrchestratorError):
    """A server stopped during the session and could not be restarted; its tools are withdrawn."""

    def __init__(self, server: str, message: str) -> None:
        self.server = server
        super().__init__(message)


class CallInterruptedError(OrchestratorError):
    """A server stopped, or its connection was lost, while a call that may change things was
    under way: it may or may not have been done, so it is not sent again (a read is)."""

    def __init__(self, server: str, tool: str, reason: str) -> None:
        self.server, self.tool = server, tool
        super().__init__(
            f"server {server!r} stopped answering while {tool} was under way ({reason}); it may "
            "or may not have been done, so it was not sent again: check before asking again"
        )


class SkillVerificationError(OrchestratorError):
    """A skill's file, as read, is not what the server listed for it (`rule`: `unlisted`,
    `size`, `digest` or `frontmatter`); its content was not used and the skill is not loaded."""

    def __init__(self, server: str, skill: str, uri: str, rule: str, detail: str) -> None:
        self.server, self.skill, self.uri, self.rule = server, skill, uri, rule
        super().__init__(
            f"skill {skill!r} of server {server!r} failed its {rule} check on {uri}: {detail}; "
            "its content was not used (the server's listing and the file disagree: tell its "
            "maintainers)"
        )


class RequestError(OrchestratorError):
    """A request could not be answered. `calls` are the tool calls it made before it failed,
    with their outcomes (`orchestrator.result.ToolCall`): what ran ran, even though the request
    failed (a call cut short while under way is an `error` whose result says it may or may not
    have been done). Empty when no tool was called."""

    def __init__(self, *args: object, calls: Sequence[ToolCall] = ()) -> None:
        super().__init__(*args)
        self.calls: list[ToolCall] = list(calls)


class ProviderError(RequestError):
    """The chosen provider failed or is not operative; `status` is the HTTP status it answered
    with, when it answered, and `request_id` the id it gave that answer (OpenAI's
    ``x-request-id``, Anthropic's ``request-id``): what its support asks for."""

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        request_id: str | None = None,
        calls: Sequence[ToolCall] = (),
    ) -> None:
        self.status = status
        self.request_id = request_id
        super().__init__(message, calls=calls)


class UnknownToolError(RequestError):
    """No tool of that name is in the catalogue (never offered, or withdrawn)."""

    def __init__(self, tool: str, known: list[str]) -> None:
        self.tool = tool
        listed = ", ".join(sorted(known)) or "none"
        super().__init__(f"no tool named {tool!r} (available: {listed})")
