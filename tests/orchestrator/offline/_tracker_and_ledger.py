"""Two servers of user trial 32, their `tools/list` copied as the servers gave it: `runloq`
0.1.1 (a local issue tracker: issues, epics, priorities P0-P3, comments, a board) and
`bugledger-mcp` 0.1.2 (a ledger of fixed software bugs: symptom, root cause, feature area,
project), each tool as `ToolDefinition`s the offline router's tests share."""

# ruff: noqa: E501

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["BUGLEDGER", "RUNLOQ", "TOOLS"]

RUNLOQ = [
    ToolDefinition(
        "create_issue",
        "Create a new issue in the runloq tracker.\n\n    Args:\n        title: Short, imperative title (required).\n        description: Full brief \u2014 the standing context an agent reads cold.\n        project: Project prefix (e.g. TASK, SYS, VER). Defaults to TASK.\n        priority: P0 (critical) \u00b7 P1 (high) \u00b7 P2 (medium) \u00b7 P3 (low).\n        assignee: Who owns it \u2014 bare name without '@' (e.g. claude, me).\n        agent: Agent slug for claude-assigned tasks (e.g. frontend-dev, backend-dev).\n        model: LLM tier for claude tasks \u2014 opus \u00b7 sonnet \u00b7 haiku.\n        scheduled_at: ISO date or datetime (YYYY-MM-DD or YYYY-MM-DDTHH:MM).\n                      Auto-sets status to 'scheduled'.\n        recurrence: daily \u00b7 weekly \u00b7 biweekly \u00b7 monthly \u2014 auto-spawns next iteration on close.\n        type: issue (default) or epic (container grouping).\n\n    Returns the created issue as a dict with all fields.\n    ",
        {
            "properties": {
                "title": {"title": "Title", "type": "string"},
                "description": {"default": "", "title": "Description", "type": "string"},
                "project": {"default": "TASK", "title": "Project", "type": "string"},
                "priority": {"default": "P1", "title": "Priority", "type": "string"},
                "assignee": {"default": "claude", "title": "Assignee", "type": "string"},
                "agent": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Agent",
                },
                "model": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Model",
                },
                "scheduled_at": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Scheduled At",
                },
                "recurrence": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Recurrence",
                },
                "type": {
                    "default": "issue",
                    "enum": ["issue", "epic"],
                    "title": "Type",
                    "type": "string",
                },
            },
            "required": ["title"],
            "title": "create_issueArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "list_issues",
        "List issues with optional filters.\n\n    By default, excludes done/cancelled issues and epics.\n\n    Args:\n        status: Comma-separated statuses to include\n                (todo, in_progress, scheduled, done, cancelled).\n                Omit to get all active (non-terminal) issues.\n        project: Comma-separated project prefixes to filter (e.g. TASK,SYS).\n        priority: Comma-separated priorities to filter (e.g. P0,P1).\n        assignee: Comma-separated assignees to filter (e.g. claude,me).\n        type: Filter by issue_type \u2014 'issue' or 'epic'.\n        include_epics: Include epics in results (default False).\n\n    Returns a list of issue dicts ordered by priority then last-updated.\n    ",
        {
            "properties": {
                "status": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Status",
                },
                "project": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Project",
                },
                "priority": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Priority",
                },
                "assignee": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Assignee",
                },
                "type": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Type",
                },
                "include_epics": {"default": False, "title": "Include Epics", "type": "boolean"},
            },
            "title": "list_issuesArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "get_issue",
        'Get the full details of a single issue by ID.\n\n    Args:\n        id: Issue ID (e.g. TASK-001, TASK-042).\n\n    Returns the issue as a dict.  Returns {"error": ...} if not found.\n    ',
        {
            "properties": {"id": {"title": "Id", "type": "string"}},
            "required": ["id"],
            "title": "get_issueArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "update_issue",
        'Update one or more fields of an existing issue.\n\n    Only pass the fields you want to change \u2014 unset args are left unchanged.\n\n    Args:\n        id: Issue ID to update (required).\n        title: New title.\n        description: New description (replaces existing).\n        status: New status \u2014 todo \u00b7 in_progress \u00b7 scheduled \u00b7 done \u00b7 cancelled.\n        priority: New priority \u2014 P0 \u00b7 P1 \u00b7 P2 \u00b7 P3.\n        assignee: New assignee (bare name, e.g. claude, me).\n        agent: Agent slug (only for claude-assigned issues).\n        model: LLM tier \u2014 opus \u00b7 sonnet \u00b7 haiku (only for claude-assigned issues).\n        blocked_by: Comma-separated list of blocking issue IDs (replaces existing list).\n        linked_to: Comma-separated list of related issue IDs (replaces existing list).\n        parent_id: Parent epic ID.\n        scheduled_at: New scheduled datetime (YYYY-MM-DD or YYYY-MM-DDTHH:MM).\n        recurrence: daily \u00b7 weekly \u00b7 biweekly \u00b7 monthly.\n        clear_agent: Remove the agent field.\n        clear_model: Remove the model field.\n        clear_scheduled_at: Remove the scheduled_at field.\n        clear_recurrence: Remove the recurrence field.\n\n    Returns {"issue": ..., "changes": [...]} on success, {"error": ...} on failure.\n    ',
        {
            "properties": {
                "id": {"title": "Id", "type": "string"},
                "title": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Title",
                },
                "description": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Description",
                },
                "status": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Status",
                },
                "priority": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Priority",
                },
                "assignee": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Assignee",
                },
                "agent": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Agent",
                },
                "model": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Model",
                },
                "blocked_by": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Blocked By",
                },
                "linked_to": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Linked To",
                },
                "parent_id": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Parent Id",
                },
                "scheduled_at": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Scheduled At",
                },
                "recurrence": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Recurrence",
                },
                "clear_agent": {"default": False, "title": "Clear Agent", "type": "boolean"},
                "clear_model": {"default": False, "title": "Clear Model", "type": "boolean"},
                "clear_scheduled_at": {
                    "default": False,
                    "title": "Clear Scheduled At",
                    "type": "boolean",
                },
                "clear_recurrence": {
                    "default": False,
                    "title": "Clear Recurrence",
                    "type": "boolean",
                },
            },
            "required": ["id"],
            "title": "update_issueArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "close_issue",
        "Close an issue as done or cancelled.\n\n    Args:\n        id: Issue ID to close (required).\n        resolution: Human-readable reason / summary of what was done.\n        status: Terminal status \u2014 'done' (default) or 'cancelled'.\n        files: Comma-separated file paths modified (recorded in the closing event).\n        refs: Comma-separated doc/spec references (recorded in the closing event).\n\n    Returns the closed issue dict.  If the issue has a recurrence, also\n    returns _next_issue_id and _next_scheduled_at for the auto-spawned ticket.\n    ",
        {
            "properties": {
                "id": {"title": "Id", "type": "string"},
                "resolution": {"default": "Completed", "title": "Resolution", "type": "string"},
                "status": {"default": "done", "title": "Status", "type": "string"},
                "files": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Files",
                },
                "refs": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Refs",
                },
            },
            "required": ["id"],
            "title": "close_issueArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "comment_issue",
        "Append a comment to an issue, optionally changing its status.\n\n    Args:\n        id: Issue ID (required).\n        message: Comment text (required).\n        status: If set, transition the issue to this status after commenting.\n                Useful for progress updates ('in_progress') or closing notes ('done').\n        files: Comma-separated file paths to record in the comment event.\n        refs: Comma-separated doc references to record in the comment event.\n\n    Returns the updated issue dict.\n    ",
        {
            "properties": {
                "id": {"title": "Id", "type": "string"},
                "message": {"title": "Message", "type": "string"},
                "status": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Status",
                },
                "files": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Files",
                },
                "refs": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "title": "Refs",
                },
            },
            "required": ["id", "message"],
            "title": "comment_issueArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "board",
        "Return the full board state as structured data.\n\n    Mirrors the CLI 'board' command but returns machine-readable dicts\n    instead of printed text.\n\n    Returns a dict with keys:\n    - epics: List of open epics with open_children count.\n    - scheduled_this_week: Issues scheduled within the next 7 days (or overdue).\n    - in_progress: Issues currently being worked on.\n    - todo: Issues waiting to be started.\n    ",
        {"properties": {}, "title": "boardArguments", "type": "object"},
        server="runloq",
    ),
    ToolDefinition(
        "search",
        "Full-text search across issue titles and descriptions.\n\n    Uses FTS5 when available, falls back to LIKE search.\n\n    Args:\n        query: Search string. Supports FTS5 syntax (e.g. 'auth OR login').\n\n    Returns up to 20 matching issues as dicts.\n    ",
        {
            "properties": {"query": {"title": "Query", "type": "string"}},
            "required": ["query"],
            "title": "searchArguments",
            "type": "object",
        },
        server="runloq",
    ),
    ToolDefinition(
        "context",
        "Return the current session context \u2014 active work + what's due soon.\n\n    Mirrors the CLI 'context' command but as structured data.\n\n    Returns a dict with keys:\n    - active: Issues that are in_progress OR todo-with-blockers (highest priority first).\n    - due_soon: Scheduled issues past due or within the next 24 hours.\n    - upcoming_this_week: Scheduled issues coming up later this week.\n    - recent_activity: Last 10 events across all issues (most recent first).\n\n    Use this at the start of a session to decide what to work on next.\n    ",
        {"properties": {}, "title": "contextArguments", "type": "object"},
        server="runloq",
    ),
]

