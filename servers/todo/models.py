"""Todo types: tool inputs and outputs (the contract's shapes) and the stored tables."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    field_validator,
)
from pydantic_core import PydanticCustomError
from sqlalchemy import Column, ForeignKey, Index, String
from sqlmodel import Field as ColumnField
from sqlmodel import SQLModel

from servers._common.sql import UTCDateTime

Priority = Literal["low", "medium", "high"]
Status = Literal["pending", "completed"]
StatusFilter = Literal["pending", "completed", "all"]

MIN_LIST_LIMIT, MAX_LIST_LIMIT = 1, 100


def _local_if_naive(value: datetime) -> datetime:
    """A date-time without an offset means the user's local time zone (TZ or the system's)."""
    return value.astimezone() if value.tzinfo is None else value


def _clean_tags(tags: list[str] | None) -> list[str] | None:
    if tags is None:
        return None
    cleaned: list[str] = []
    for index, tag in enumerate(tags):
        tag = tag.strip()
        if not tag:
            raise ValueError(f"tags[{index}] must not be empty")
        if len(tag) > 100:
            raise ValueError(f"tags[{index}] must be at most 100 characters long")
        if tag not in cleaned:
            cleaned.append(tag)
    return cleaned


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


DueDate = Annotated[datetime, AfterValidator(_local_if_naive)]
ListLimit = Annotated[int, Field(ge=MIN_LIST_LIMIT, le=MAX_LIST_LIMIT), WrapValidator(_limit_range)]

_INPUT = ConfigDict(extra="forbid")


# --- tool inputs (field for field the contract's schemas) -------------------------------------


class CreateTodoInput(BaseModel):
    model_config = _INPUT

    title: str = Field(description="The todo item title", min_length=1, max_length=200)
    description: str | None = Field(
        None, description="Optional detailed description", max_length=1000
    )
    due_date: DueDate | None = Field(None, description="Optional due date in ISO 8601 format")
    priority: Priority = Field("medium", description="Priority level")
    tags: list[str] | None = Field(None, description="Optional list of tags")

    _tags = field_validator("tags")(_clean_tags)


class ListTodosInput(BaseModel):
    model_config = _INPUT

    status: StatusFilter = Field("pending", description="Filter by completion status")
    priority: Priority | None = Field(None, description="Filter by priority level")
    due_date_filter: str | None = Field(
        None,
        description="Filter by due date: 'today', 'this_week', or specific ISO date",
        examples=["today", "this_week", "2025-12-25"],
    )
    tags: list[str] | None = Field(None, description="Filter by tags (AND logic)")
    limit: ListLimit = Field(50, description="Maximum number of results")

    _tags = field_validator("tags")(_clean_tags)


class UpdateTodoInput(BaseModel):
    model_config = _INPUT

    todo_id: str = Field(description="The unique todo identifier")
    title: str | None = Field(None, description="Updated title", min_length=1, max_length=200)
    description: str | None = Field(None, description="Updated description", max_length=1000)
    due_date: DueDate | None = Field(None, description="Updated due date in ISO 8601 format")
    priority: Priority | None = Field(None, description="Updated priority level")
    status: Status | None = Field(None, description="Updated completion status")
    tags: list[str] | None = Field(None, description="Updated tags (replaces existing)")

    _tags = field_validator("tags")(_clean_tags)

    def changes(self) -> dict[str, object]:
        """The fields the caller asked to change, in the contract's order."""
        return self.model_dump(exclude={"todo_id"}, exclude_unset=True)


class DeleteTodoInput(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    todo_id: str = Field(description="The unique todo identifier to delete")
    confirmation: Literal[True] = Field(
        description="Must be true to confirm deletion (safety check)"
    )


# --- tool outputs ---------------------------------------------------------------------------


class Todo(BaseModel):
    """A todo as the tools return it."""

    todo_id: str
    title: str
    description: str | None
    due_date: datetime | None
    priority: Priority
    status: Status
    tags: list[str]
    created_at: datetime
    updated_at: datetime


class CreateTodoResult(BaseModel):
    success: Literal[True] = True
    todo_id: str
    message: str = "Todo created successfully"


class ListTodosResult(BaseModel):
    success: Literal[True] = True
    todos: list[Todo]
    count: int


class UpdateTodoResult(BaseModel):
    success: Literal[True] = True
    todo_id: str
    message: str = "Todo updated successfully"
    updated_fields: list[str]


class DeleteTodoResult(BaseModel):
    success: Literal[True] = True
    todo_id: str
    message: str = "Todo deleted successfully"


# --- stored tables --------------------------------------------------------------------------


class TodoRecord(SQLModel, table=True):
    __tablename__ = "todos"
    __table_args__ = (Index("ix_todos_status_due", "status", "due_date"),)

    id: str = ColumnField(primary_key=True, max_length=40)
    title: str = ColumnField(max_length=200)
    description: str | None = ColumnField(default=None, max_length=1000)
    due_date: datetime | None = ColumnField(default=None, sa_column=Column(UTCDateTime()))
    priority: str = ColumnField(max_length=10)
    status: str = ColumnField(max_length=10)
    created_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))
    updated_at: datetime = ColumnField(sa_column=Column(UTCDateTime(), nullable=False))


class TodoTagRecord(SQLModel, table=True):
    __tablename__ = "todo_tags"
    __table_args__ = (Index("ix_todo_tags_tag", "tag"),)

    todo_id: str = ColumnField(
        sa_column=Column(String(40), ForeignKey("todos.id", ondelete="CASCADE"), primary_key=True)
    )
    tag: str = ColumnField(primary_key=True, max_length=100)
    position: int = 0
