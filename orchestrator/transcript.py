"""The `--json` transcript of one request: what a program reads from the command line, for an
answer (`Transcript.of(result, request)`) and for a request that failed (`Transcript.failed`).

```
request, provider, servers, tool_calls, answer, done, degraded, server_requests,
question (null unless the model asks the user first)                               answered
    usage, conversation_usage                                                     answered
request, provider, servers, tool_calls, answer (null), error, degraded             failed
```

A failed request's `tool_calls` are those it made before it failed (they ran even so).
`usage` is the request's tokens and cost (`cost_usd`, null when unknown), `conversation_usage`
the session's so far. A pydantic model at the boundary: the fields are the transcript's keys in
order, and only those set for the case at hand are written. Imported only when a transcript is
wanted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from orchestrator.messages import Question
from orchestrator.result import AskResult, ServerRequest, ToolCall

__all__ = ["Transcript"]


class Transcript(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    request: str | None = None
    provider: str
    servers: list[dict[str, Any]]
    tool_calls: list[ToolCall] = Field(default_factory=list)
    answer: str | None = Field(validation_alias=AliasChoices("answer", "text"))
    error: str | None = None
    done: bool = True
    degraded: bool
    server_requests: list[ServerRequest] = Field(default_factory=list)
    question: Question | None = None
    # set by `of` (an AskResult's `usage` is its tokens alone: not read from it)
    usage: dict[str, Any] | None = Field(default=None, validation_alias="transcript_usage")
    conversation_usage: dict[str, Any] | None = Field(
        default=None, validation_alias="transcript_conversation_usage"
    )

    @classmethod
    def of(cls, result: AskResult, request: str | None) -> Transcript:
        transcript = cls.model_validate(result)
        spend: dict[str, Any] = {
            "usage": result.spent.as_dict(),
            "conversation_usage": result.conversation.as_dict(),
        }
        if request is not None:
            spend["request"] = request
        return transcript.model_copy(update=spend)

    @classmethod
    def failed(
        cls, request: str, error: str, *, provider: str, servers: list[dict[str, Any]],
        degraded: bool, tool_calls: Sequence[ToolCall] = (),
    ) -> Transcript:  # fmt: skip
        """A request that failed: `tool_calls` are those it made before (`RequestError.calls`),
        which ran even so."""
        return cls(
            request=request,
            provider=provider,
            servers=servers,
            tool_calls=list(tool_calls),
            answer=None,
            error=error,
            done=False,
            degraded=degraded,
        )

    def dump(self) -> dict[str, Any]:
        """The transcript's keys, in order, as they are written."""
        return self.model_dump(exclude_unset=True)
