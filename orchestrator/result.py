"""What a request gives back: the answer, and a record of every tool call made for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from orchestrator.messages import CallStatus

__all__ = ["AskResult", "ToolCall"]


@dataclass
class ToolCall:
    """One tool call: asked for approval and told to observers while `pending`, then recorded
    with its outcome: `ok`, `error` (the server said so, or the call could not be made), or
    `not_executed` (the user did not approve it). `result` is the tool's structured content,
    else its text (parsed when it is JSON), else the reason it failed."""

    tool: str
    server: str
    arguments: dict[str, Any]
    status: CallStatus | Literal["pending"] = "pending"
    result: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "server": self.server,
            "arguments": self.arguments,
            "status": self.status,
            "result": self.result,
        }


@dataclass
class AskResult:
    """The answer to one request. `done` is False when the request could not be carried out:
    every tool call it made failed, a call failed because its server is down, or nothing could
    be called because no server is up (the CLI then exits 1)."""

    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    degraded: bool = False
    provider: str = ""
    servers: list[dict[str, Any]] = field(default_factory=list)
    done: bool = True

    def as_dict(self, request: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"request": request} if request is not None else {}
        data.update(
            {
                "provider": self.provider,
                "servers": self.servers,
                "tool_calls": [c.as_dict() for c in self.tool_calls],
                "answer": self.text,
                "done": self.done,
                "degraded": self.degraded,
            }
        )
        return data
