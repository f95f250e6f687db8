"""Task tracker errors, each carrying the contract's error code.

TaskError
├── TaskNotFoundError       TASK_NOT_FOUND      (the id is well formed but no task has it)
├── InvalidArgumentError    INVALID_ARGUMENT    (or the contract's INVALID_STATUS, INVALID_LIMIT)
└── DatabaseError           DATABASE_ERROR      (or QUERY_TIMEOUT when a statement timed out)

Every failure, whatever its kind, reaches the caller as ``{"error": <message>, "code": <code>}``.
"""

from __future__ import annotations

from typing import Literal

ErrorCode = Literal[
    "INVALID_STATUS",
    "INVALID_LIMIT",
    "INVALID_ARGUMENT",
    "UNKNOWN_TOOL",
    "TASK_NOT_FOUND",
    "DATABASE_ERROR",
    "QUERY_TIMEOUT",
    "INTERNAL_ERROR",
]


class TaskError(Exception):
    """Base of the task service's errors; ``str(exc)`` is safe to show to the caller."""

    def __init__(self, message: str, code: ErrorCode) -> None:
        super().__init__(message)
        self.code: ErrorCode = code

    def body(self) -> dict[str, str]:
        return {"error": str(self), "code": self.code}


class TaskNotFoundError(TaskError):
    def __init__(self, task_id: str) -> None:
        super().__init__(
            f"Task not found: {task_id}. Use list_tasks to see the existing task ids.",
            "TASK_NOT_FOUND",
        )
        self.task_id = task_id


class InvalidArgumentError(TaskError):
    def __init__(self, message: str, code: ErrorCode = "INVALID_ARGUMENT") -> None:
        super().__init__(message, code)


class DatabaseError(TaskError):
    def __init__(self, message: str, code: ErrorCode = "DATABASE_ERROR") -> None:
        super().__init__(message, code)
