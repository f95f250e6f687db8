"""A diary and work log the offline router's tests share (`kaydet` 0.49.0, met in user trial 39):
entries of text with #tags and key:value metadata, a search syntax its descriptions document
(#tag, key:>N, since:YYYY-MM-DD), and two todo tools named as the todo server's (`diary__create_todo`,
`diary__list_todos`, as the orchestrator names them beside it)."""

# ruff: noqa: E501  (the server's descriptions, as its `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["TOOLS"]

TOOLS = [
    ToolDefinition(
        "add_entry",
        "Add a new diary entry. Text may include #tags and key:value metadata inline (e.g. 'Fixed auth #bug time:2h'). Optional metadata/tags args merge with inline tokens.",
        {
            "type": "object",
            "properties": {
                "text": {"type": "string"},
                "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
                "tags": {"type": "array", "items": {"type": "string"}},
                "timestamp": {"type": "string", "pattern": "^\\d{2}:\\d{2}$"},
            },
            "required": ["text"],
        },
        server="diary",
    ),
    ToolDefinition(
        "update_entry",
        "Update an existing entry without opening an editor",
        {
            "type": "object",
            "properties": {
                "entry_id": {"type": "integer"},
                "text": {"type": "string"},
                "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
                "tags": {"type": "array", "items": {"type": "string"}},
                "timestamp": {"type": "string", "pattern": "^\\d{2}:\\d{2}$"},
            },
            "required": ["entry_id"],
        },
        server="diary",
    ),
    ToolDefinition(
        "delete_entry",
        "Delete an entry by numeric identifier",
        {
            "type": "object",
            "properties": {"entry_id": {"type": "integer"}},
            "required": ["entry_id"],
        },
        server="diary",
    ),
    ToolDefinition(
        "get_entry",
        "Get a single entry by its numeric ID",
        {
            "type": "object",
            "properties": {"entry_id": {"type": "integer"}},
            "required": ["entry_id"],
        },
        server="diary",
    ),
    ToolDefinition(
        "search_entries",
        "Primary search tool. Full query syntax: #tag, key:value, key:>N, key:N..M, -exclude, since:YYYY-MM-DD, until:YYYY-MM-DD. Examples: '#work since:2026-07-01', 'status:done time:>2', 'auth -#noise', '#expense cost:>100'. Prefer this over entries_by_tag for tag filters (query='#tag'). Returns at most `limit` most recent matches (default 50). Use limit=0 for all matches.",
        {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "Search query. Combine tags, text, metadata filters, and since:/until:.",
                },
                "limit": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Max matches to return (default 50). 0 = unlimited.",
                },
            },
            "required": ["query"],
        },
        server="diary",
    ),
    ToolDefinition(
        "list_recent_entries",
        "List the most recent entries by id (newest first). Use search_entries with since: for date windows.",
        {"type": "object", "properties": {"limit": {"type": "integer", "minimum": 1}}},
        server="diary",
    ),
    ToolDefinition(
        "entries_by_tag",
        "List recent entries for a single tag. Prefer search_entries with query='#tag' (supports extra filters and since:). Kept for simple tag-only browsing.",
        {
            "type": "object",
            "properties": {
                "tag": {"type": "string", "description": "Tag name without # (e.g. 'work')."},
                "limit": {"type": "integer", "minimum": 1},
            },
            "required": ["tag"],
        },
        server="diary",
    ),
    ToolDefinition(
        "list_tags",
        "List all tags with entry counts. Useful before search_entries to discover tag names.",
        {"type": "object", "properties": {}},
        server="diary",
    ),
    ToolDefinition(
        "suggest_kaydet_tags",
        "Suggest project tags based on the current directory",
        {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Directory to inspect. Defaults to cwd."}
            },
        },
        server="diary",
    ),
    ToolDefinition(
        "summarize_entries",
        "Sum numeric metadata across matching entries. Uses the same query syntax as search_entries. Values are grouped by unit suffix with no conversion: timespent:1saat + timespent:30dk → separate lines '3saat' and '30dk', not a single converted total. Returns sums, sums_display, and sample entries. Examples: 'since:2026-01-01 #expense', '#worklog timespent:*'",
        {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "Filter for entries to sum (tags, metadata, since:/until:).",
                }
            },
            "required": ["query"],
        },
        server="diary",
    ),
    ToolDefinition(
        "get_stats",
        "Calendar entry counts for a month (defaults to current month).",
        {
            "type": "object",
            "properties": {
                "year": {"type": "integer", "minimum": 1900},
                "month": {"type": "integer", "minimum": 1, "maximum": 12},
            },
        },
        server="diary",
    ),
    ToolDefinition(
        "diary__create_todo",
        "Create a todo (#todo, status:pending). Description may include #tags and key:value metadata.",
        {
            "type": "object",
            "properties": {
                "description": {"type": "string"},
                "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
            },
            "required": ["description"],
        },
        server="diary",
    ),
    ToolDefinition(
        "mark_todo_done",
        "Mark a todo as done by entry id (sets status:done + completed_at).",
        {
            "type": "object",
            "properties": {"entry_id": {"type": "integer"}},
            "required": ["entry_id"],
        },
        server="diary",
    ),
    ToolDefinition(
        "diary__list_todos",
        "List todos by status (default: pending). Optional filter uses search syntax (e.g. '#work', 'priority:high').",
        {
            "type": "object",
            "properties": {
                "status": {
                    "type": "string",
                    "enum": ["pending", "done", "all"],
                    "description": "Filter by status. 'pending' (default), 'done', or 'all'.",
                },
                "filter": {
                    "type": "string",
                    "description": "Optional search query to filter todos (e.g., '#work' or 'groceries').",
                },
            },
        },
        server="diary",
    ),
]
