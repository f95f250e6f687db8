"""What a request gives back: the answer, a record of every tool call made for it, and of what the
servers asked of the client meanwhile (input, a completion from the model)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from orchestrator.messages import CallStatus, Question
from orchestrator.models import Usage
from orchestrator.pricing import Spend

__all__ = ["AskResult", "ServerRequest", "ToolCall"]


@dataclass
class ToolCall:
    """One tool call: asked for approval and told to observers while `pending`, then recorded
    with its outcome: `ok`, `error` (the server said so, or the call could not be made),
    `not_executed` (the user did not approve it), or `started`: left running as a task
    (`--detach`), its outcome not known yet. `result` is the tool's structured content, else
    its text (parsed when it is JSON), else the reason it failed; for a `started` call, the task's
    id and the command that fetches its result."""

    tool: str
    server: str
    arguments: dict[str, Any]
    status: CallStatus | Literal["pending", "started"] = "pending"
    result: Any = None


ServerRequestKind = Literal["elicitation", "sampling"]
Outcome = Literal["accepted", "declined", "cancelled", "failed"]


@dataclass(frozen=True)
class ServerRequest:
    """A server's request to the client while a request ran: input from the user
    (`elicitation`) or a completion from the model (`sampling`), and its outcome. `by_user`: the
    user chose it; otherwise `reason` says why it went as it did (no terminal, offline, ...)."""

    server: str
    kind: ServerRequestKind
    message: str
    outcome: Outcome
    reason: str | None = None
    by_user: bool = False

    def but(self, outcome: Outcome, reason: str | None, *, by_user: bool = False) -> ServerRequest:
        return replace(self, outcome=outcome, reason=reason, by_user=by_user)

    def note(self) -> str | None:
        """A line for the answer when the user did not choose the outcome, else None."""
        if self.by_user or self.outcome == "accepted":
            return None
        wanted = "input" if self.kind == "elicitation" else "a completion from the model"
        verb = "failed" if self.outcome == "failed" else f"was {self.outcome}"
        return (
            f"Note: server {self.server!r} wanted {wanted} ({self.message!r}); it {verb}: "
            f"{self.reason or 'no reason given'}."
        )


@dataclass
class AskResult:
    """The answer to one request. `done` is False when the request could not be carried out:
    every tool call it made failed, what it set out to do failed though lookups before it went
    well (a write that failed and was not retried with success; when it only read, its last
    read failed), a call was not run for want of approval (a destructive call
    without `--yes`, or declined), a call failed because its server is down, nothing could be
    called because no server is up, the model asks the user a `question` first (the CLI then
    exits 1; the next request answers it), or it `refused`: it did nothing with the request, and
    its words say why (the offline router could not make it out). `text` is the model's words
    (`reply`) followed by the `notes` the session added; `model` is the model that answered, as
    its vendor named it; `usage` the tokens of every turn, summed; `cost` their price in USD
    (None: unknown, `orchestrator.pricing`); `conversation` the tokens and cost of the session
    so far, this request included."""

    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    degraded: bool = False
    provider: str = ""
    servers: list[dict[str, Any]] = field(default_factory=list)
    server_requests: list[ServerRequest] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the lines added to the model's words
    done: bool = True
    question: Question | None = None  # the model asks the user before it can go on
    refused: bool = False  # the model did nothing with the request (its words say why)
    reply: str = ""
    model: str = ""
    usage: Usage = field(default_factory=lambda: Usage(reported=False))
    cost: float | None = None
    conversation: Spend = field(default_factory=Spend)

    @property
    def spent(self) -> Spend:
        """This request's tokens and cost."""
        return Spend(self.usage, self.cost)