BUGLEDGER = [
    ToolDefinition(
        "record_bug",
        "Record a fixed bug into the local ledger. Call only after the user has confirmed the symptom, root cause, and feature area. Returns the new record id; show it to the user.",
        {
            "additionalProperties": False,
            "properties": {
                "symptom": {
                    "description": "What was observed before the fix, e.g. 'login returned 500 when the email had a plus sign'. Not 'fixed auth'.",
                    "type": "string",
                },
                "root_cause": {
                    "description": "WHY it happened: the mechanism that made the failure possible. At least 20 characters. Not the patch, not 'fixed it'.",
                    "type": "string",
                },
                "feature_area": {
                    "description": "Short stable slug used for later lookup: auth, uploads, billing. Reuse an existing slug from list_areas when one fits.",
                    "type": "string",
                },
                "project": {
                    "description": "Repository or package name you are working in, usually the git root directory name.",
                    "type": "string",
                },
                "stack": {
                    "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                    "default": None,
                    "description": "Relevant technologies only, e.g. ['python', 'sqlite'].",
                },
                "severity": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "low, medium, or high. Omit if you cannot justify it.",
                },
                "fix_ref": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Git commit hash of the fix, 7 to 40 hex chars. The server runs `git show` on it to store the diff. Omit if there is no commit yet.",
                },
                "diff_hunk": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "The fix diff itself, used when there is no commit or git show fails. Only the change that made it correct. Capped at 32KB.",
                },
                "source": {
                    "default": "confirm",
                    "description": "Capture channel: slash (from the /logbug prompt), confirm (you asked and the user confirmed), or import (bulk import from old notes).",
                    "type": "string",
                },
            },
            "required": ["symptom", "root_cause", "feature_area", "project"],
            "type": "object",
        },
        server="bugledger",
    ),
    ToolDefinition(
        "get_patterns",
        "Call this BEFORE planning, writing specs, or implementing anything in a feature area. Returns the newest past bugs for that area, one line each (symptom \u2192 root cause), capped at 30 lines. Account for every line in your plan. Bugs resolved for this project are hidden; search_bugs still finds them.",
        {
            "additionalProperties": False,
            "properties": {
                "feature_area": {
                    "description": "Feature area slug you are about to work in, e.g. auth, uploads, billing. Call list_areas to see which slugs exist.",
                    "type": "string",
                },
                "project": {
                    "description": "Repository or package name you are working in. Bugs already resolved for this project are hidden.",
                    "type": "string",
                },
                "stack": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Optional technology to filter by, e.g. python, react. Only bugs matching this technology stack are returned.",
                },
                "limit": {
                    "anyOf": [{"type": "integer"}, {"type": "null"}],
                    "default": None,
                    "description": "Maximum records to return, 1 to 30. Default 15.",
                },
            },
            "required": ["feature_area", "project"],
            "type": "object",
        },
        read_only=True,
        server="bugledger",
    ),
    ToolDefinition(
        "search_bugs",
        "Search past bugs by symptom or root cause: 'have we seen this before?'. Use it while debugging. Omit the filters to search the whole ledger, including bugs already resolved for this project.",
        {
            "additionalProperties": False,
            "properties": {
                "query": {
                    "description": "Words from an error message, symptom, or root cause. Paste the key part of the error as is: punctuation is ignored, any word may match, and the best matches come first.",
                    "type": "string",
                },
                "feature_area": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Optional feature area slug to narrow the search.",
                },
                "project": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Optional project name to narrow the search.",
                },
            },
            "required": ["query"],
            "type": "object",
        },
        read_only=True,
        server="bugledger",
    ),
    ToolDefinition(
        "list_areas",
        "List every feature_area slug and project name in the ledger with record counts. Call it before record_bug or get_patterns to reuse existing names instead of inventing new ones, or to see what the ledger holds.",
        {"additionalProperties": False, "properties": {}, "type": "object"},
        read_only=True,
        server="bugledger",
    ),
    ToolDefinition(
        "resolve_bug",
        "Hide a bug from get_patterns for one project because that project now guards against it: a regression test, a Semgrep rule, or the fix itself is in place. Other projects still see the bug, and search_bugs finds it everywhere.",
        {
            "additionalProperties": False,
            "properties": {
                "id": {
                    "description": "Record id from get_patterns, search_bugs, or record_bug, e.g. rec_00042.",
                    "type": "string",
                },
                "project": {
                    "description": "The project that now has a guardrail for this bug.",
                    "type": "string",
                },
            },
            "required": ["id", "project"],
            "type": "object",
        },
        server="bugledger",
    ),
    ToolDefinition(
        "update_bug",
        "Correct one or more fields on an existing bug record. Pass only the fields that changed; omitted fields are left as they are.",
        {
            "additionalProperties": False,
            "properties": {
                "id": {
                    "description": "Record id from get_patterns, search_bugs, or record_bug, e.g. rec_00042.",
                    "type": "string",
                },
                "symptom": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "New symptom text.",
                },
                "root_cause": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "New root cause, at least 20 characters explaining WHY.",
                },
                "feature_area": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "New feature area slug.",
                },
                "project": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "New project name.",
                },
                "stack": {
                    "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                    "default": None,
                    "description": "New technology list, replaces the old one.",
                },
                "severity": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "low, medium, or high.",
                },
                "fix_ref": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Git commit hash of the fix, 7 to 40 hex chars.",
                },
                "diff_hunk": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "The fix diff. Use this when record_bug reported diff_source 'none' and you have the change in front of you.",
                },
            },
            "required": ["id"],
            "type": "object",
        },
        server="bugledger",
    ),
    ToolDefinition(
        "delete_bug",
        "Permanently delete a bug record and any resolutions tied to it. This cannot be undone; confirm with the user first. To hide a bug for one project instead, use resolve_bug.",
        {
            "additionalProperties": False,
            "properties": {
                "id": {
                    "description": "Record id from get_patterns, search_bugs, or record_bug, e.g. rec_00042.",
                    "type": "string",
                }
            },
            "required": ["id"],
            "type": "object",
        },
        server="bugledger",
    ),
    ToolDefinition(
        "get_guardrails",
        "Returns the Bug Ledger starter pack of Semgrep rules for classic AI-coding mistakes (injection, hardcoded secrets, unsafe deserialization, open CORS, and more) as files to write into .bugledger/, plus the CI workflow to add. ERROR rules block PRs, WARNING rules are advisory. Never edit existing CI files.",
        {
            "additionalProperties": False,
            "properties": {
                "stack": {
                    "description": "Primary language of the project: python, javascript, typescript, ruby, java, go, and so on. Use 'all' for every rule. Language-neutral rules are always included.",
                    "type": "string",
                }
            },
            "required": ["stack"],
            "type": "object",
        },
        read_only=True,
        server="bugledger",
    ),
]

TOOLS = [*RUNLOQ, *BUGLEDGER]
