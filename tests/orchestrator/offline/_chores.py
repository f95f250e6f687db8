"""A todo server's tools as the bundled one describes them, beside an expense tracker's and a
notes server's (user trial 11's set), for the offline router's tests of what a request names
when no tool's noun is said as written."""

from __future__ import annotations

from typing import Any

from orchestrator import ToolDefinition
from tests.orchestrator.offline._routing import text, tool

__all__ = ["ADD_EXPENSE", "ADD_NOTE", "CREATE_TODO", "LIST_TODOS", "TRIAL", "UPDATE_TODO"]

PRIORITY: dict[str, Any] = {"type": "string", "enum": ["low", "medium", "high"]}
DUE_FILTER = text(
    "Filter by due date: 'today', 'this_week', or specific ISO date",
    pattern="^(today|tomorrow|this_week|overdue|[0-9]{4}-[0-9]{2}-[0-9]{2})$",
)
CREATE_TODO = tool(
    "create_todo",
    "Create a new todo item with optional due date, priority, and tags",
    {
        "title": text("The todo item title"),
        "description": text("Optional detailed description"),
        "due_date": text("Optional due date in ISO 8601 format", format="date-time"),
        "priority": {**PRIORITY, "default": "medium"},
    },
    "title",
)
LIST_TODOS = ToolDefinition(
    "list_todos",
    "List todo items with optional filtering by status, priority, due date, or tags",
    {
        "type": "object",
        "properties": {
            "status": {"type": "string", "enum": ["pending", "completed", "all"]},
            "priority": PRIORITY,
            "due_date_filter": DUE_FILTER,
        },
    },
    read_only=True,
)
UPDATE_TODO = tool(
    "update_todo",
    "Update one or more fields of an existing todo item",
    {
        "todo_id": text("The unique todo identifier"),
        "title": text("Updated title"),
        "priority": PRIORITY,
        "status": {"type": "string", "enum": ["pending", "completed"]},
    },
    "todo_id",
)
ADD_EXPENSE = tool(
    "add_expense",
    "Add a new expense",
    {
        "date": text("Date of the expense (YYYY-MM-DD)"),
        "amount": {"type": "number", "description": "Amount spent"},
        "category": text("Expense category"),
        "description": text("Optional description"),
    },
    "date",
    "amount",
    "category",
)
ADD_NOTE = tool(
    "add-note",
    "Add a new note",
    {"name": text("Name of the note"), "content": text("Content of the note")},
    "name",
    "content",
)
TRIAL = [CREATE_TODO, LIST_TODOS, UPDATE_TODO, ADD_EXPENSE, ADD_NOTE]
