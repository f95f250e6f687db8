"""Fleet service errors, each carrying the contract's error code.

FleetError                    (the message is safe to show to anyone: no secret, no traceback)
├── InvalidInputError         INVALID_INPUT        bad argument, or a state that forbids the call
├── NotFoundError             NOT_FOUND            no such agent, project or role
├── ConflictError             CONFLICT             name taken, agent busy
├── InternalError             INTERNAL_ERROR       something failed on our side
└── ServiceUnavailableError   SERVICE_UNAVAILABLE  Coder, AgentAPI or storage unreachable
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

ErrorCode = Literal[
    "INVALID_INPUT", "NOT_FOUND", "CONFLICT", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"
]


class FleetError(Exception):
    """Base of the fleet's errors; ``details`` is extra context for the caller."""

    code: ClassVar[ErrorCode] = "INTERNAL_ERROR"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def body(self) -> dict[str, Any]:
        """The contract's error body."""
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


class InvalidInputError(FleetError):
    code = "INVALID_INPUT"


class NotFoundError(FleetError):
    code = "NOT_FOUND"


class ConflictError(FleetError):
    code = "CONFLICT"


class InternalError(FleetError):
    code = "INTERNAL_ERROR"


class ServiceUnavailableError(FleetError):
    code = "SERVICE_UNAVAILABLE"


def agent_not_found(name: str) -> NotFoundError:
    return NotFoundError(f"Agent '{name}' not found", agent_name=name)


def agent_exists(name: str, existing: str) -> ConflictError:
    """The refusal of a name an agent has (in any case): what to do is delete that agent."""
    return ConflictError(
        f"An agent named '{existing}' already exists; delete it first (delete_agent) or choose "
        "another name",
        agent_name=name,
    )
