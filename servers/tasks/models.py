"""Task tracker types: tool inputs and outputs, the contract's shapes (the stored tables are in
:mod:`servers.tasks.tables`).

The contract words two validation errors itself ("Invalid status: X. Valid values: [...]" and
"Limit must be between 1 and 100, got N"). Those fields still carry their enum and range in the
input schema, so models see the choices; a wrap validator turns the generic pydantic error into
the contract's message, under an error type (:data:`CONTRACT_ERROR_CODES`) the tools map to the
contract's code.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, get_args
from uuid import UUID

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonDict
from pydantic_core import PydanticCustomError

from servers._common.inputs import NOT_BLANK, Uuid, not_blank
from servers._common.schema import shorten

Status = Literal["need to be done", "in-progress", "complete"]
STATUSES: tuple[str, ...] = get_args(Status)
INITIAL_STATUS: Status = "need to be done"

MIN_LIMIT, MAX_LIMIT, DEFAULT_LIMIT = 1, 100, 50
TITLE_MAX = 200
BRANCH_MAX = 255
REFERENCE_MAX = 500
COMMIT_PATTERN = r"^[0-9a-f]{40}$"
BRANCH_PATTERN = r"^[^\s\x00-\x1f\x7f]+$"  # git refuses spaces and control characters in a name

# pydantic error type -> the contract's error code
CONTRACT_ERROR_CODES = {"invalid_status": "INVALID_STATUS", "invalid_limit": "INVALID_LIMIT"}


def _shown(value: Any) -> str:
    """The caller's value in a message, cut short (and a number too long to print named so)."""
    try:
        return shorten(str(value))
    except ValueError:
        return "a number too long to show"


