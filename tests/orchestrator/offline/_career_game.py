"""A turn-based office-career game the offline router's tests share (`career-emulator-engine`
1.0.6, met in user trial 37): `new_game` returns a random `session_id` every other tool needs."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["HANDBOOK", "LOGS", "NEW_GAME", "OBSERVE", "TAKE_ACTION", "TOOLS"]

NEW_GAME = ToolDefinition(
    "new_game",
    "Start a new Career Emulator session.",
    {"type": "object", "additionalProperties": False, "properties": {}},
    server="careersim",
)

OBSERVE = ToolDefinition(
    "observe",
    "Observe the current state and available choices for a session.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "session_id": {
                "type": "string",
                "description": "UUID4 hex session id returned by ``new_game``.",
            }
        },
        "required": ["session_id"],
    },
    server="careersim",
)

TAKE_ACTION = ToolDefinition(
    "take_action",
    "Apply one choice to a Career Emulator session.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "session_id": {
                "type": "string",
                "description": "UUID4 hex session id returned by ``new_game``.",
            },
            "choice": {
                "type": "integer",
                "description": "One-based choice id from ``observe`` choices.",
            },
            "notes": {
                "type": "string",
                "description": "Agent note or reasoning retained in the player log.",
            },
        },
        "required": ["session_id", "choice", "notes"],
    },
    server="careersim",
)

LOGS = ToolDefinition(
    "check_latest_logs",
    "Return the last log entries for a Career Emulator session.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "session_id": {
                "type": "string",
                "description": "UUID4 hex session id returned by ``new_game``.",
            },
            "count": {
                "default": 10,
                "type": "integer",
                "description": "Number of recent log entries to return.",
            },
        },
        "required": ["session_id"],
    },
    server="careersim",
)

HANDBOOK = ToolDefinition(
    "show_employee_handbook",
    "Show the employee handbook as Markdown.",
    {"type": "object", "additionalProperties": False, "properties": {}},
    server="careersim",
)

TOOLS = [NEW_GAME, OBSERVE, TAKE_ACTION, LOGS, HANDBOOK]
