"""Fleet service errors, each carrying the contract's error code.

FleetError                    (the message is safe to show to anyone: no secret, no traceback)
├── InvalidInputError         INVALID_INPUT        bad argument, or a state that forbids the call
├── NotFoundError             NOT_FOUND            no such agent, project or role
├── ConflictError             CONFLICT             name taken, agent busy
├── InternalError             INTERNAL_ERROR       something failed on our side
└── ServiceUnavailableError   SERVICE_UNAVAILABLE  Coder, AgentAPI or storage unreachable
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from servers._common import ArgumentProblem
    from servers.fleet.models import WorkAtRisk

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


def unsupported(tool: str, why: str) -> InvalidInputError:
    """A tool this backend cannot do honestly: INVALID_INPUT, ``details.unsupported`` naming it."""
    return InvalidInputError(f"unsupported: {tool} is not available here: {why}", unsupported=tool)


def describe_work(work: WorkAtRisk) -> str:
    """``work`` in words: "2 commit(s) on no other branch (a1b2c3d fix parser, ...) and 1
    uncommitted file(s) (x.py)"."""
    parts = []
    if work.commits:
        shown = ", ".join(f"{c.id} {_subject(c.subject)}" for c in work.commits[:5])
        more = f", and {len(work.commits) - 5} more" if len(work.commits) > 5 else ""
        parts.append(f"{len(work.commits)} commit(s) on no other branch ({shown}{more})")
    if work.files:
        shown = ", ".join(work.files[:10])
        more = f", and {len(work.files) - 10} more" if len(work.files) > 10 else ""
        parts.append(f"{len(work.files)} uncommitted file(s) ({shown}{more})")
    return " and ".join(parts)


def _subject(text: str, limit: int = 60) -> str:
    """A commit's subject as a message shows it: whole when short, else cut at a word with
    "…", so a cut one does not read as the whole (a task "write some note")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


NAME_RULE = "must be 1 to 32 letters, digits and hyphens"


def invalid_arguments(what: str, problems: Sequence[ArgumentProblem]) -> InvalidInputError:
    """Arguments that failed validation, each field with its rule (an agent name's pattern said
    in words): "Invalid arguments for create_agent: name: must be 1 to 32 letters, ..."."""
    from servers.fleet.models import AGENT_NAME_PATTERN

    rules = {p.field: NAME_RULE if AGENT_NAME_PATTERN in p.rule else p.rule for p in problems}
    described = "; ".join(f"{field}: {rule}" if field else rule for field, rule in rules.items())
    # A rule over several fields ("give comments or a message") is about the arguments whole.
    rules = {field or "arguments": rule for field, rule in rules.items()}
    return InvalidInputError(f"Invalid arguments for {what}: {described}", fields=rules)
