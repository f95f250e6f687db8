"""The todo server beside its tools: today's list and each todo as resources, a daily review
prompt, completions for todo ids and tags, logging and an icon."""

from __future__ import annotations

import json
from collections.abc import Mapping

from servers._common.features import (
    Features,
    PromptArgument,
    PromptSpec,
    ResourceSpec,
    svg_icon,
)
from servers.todo.models import ListTodosInput, Todo
from servers.todo.service import TodoService

__all__ = ["TODO_FEATURES"]

ICON = svg_icon(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="3" y="3" width="18" '
    'height="18" rx="3" fill="#2e7d32"/><path d="M7 12l3 3 7-7" stroke="#fff" stroke-width="2" '
    'fill="none"/></svg>'
)
SCAN = 100  # the most todos a completion or a review looks at


def _json(todos: list[Todo]) -> str:
    return json.dumps([t.model_dump(mode="json") for t in todos], ensure_ascii=False, indent=1)


def _pending(service: TodoService, due: str | None = None) -> list[Todo]:
    return service.list_todos(_query("pending", due)).todos


def _query(status: str, due: str | None = None) -> ListTodosInput:
    return ListTodosInput.model_validate({"status": status, "due_date_filter": due, "limit": SCAN})


def read_today(service: TodoService, variables: dict[str, str]) -> str:
    return _json(_pending(service, "today"))


def read_todo(service: TodoService, variables: dict[str, str]) -> str:
    todo = service.get_todo(variables["todo_id"])
    if todo is None:
        raise LookupError(f"No todo with ID '{variables['todo_id'][:80]}'")
    return json.dumps(todo.model_dump(mode="json"), ensure_ascii=False, indent=1)


def daily_review(service: TodoService, arguments: dict[str, str]) -> str:
    tag = arguments.get("tag") or None
    overdue, today = _pending(service, "overdue"), _pending(service, "today")
    if tag is not None:
        overdue = [t for t in overdue if tag in t.tags]
        today = [t for t in today if tag in t.tags]

    def lines(todos: list[Todo]) -> str:
        return "\n".join(f"- [{t.priority}] {t.title} ({t.todo_id})" for t in todos) or "- none"

    about = f" tagged '{tag}'" if tag else ""
    return (
        f"Review my todos{about} for today. Overdue:\n{lines(overdue)}\n\nDue today:\n"
        f"{lines(today)}\n\nSuggest an order to do them in, what to drop or move to another "
        "day, and anything that looks forgotten. Use the todo tools to make the changes I agree to."
    )


def complete_todo_id(service: TodoService, value: str, context: Mapping[str, str]) -> list[str]:
    todos = service.list_todos(_query("all")).todos
    return [t.todo_id for t in todos if t.todo_id.startswith(value)]


def complete_tag(service: TodoService, value: str, context: Mapping[str, str]) -> list[str]:
    todos = service.list_todos(_query("all")).todos
    tags = sorted({tag for t in todos for tag in t.tags})
    return [tag for tag in tags if tag.startswith(value.lower())]


TODO_FEATURES: Features[TodoService] = Features(
    resources=(
        ResourceSpec("todo://today", "today", "The pending todos due today, as JSON", read_today),
        ResourceSpec(
            "todo://todos/{todo_id}", "todo", "One todo item by its ID, as JSON", read_todo
        ),
    ),
    prompts=(
        PromptSpec(
            "daily_review",
            "Review today's and overdue todos: an order to do them in, what to drop or move",
            daily_review,
            (PromptArgument("tag", "Only the todos with this tag"),),
            title="Daily review",
        ),
    ),
    completions={"todo_id": complete_todo_id, "tag": complete_tag},
    icon=ICON,
)
