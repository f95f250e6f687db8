"""A project tracker for coding agents the offline router's tests share (`project-manager-mcp`
0.2.7, met in user trial 22): tasks made in a project and an epic named by their names,
changed with an agent's id, listed."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["CREATE_TASK", "LIST_PROJECTS", "LIST_TASKS", "TOOLS", "UPDATE_TASK"]

CREATE_TASK = ToolDefinition(
    "create_task",
    (
        "Create a task with project/epic upsert and full RA metadata support. "
        "Supports both existing ID-based epic specification and name-based "
        "project/epic creation. Automatically handles project/epic upsert "
        "logic, RA complexity assessment, prompt snapshots, and WebSocket "
        "broadcasting."
    ),
    {
        "properties": {
            "name": {"type": "string", "description": "Task name (required)"},
            "description": {
                "default": "",
                "type": "string",
                "description": "Task description (optional)",
            },
            "epic_id": {
                "anyOf": [{"type": "integer"}, {"type": "null"}],
                "default": None,
                "description": "ID of existing epic (either epic_id or epic_name required)",
            },
            "epic_name": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Name of epic (created if not found, with project)",
            },
            "project_id": {
                "anyOf": [{"type": "integer"}, {"type": "null"}],
                "default": None,
                "description": "ID of existing project (used with epic_name)",
            },
            "project_name": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Name of project (created if not found)",
            },
            "ra_mode": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "RA mode (simple, standard, ra-light, ra-full)",
            },
            "ra_score": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "RA complexity score as string (1-10, "
                "auto-assessed if not provided)",
            },
            "ra_tags": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "JSON string of RA assumption tags list "
                '(e.g., \'["#TAG1: desc", "#TAG2: desc"]\')',
            },
            "ra_metadata": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'JSON string of RA metadata dictionary (e.g., \'{"key": "value"}\')',
            },
            "prompt_snapshot": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "System prompt snapshot (auto-captured if not provided)",
            },
            "dependencies": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "JSON string of task ID list (e.g., '[1, 2, 3]')",
            },
            "parallel_group": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Group name for parallel execution (e.g., "backend", "frontend")',
            },
            "conflicts_with": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "JSON string of conflicting task ID list (e.g., '[4, 5, 6]')",
            },
            "parallel_eligible": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Whether this task can be executed in parallel (default: True)",
            },
            "client_session_id": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Client session for dashboard auto-switch",
            },
        },
        "required": ["name"],
        "type": "object",
        "additionalProperties": False,
    },
    server="pm",
)
UPDATE_TASK = ToolDefinition(
    "update_task",
    (
        "Update task fields atomically with comprehensive RA metadata support. "
        "Provides atomic multi-field updates with RA metadata merge/replace "
        "logic, integrated logging, lock coordination, and real-time WebSocket "
        "broadcasting. Supports both UI and database status vocabularies for "
        "compatibility."
    ),
    {
        "properties": {
            "task_id": {
                "type": "string",
                "description": "ID of the task to update (string, converted to int)",
            },
            "agent_id": {
                "type": "string",
                "description": "ID of the agent performing the update "
                "(required for lock validation)",
            },
            "name": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "New task name (optional)",
            },
            "description": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "New task description (optional)",
            },
            "status": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "New task status (optional - "
                "TODO/IN_PROGRESS/DONE/REVIEW or DB "
                "vocabulary)",
            },
            "ra_mode": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "New RA mode (optional - simple, standard, ra-light, ra-full)",
            },
            "ra_score": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "New RA complexity score as string (optional - 1-10)",
            },
            "ra_tags": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "JSON string of RA tags to merge or replace "
                "(e.g., '[\"#TAG1: desc\"]')",
            },
            "ra_metadata": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "JSON string of RA metadata to merge or "
                'replace (e.g., \'{"key": "value"}\')',
            },
            "ra_tags_mode": {
                "default": "merge",
                "type": "string",
                "description": 'How to handle ra_tags - "merge" or "replace" (default: merge)',
            },
            "ra_metadata_mode": {
                "default": "merge",
                "type": "string",
                "description": 'How to handle ra_metadata - "merge" or "replace" (default: merge)',
            },
            "log_entry": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional log message to append with sequence numbering",
            },
            "dependencies": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'JSON string of task ID array (e.g., \'["1", "2", "3"]\')',
            },
            "parallel_group": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": 'Group name for parallel execution (e.g., "backend", "frontend")  ',
            },
            "conflicts_with": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "JSON string of conflicting task ID "
                'array (e.g., \'["4", "5", "6"]\')',
            },
            "parallel_eligible": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Whether this task can be executed in parallel",
            },
        },
        "required": ["task_id", "agent_id"],
        "type": "object",
        "additionalProperties": False,
    },
    server="pm",
)
LIST_TASKS = ToolDefinition(
    "list_tasks",
    (
        "List tasks with hierarchical filtering (project, epic, status) and "
        "result limiting. Supports multi-level filtering and status vocabulary "
        "mapping between UI terms (TODO/DONE) and database values "
        "(pending/completed). Includes hierarchical context and RA score for "
        "Response Awareness workflow integration."
    ),
    {
        "properties": {
            "project_id": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional project ID to filter tasks "
                "within specific project (string, "
                "converted to int)",
            },
            "epic_id": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional epic ID to filter tasks within "
                "specific epic (string, converted to int)",
            },
            "status": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional status filter (UI: "
                "TODO/IN_PROGRESS/REVIEW/DONE or DB: "
                "pending/in_progress/review/completed/blocked)",
            },
            "limit": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional maximum number of tasks to return "
                "(string, converted to int)",
            },
        },
        "type": "object",
        "additionalProperties": False,
    },
    server="pm",
)
LIST_PROJECTS = ToolDefinition(
    "list_projects",
    (
        "List all projects with optional filtering and result limiting. "
        "Provides project data for UI selectors and filtering. Currently status"
        " parameter is ignored as projects table lacks status field."
    ),
    {
        "properties": {
            "status": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional status filter (currently ignored - no status field)",
            },
            "limit": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "description": "Optional maximum number of projects to return "
                "(string, converted to int)",
            },
        },
        "type": "object",
        "additionalProperties": False,
    },
    server="pm",
)
TOOLS = [CREATE_TASK, UPDATE_TASK, LIST_TASKS, LIST_PROJECTS]
