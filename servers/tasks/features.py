"""The task tracker beside its tools: the tasks in progress and each task as resources, a
write-up prompt, completions for task ids and branches, logging and an icon."""

from __future__ import annotations

import json
from collections.abc import Mapping

from pydantic import ValidationError

from servers._common.features import (
    Features,
    PromptArgument,
    PromptSpec,
    ResourceSpec,
    svg_icon,
)
from servers.tasks.errors import TaskNotFoundError
from servers.tasks.models import GetTaskInput, ListTasksInput, TaskResponse
from servers.tasks.service import TaskService

__all__ = ["TASKS_FEATURES"]

ICON = svg_icon(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="3" y="3" width="18" '
    'height="18" rx="3" fill="#1565c0"/><path d="M7 8h10M7 12h10M7 16h6" stroke="#fff" '
    'stroke-width="2"/></svg>'
)
SCAN = 100  # the most tasks a completion looks at


def _tasks(service: TaskService, status: str | None = None) -> list[TaskResponse]:
    query = {"status": status, "limit": SCAN, "full_details": True}
    tasks = service.list_tasks(ListTasksInput.model_validate(query)).tasks
    return [t for t in tasks if isinstance(t, TaskResponse)]


def _task(service: TaskService, task_id: str) -> TaskResponse:
    try:
        return service.get_task(GetTaskInput.model_validate({"task_id": task_id}))
    except (ValidationError, TaskNotFoundError):
        said = f"No task with id '{task_id[:80]}' (a UUID, as list_tasks gives)"
        raise LookupError(said) from None


def read_in_progress(service: TaskService, variables: dict[str, str]) -> str:
    tasks = _tasks(service, "in-progress")
    return json.dumps([t.model_dump(mode="json") for t in tasks], ensure_ascii=False, indent=1)


def read_task(service: TaskService, variables: dict[str, str]) -> str:
    task = _task(service, variables["task_id"])
    return json.dumps(task.model_dump(mode="json"), ensure_ascii=False, indent=1)


def write_up(service: TaskService, arguments: dict[str, str]) -> str:
    task = _task(service, arguments["task_id"])

    def listed(items: list[str]) -> str:
        return ", ".join(items) or "none"

    return (
        f"Write a short report on the task '{task.title}' (status: {task.status}) for the team: "
        "what was asked, what was done, what is left and any risk.\n\n"
        f"Description: {task.description or 'none'}\nNotes: {task.notes or 'none'}\n"
        f"Planning documents: {listed(task.planning_references)}\n"
        f"Branches: {listed(task.branches)}\nCommits: {listed(task.commits)}"
    )


def complete_task_id(service: TaskService, value: str, context: Mapping[str, str]) -> list[str]:
    return [str(t.id) for t in _tasks(service) if str(t.id).startswith(value.lower())]


TASKS_FEATURES: Features[TaskService] = Features(
    resources=(
        ResourceSpec(
            "tasks://in-progress", "in progress", "The tasks in progress, as JSON", read_in_progress
        ),
        ResourceSpec("tasks://tasks/{task_id}", "task", "One task by its id, as JSON", read_task),
    ),
    prompts=(
        PromptSpec(
            "task_write_up",
            "A short report on one task for the team: what was asked, done and left",
            write_up,
            (PromptArgument("task_id", "The task's id (a UUID)", required=True),),
            title="Task write-up",
        ),
    ),
    completions={"task_id": complete_task_id},
    icon=ICON,
)
