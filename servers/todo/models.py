"""Todo types: tool inputs and outputs, the contract's shapes (the stored tables are in
:mod:`servers.todo.tables`)."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
    field_validator,
)
from pydantic_core import PydanticCustomError, to_jsonable_python

from servers._common.inputs import NOT_BLANK, ConstTrue, DateOrDateTime, DateTime, not_blank

Priority = Literal["low", "medium", "high"]
Status = Literal["pending", "completed"]
StatusFilter = Literal["pending", "completed", "all"]

MIN_LIST_LIMIT, MAX_LIST_LIMIT = 1, 100


TAG_MAX = 100
# A tag holds something besides ASCII white space (spelled out, so JSON Schema's ECMA-262 regex and
# Python's agree on it); only that white space is trimmed.
_BLANK = " \t\n\r\f\v"
_SOMETHING_PATTERN = NOT_BLANK
DUE_DATE_KEYWORDS = ("today", "tomorrow", "this_week", "overdue")
_DUE_DATE_FILTER = rf"^({'|'.join(DUE_DATE_KEYWORDS)}|[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}})$"


def _clean_tags(tags: list[str] | None) -> list[str] | None:
    """Tags as the schema publishes them (1 to 100 characters, not blank), trimmed, each once."""
    if tags is None:
        return None
    cleaned: list[str] = []
    for index, tag in enumerate(tags):
        if len(tag) > TAG_MAX:
            raise ValueError(f"tags[{index}] must be at most {TAG_MAX} characters long")
        if not re.search(_SOMETHING_PATTERN, tag):
            raise ValueError(f"tags[{index}] must not be empty")
        tag = tag.strip(_BLANK)
        if tag not in cleaned:
            cleaned.append(tag)
    return cleaned


def _due_date_filter(value: str | None) -> str | None:
    if value is None or value in DUE_DATE_KEYWORDS:
        return value
    if re.match(_DUE_DATE_FILTER, value):
        try:
            date.fromisoformat(value)
        except ValueError:
            raise ValueError("must be a real date (YYYY-MM-DD)") from None
        return value
    raise ValueError(
        "must be 'today', 'tomorrow', 'this_week', 'overdue' or an ISO date such as 2025-12-25"
    )


def _limit_range(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """One message for both ends of the range, as the tool's description gives it."""
    try:
        return handler(value)
    except ValidationError as exc:
        if any(e["type"] in ("greater_than_equal", "less_than_equal") for e in exc.errors()):
            raise PydanticCustomError(
                "limit_range", f"must be between {MIN_LIST_LIMIT} and {MAX_LIST_LIMIT}"
            ) from None
        raise


Tag = Annotated[
    str,
    WithJsonSchema(
        {"type": "string", "minLength": 1, "maxLength": TAG_MAX, "pattern": _SOMETHING_PATTERN}
    ),
]
ListLimit = Annotated[int, Field(ge=MIN_LIST_LIMIT, le=MAX_LIST_LIMIT), WrapValidator(_limit_range)]

_INPUT = ConfigDict(extra="forbid")
DUE_DATE_DOC = (
    "due date in ISO 8601 format (no offset: local time; a date alone: that day, 00:00 local)"
)

PRECONDITION_DOC = (
    "Optional precondition: the todo's updated_at as it was read (list_todos gives it). When "
    "the todo has changed since, nothing is written and the call fails with error_type "
    "'conflict': read it again, then retry"
)


# --- tool inputs (field for field the contract's schemas) -------------------------------------


class CreateTodoInput(BaseModel):
    model_config = _INPUT

    title: str = Field(
        description="The todo item title",
        min_length=1,
        max_length=200,
        json_schema_extra={"pattern": _SOMETHING_PATTERN},
    )
    description: str | None = Field(
        None, description="Optional detailed description", max_length=1000
    )
    due_date: DateOrDateTime | None = Field(None, description=f"Optional {DUE_DATE_DOC}")
    priority: Priority = Field("medium", description="Priority level")
    tags: list[Tag] | None = Field(None, description="Optional list of tags")

    _tags = field_validator("tags")(_clean_tags)
    _title = field_validator("title")(not_blank)


