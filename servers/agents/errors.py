"""The agents server's errors, each with a code a program can branch on.

```
AgentsError                    code
├── AgentNotFoundError         agent_not_found       no agent of that name (lists the names)
├── AgentNotOperativeError     agent_not_operative   its probe failed (detail and fix)
├── InvalidRequestError        invalid_arguments     a field breaks a rule (names it)
│   └── UnsupportedSettingError unsupported_setting  a `config` key the agent cannot honour
├── RateLimitedError           rate_limited          too many requests (says when to retry)
├── AgentTimeoutError          timeout               no answer within the timeout
├── AgentFailedError           api_error, cli_error, no_answer, not_understood,
│                                                    tools_unavailable
│                                                    the agent itself failed, or did nothing
│                                                    with the prompt (saying why)
└── RegistrationError          invalid_tool_spec, unknown_server, no_tool_use
```

Every message is safe to show: it names what failed and what to do, never a key. `warnings`
are notes about the request that go with the failure (a registered tool not offered, and why).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "AgentFailedError",
    "AgentNotFoundError",
    "AgentNotOperativeError",
    "AgentTimeoutError",
    "AgentsError",
    "InvalidRequestError",
    "RateLimitedError",
    "RegistrationError",
    "UnsupportedSettingError",
]


class AgentsError(Exception):
    """Base of the agents server's errors; ``str(exc)`` is safe to show to the caller."""

    code = "internal_error"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        warnings: Sequence[str] = (),
        **details: Any,
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.warnings = list(warnings)
        self.details: dict[str, Any] = details


class AgentNotFoundError(AgentsError):
    code = "agent_not_found"

    def __init__(self, name: str, known: str) -> None:
        super().__init__(f"Agent Not Found: no agent named {name!r}. Known agents: {known}")


class AgentNotOperativeError(AgentsError):
    code = "agent_not_operative"


class InvalidRequestError(AgentsError):
    code = "invalid_arguments"


class UnsupportedSettingError(InvalidRequestError):
    code = "unsupported_setting"


class RateLimitedError(AgentsError):
    code = "rate_limited"


class AgentTimeoutError(AgentsError):
    code = "timeout"


class AgentFailedError(AgentsError):
    code = "api_error"


class RegistrationError(AgentsError):
    code = "invalid_tool_spec"