def _contract_status(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    try:
        return handler(value)
    except ValidationError:
        # The message is built here, not templated, so braces in the value stay literal.
        message = f"Invalid status: {_shown(value)}. Valid values: {list(STATUSES)}"
        raise PydanticCustomError("invalid_status", message) from None


def _contract_limit(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    if isinstance(value, bool):  # pydantic would take true as 1
        raise PydanticCustomError("int_type", "must be an integer")
    try:
        return handler(value)
    except ValidationError as exc:
        if any(e["type"] in ("greater_than_equal", "less_than_equal") for e in exc.errors()):
            message = f"Limit must be between {MIN_LIMIT} and {MAX_LIMIT}, got {_shown(value)}"
            raise PydanticCustomError("invalid_limit", message) from None
        raise


def _commit_hash(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    try:
        return handler(value)
    except ValidationError as exc:
        if any(e["type"] == "string_pattern_mismatch" for e in exc.errors()):
            raise PydanticCustomError(
                "invalid_commit",
                "must be a full git commit hash: 40 lowercase hexadecimal characters",
            ) from None
        raise


StatusValue = Annotated[Status, WrapValidator(_contract_status)]
CommitHash = Annotated[str, Field(pattern=COMMIT_PATTERN), WrapValidator(_commit_hash)]


def _branch_name(value: str) -> str:
    if not re.fullmatch(BRANCH_PATTERN, value):
        raise PydanticCustomError(
            "invalid_branch", "must be a git branch name: no spaces or control characters"
        )
    return value


# Published as what a branch must not hold ("not": a router reads no value's kind from it),
# not as a pattern of what it may be: "anything but spaces" would tell a client's router that
# any word, a commit hash say, might be a branch.
BranchName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=BRANCH_MAX,
        json_schema_extra={"not": {"pattern": r"[\s\x00-\x1f\x7f]"}},
    ),
    AfterValidator(_branch_name),
]


def _relative_path(value: str) -> str:
    # The contract's "relative paths to planning documents": inside the project, not /etc/passwd.
    if re.search(NOT_RELATIVE, value):
        raise PydanticCustomError(
            "not_relative",
            "must be a relative path inside the project (specs/001/plan.md): no leading /, ~ or "
            "drive letter, and no '..' part",
        )
    return value


NOT_RELATIVE = r"^(/|~|\\|[A-Za-z]:)|(^|[/\\])\.\.([/\\]|$)"
PlanningReference = Annotated[
    str,
    Field(
        min_length=1, max_length=REFERENCE_MAX, json_schema_extra={"not": {"pattern": NOT_RELATIVE}}
    ),
    AfterValidator(_relative_path),
]

_INPUT = ConfigDict(extra="forbid")


def _empty_as_none(value: str | None) -> str | None:
    return value if value else None


# --- tool inputs ----------------------------------------------------------------------------


class ListTasksInput(BaseModel):
    model_config = _INPUT

    status: StatusValue | None = Field(
        None, description="Filter by task status", examples=["in-progress"]
    )
    branch: BranchName | None = Field(
        None, description="Filter by git branch name", examples=["004-as-an-ai"]
    )
    limit: Annotated[int, Field(ge=MIN_LIMIT, le=MAX_LIMIT), WrapValidator(_contract_limit)] = (
        Field(DEFAULT_LIMIT, description="Maximum number of tasks to return", examples=[15])
    )
    full_details: bool = Field(
        False,
        description=(
            "Return full task objects (when true) or summaries of id, title, status, created_at "
            "and updated_at (when false, the default). Prefer summaries plus get_task."
        ),
    )
    offset: int = Field(
        0,
        ge=0,
        description="How many of the matching tasks to skip, in the list's order: the "
        "next_offset of the page before",
    )


class GetTaskInput(BaseModel):
    model_config = _INPUT

    task_id: Uuid = Field(description="The task's id (a UUID, as list_tasks returns it)")


class CreateTaskInput(BaseModel):
    model_config = _INPUT

    title: str = Field(
        description="Task title",
        min_length=1,
        max_length=TITLE_MAX,
        json_schema_extra={"pattern": NOT_BLANK},
    )
    description: str | None = Field(None, description="Detailed task description (optional)")
    notes: str | None = Field(None, description="Additional notes (optional)")
    planning_references: list[PlanningReference] | None = Field(
        None,
        description="Relative paths to planning documents",
        examples=[["specs/001-auth/spec.md", "specs/001-auth/plan.md"]],
    )

    _blank = field_validator("description", "notes")(_empty_as_none)
    _title = field_validator("title")(not_blank)

    @field_validator("planning_references")
    @classmethod
    def _unique(cls, value: list[str] | None) -> list[str] | None:
        return None if value is None else list(dict.fromkeys(value))


class UpdateTaskInput(BaseModel):
    model_config = _INPUT

    task_id: Uuid = Field(description="The task's id (a UUID)")
    title: str | None = Field(
        None,
        description="New title",
        min_length=1,
        max_length=TITLE_MAX,
        json_schema_extra={"pattern": NOT_BLANK},
    )
    description: str | None = Field(None, description="New description; an empty string clears it")
    notes: str | None = Field(None, description="New notes; an empty string clears them")
    status: StatusValue | None = Field(None, description="New status")
    branch: BranchName | None = Field(
        None, description="A git branch to add to the task's branches (kept once)"
    )
    commit: CommitHash | None = Field(
        None,
        description="A git commit hash (40 lowercase hex characters) to add to the task's commits",
    )

    _blank = field_validator("description", "notes")(_empty_as_none)
    _title = field_validator("title")(not_blank)

    @model_validator(mode="after")
    def _something_to_change(self) -> UpdateTaskInput:
        if not self.changes():
            fields = ", ".join(f for f in type(self).model_fields if f != "task_id")
            raise PydanticCustomError("nothing_to_update", f"give at least one of: {fields}")
        return self

    def changes(self) -> dict[str, Any]:
        """The fields the caller gave, besides ``task_id`` (None clears description or notes)."""
        return self.model_dump(exclude={"task_id"}, exclude_unset=True)


# --- tool outputs ---------------------------------------------------------------------------


_TWO_DIGITS = tuple(f"{n:02d}" for n in range(100))


def timestamp_json(value: datetime) -> str:
    """ISO 8601 in UTC to the second, as the contract writes it: 2025-10-10T15:30:00Z. Built from
    its fields, each pair of digits read from a table: 5,500 instructions, against 10,500 with
    %-formatting (1.2 times that with ``isoformat``, 1.7 with an f-string's format specs), and a
    listing has two a task."""
    v = value.astimezone(UTC)
    year, two = v.year, _TWO_DIGITS
    return (
        f"{two[year // 100]}{two[year % 100]}-{two[v.month]}-{two[v.day]}"
        f"T{two[v.hour]}:{two[v.minute]}:{two[v.second]}Z"
    )


Timestamp = Annotated[
    datetime,
    PlainSerializer(timestamp_json, return_type=str),
    WithJsonSchema({"type": "string", "format": "date-time"}, mode="serialization"),
]
_NULLABLE_STRING: JsonDict = {"type": ["string", "null"]}


class TaskSummary(BaseModel):
    """The five core fields: what list_tasks returns by default."""

    id: UUID = Field(description="Unique task identifier")
    title: str = Field(description="Task title", min_length=1, max_length=TITLE_MAX)
    status: Status = Field(description="Current task status")
    created_at: Timestamp = Field(description="Task creation timestamp (ISO 8601)")
    updated_at: Timestamp = Field(description="Last modification timestamp (ISO 8601)")


class TaskResponse(BaseModel):
    """The complete task: all ten fields, in the contract's order."""

    id: UUID = Field(description="Unique task identifier")
    title: str = Field(description="Task title", min_length=1, max_length=TITLE_MAX)
    description: str | None = Field(
        description="Detailed task description (optional)", json_schema_extra=_NULLABLE_STRING
    )
    notes: str | None = Field(
        description="Additional notes (optional)", json_schema_extra=_NULLABLE_STRING
    )
    status: Status = Field(description="Current task status")
    created_at: Timestamp = Field(description="Task creation timestamp (ISO 8601)")
    updated_at: Timestamp = Field(description="Last modification timestamp (ISO 8601)")
    planning_references: list[str] = Field(description="Relative paths to planning documents")
    branches: list[str] = Field(description="Associated git branch names")
    commits: list[Annotated[str, Field(pattern=COMMIT_PATTERN)]] = Field(
        description="Associated git commit hashes (40-char hex)"
    )

    def summary(self) -> TaskSummary:
        return TaskSummary(
            id=self.id,
            title=self.title,
            status=self.status,
            created_at=self.created_at,
            updated_at=self.updated_at,
        )


class ListTasksResult(BaseModel):
    # Summaries first: a client validating the result tries anyOf's alternatives in order (the
    # Python SDK's, collecting every error of a failed one), and a full task matches a summary
    # too, so either listing is checked against one shape.
    tasks: list[TaskSummary] | list[TaskResponse] = Field(
        description="Task summaries, or full tasks when full_details is true"
    )
    total_count: int = Field(description="Number of tasks returned (the array's length)")
    next_offset: int | None = Field(
        None,
        description="The offset of the next page, when more tasks match (else left out)",
    )
