"""Todo service errors, each carrying the contract's ``error_type``.

TodoError
├── TodoNotFoundError       todo_not_found      (not recoverable: the id is wrong)
├── InvalidArgumentsError   invalid_arguments   (recoverable: fix the arguments)
├── ConflictError           conflict            (recoverable: read the todo again, retry)
└── DatabaseError           database_error      (recoverable: try again later)
"""

from __future__ import annotations

from typing import ClassVar, Literal

from servers._common.schema import shorten

ErrorType = Literal[
    "todo_not_found", "invalid_arguments", "conflict", "database_error", "permission_denied"
]


class TodoError(Exception):
    """Base of the todo service's errors; ``str(exc)`` is safe to show to the caller."""

    error_type: ClassVar[ErrorType]
    recoverable: ClassVar[bool]


class TodoNotFoundError(TodoError):
    error_type = "todo_not_found"
    recoverable = False

    def __init__(self, todo_id: str) -> None:
        super().__init__(f"Todo with ID '{shorten(todo_id)}' does not exist")
        self.todo_id = todo_id


class InvalidArgumentsError(TodoError):
    error_type = "invalid_arguments"
    recoverable = True


class ConflictError(TodoError):
    """An update whose ``if_unchanged_since`` is not the todo's updated_at: someone changed it
    after the caller read it, and nothing was written."""

    error_type = "conflict"
    recoverable = True

    def __init__(self, todo_id: str) -> None:
        super().__init__(
            f"Todo '{shorten(todo_id)}' changed since it was read (its updated_at is not "
            "if_unchanged_since); nothing was written: read it again and retry"
        )
        self.todo_id = todo_id


class DatabaseError(TodoError):
    error_type = "database_error"
    recoverable = True