class ListTodosInput(BaseModel):
    model_config = _INPUT

    status: StatusFilter = Field("pending", description="Filter by completion status")
    priority: Priority | None = Field(None, description="Filter by priority level")
    due_date_filter: str | None = Field(
        None,
        description="Filter by due date: 'today', 'this_week', or specific ISO date",
        examples=["today", "this_week", "2025-12-25"],
        json_schema_extra={"pattern": _DUE_DATE_FILTER},
    )
    tags: list[Tag] | None = Field(None, description="Filter by tags (AND logic)")
    limit: ListLimit = Field(50, description="Maximum number of results")
    offset: int = Field(
        0,
        ge=0,
        description="How many of the matching todos to skip, in the list's order: the "
        "next_offset of the page before",
    )

    _tags = field_validator("tags")(_clean_tags)
    _due = field_validator("due_date_filter")(_due_date_filter)


class UpdateTodoInput(BaseModel):
    model_config = _INPUT

    todo_id: str = Field(description="The unique todo identifier")
    title: str | None = Field(
        None,
        description="Updated title",
        min_length=1,
        max_length=200,
        json_schema_extra={"pattern": _SOMETHING_PATTERN},
    )
    description: str | None = Field(None, description="Updated description", max_length=1000)
    due_date: DateOrDateTime | None = Field(None, description=f"Updated {DUE_DATE_DOC}")
    priority: Priority | None = Field(None, description="Updated priority level")
    status: Status | None = Field(None, description="Updated completion status")
    tags: list[Tag] | None = Field(None, description="Updated tags (replaces existing)")
    if_unchanged_since: DateTime | None = Field(None, description=PRECONDITION_DOC)

    _tags = field_validator("tags")(_clean_tags)
    _title = field_validator("title")(not_blank)

    def changes(self) -> dict[str, object]:
        """The fields the caller asked to change, in the contract's order."""
        return self.model_dump(exclude={"todo_id", "if_unchanged_since"}, exclude_unset=True)


class DeleteTodoInput(BaseModel):
    model_config = _INPUT

    todo_id: str = Field(description="The unique todo identifier to delete")
    confirmation: ConstTrue = Field(description="Must be true to confirm deletion (safety check)")


# --- tool outputs ---------------------------------------------------------------------------


def _in_local_time(value: datetime) -> datetime:
    return value.astimezone()


LocalDateTime = Annotated[datetime, AfterValidator(_in_local_time)]


def local_json(value: datetime) -> str:
    """``value`` in the local time zone, as a :class:`Todo`'s JSON writes its times (pydantic's
    own encoder: ``2026-03-02T15:00:00+09:00``, ``Z`` for UTC)."""
    return to_jsonable_python(value.astimezone())


class Todo(BaseModel):
    """A todo as the tools return it: its times in the local time zone (each is converted as
    the todo is built, whatever zone it came in: storage gives UTC)."""

    todo_id: str
    title: str
    description: str | None
    due_date: LocalDateTime | None
    priority: Priority
    status: Status
    tags: list[str]
    created_at: LocalDateTime
    updated_at: datetime

    @field_validator("updated_at")
    @classmethod
    def _updated_in_local_time(cls, value: datetime, info: ValidationInfo) -> datetime:
        created = info.data.get("created_at")  # a todo never updated: converted once
        return created if created == value else value.astimezone()


class CreateTodoResult(BaseModel):
    success: Literal[True] = True
    todo_id: str
    message: str = "Todo created successfully"


class ListTodosResult(BaseModel):
    success: Literal[True] = True
    todos: list[Todo]
    count: int
    next_offset: int | None = Field(
        None,
        description="The offset of the next page, when more todos match (else left out)",
    )


class UpdateTodoResult(BaseModel):
    success: Literal[True] = True
    todo_id: str
    message: str = "Todo updated successfully"
    updated_fields: list[str]


class DeleteTodoResult(BaseModel):
    success: Literal[True] = True
    todo_id: str
    message: str = "Todo deleted successfully"
