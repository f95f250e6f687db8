"""Two servers of user trial 33, their `tools/list` copied as the servers gave it (the tools the
tests use): `tracker-mcp` 0.5.2 (a job-application tracker in a spreadsheet: rows, statuses,
follow-ups; its optional texts typed `["string", "null"]`) and `mousetail` 0.1.5 (Anki decks and
notes, a note's `fields` an object its description shows with two keys), as `ToolDefinition`s
the offline router's tests share."""

# ruff: noqa: E501

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["FLASHCARDS", "JOBTRACKER", "TOOLS"]


JOBTRACKER = [
    ToolDefinition(
        "list_applications",
        "Browse the job applications in the tracker, one line each: row, company, role,\nstatus, submit and follow-up dates. Filter by status, by company or role text, by\nsubmit dates, or show open ones only. For every column of one row use\nget_application. For counts use summary or funnel, and for what is due use\nfollowups_due.",
        {
            "properties": {
                "status": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Filter by status; comma-separated for several",
                    "title": "Status",
                },
                "query": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Substring of company or role, case-insensitive",
                    "title": "Query",
                },
                "applied_since": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Only applications submitted on/after",
                    "title": "Applied Since",
                },
                "applied_until": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Only applications submitted on/before",
                    "title": "Applied Until",
                },
                "open_only": {
                    "default": False,
                    "description": "Hide closed statuses (rejected, withdrawn, ...)",
                    "title": "Open Only",
                    "type": "boolean",
                },
                "limit": {
                    "default": 100,
                    "description": "At most this many rows",
                    "maximum": 1000,
                    "minimum": 1,
                    "title": "Limit",
                    "type": "integer",
                },
            },
            "type": "object",
            "title": "list_applicationsArguments",
        },
        server="jobtracker",
    ),
    ToolDefinition(
        "get_application",
        "Everything recorded for one job application: every column, the notes and the\nfollow-up log. Find it by `row`, or by company or role text in `query`. A text\nthat matches several rows returns all of them. Use it before a write to show the\nuser the current values. To browse many rows in brief, use list_applications.",
        {
            "properties": {
                "query": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Company or role text, e.g. 'Acme'",
                    "title": "Query",
                },
                "row": {
                    "anyOf": [{"type": "integer"}, {"type": "null"}],
                    "default": None,
                    "description": "Exact sheet row number",
                    "title": "Row",
                },
            },
            "type": "object",
            "title": "get_applicationArguments",
        },
        server="jobtracker",
    ),
    ToolDefinition(
        "summary",
        "Counts the job applications in the tracker: per status, submitted and not yet,\nand submissions per month. With since/until, it shows the applications submitted\nin that period and where they stand now. For reply and interview rates use funnel,\nand for how fast replies come use reply_times. For what to do next, use\nfollowups_due and stale_applications.",
        {
            "properties": {
                "since": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Period start for the submitted cohort",
                    "title": "Since",
                },
                "until": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Period end for the submitted cohort",
                    "title": "Until",
                },
            },
            "type": "object",
            "title": "summaryArguments",
        },
        server="jobtracker",
    ),
    ToolDefinition(
        "add_application",
        "Add a new row with the not-applied status. Refuses a duplicate (same company+role or link).\n\nThe tool writes only with the user's yes. The client may ask in its own confirmation dialog. Otherwise call with dry_run=true, show the preview to the user, and after they agree in a new message repeat the same call with confirm=<token>. The write is refused if the tracker changed since expected_version. A backup is taken first, and undo_last_write reverts the write.",
        {
            "properties": {
                "company": {"description": "Company name", "title": "Company", "type": "string"},
                "role": {
                    "description": "Job title, as in the posting",
                    "title": "Role",
                    "type": "string",
                },
                "link": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Application URL",
                    "title": "Link",
                },
                "notes": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Text for the notes column",
                    "title": "Notes",
                },
                "extra": {
                    "anyOf": [
                        {"additionalProperties": {"type": "string"}, "type": "object"},
                        {"type": "null"},
                    ],
                    "default": None,
                    "description": "Other columns: a field name from describe_tracker or an "
                    "exact header text -> value",
                    "title": "Extra",
                },
                "allow_duplicate": {
                    "default": False,
                    "description": "Add it even though the same company+role or "
                    "link is already in the tracker (a second "
                    "application on purpose)",
                    "title": "Allow Duplicate",
                    "type": "boolean",
                },
                "expected_version": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "`version` from your last read; the write is "
                    "refused if the file changed since",
                    "title": "Expected Version",
                },
                "dry_run": {
                    "default": False,
                    "description": "Only show what would change, plus the confirm token; "
                    "write nothing",
                    "title": "Dry Run",
                    "type": "boolean",
                },
                "confirm": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Token from the dry run the user approved. Not needed "
                    "when the client shows the server's confirmation dialog",
                    "title": "Confirm",
                },
            },
            "required": ["company", "role"],
            "type": "object",
            "title": "add_applicationArguments",
        },
        server="jobtracker",
    ),
    ToolDefinition(
        "mark_applied",
        "Record that the user submitted an application that is already a row in the\ntracker. Add a new one with add_application first. The write sets the applied flag,\nthe submit date, the channel and the applied status, unless the row already has\nanother status. It also sets the first follow-up date by the follow-up rule and\nadds a line to the follow-up log. An existing follow-up date is kept unless\nfollowup_on is given. A row already marked as applied is refused; correct its date\nwith edit_application. The tool warns when the same company got another application\nwithin a few weeks. Replies and closing go through set_status.\n\nThe tool writes only with the user's yes. The client may ask in its own confirmation dialog. Otherwise call with dry_run=true, show the preview to the user, and after they agree in a new message repeat the same call with confirm=<token>. The write is refused if the tracker changed since expected_version. A backup is taken first, and undo_last_write reverts the write.",
        {
            "properties": {
                "row": {
                    "description": "Sheet row number of the application (see list/get results)",
                    "title": "Row",
                    "type": "integer",
                },
                "applied_on": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Submit date; default today",
                    "title": "Applied On",
                },
                "channel": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "How it was sent, e.g. 'Ashby (direct form)'",
                    "title": "Channel",
                },
                "followup_on": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Default: from the follow-up rule (describe_tracker)",
                    "title": "Followup On",
                },
                "note": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Appended to the notes column",
                    "title": "Note",
                },
                "expected_version": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "`version` from your last read; the write is "
                    "refused if the file changed since",
                    "title": "Expected Version",
                },
                "dry_run": {
                    "default": False,
                    "description": "Only show what would change, plus the confirm token; "
                    "write nothing",
                    "title": "Dry Run",
                    "type": "boolean",
                },
                "confirm": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Token from the dry run the user approved. Not needed "
                    "when the client shows the server's confirmation dialog",
                    "title": "Confirm",
                },
            },
            "required": ["row"],
            "type": "object",
            "title": "mark_appliedArguments",
        },
        server="jobtracker",
    ),
    ToolDefinition(
        "set_status",
        "Change the status of one job application when the company replies or the\napplication ends. It covers a rejection, a screening call, an interview, an offer\nor a withdrawal. `status` must be a value from the tracker's status dropdown;\ndescribe_tracker lists them and which are closed. The response and the note are\nappended with a date. The furthest-stage column moves forward, never back. The\nfirst reply fills the reply date with `on`, and a closed status clears a pending\nfollow-up date. For a new submission use mark_applied, and for many silent\napplications at once use close_stale. To fix another cell, use edit_application.\n\nThe tool writes only with the user's yes. The client may ask in its own confirmation dialog. Otherwise call with dry_run=true, show the preview to the user, and after they agree in a new message repeat the same call with confirm=<token>. The write is refused if the tracker changed since expected_version. A backup is taken first, and undo_last_write reverts the write.",
        {
            "properties": {
                "row": {
                    "description": "Sheet row number of the application (see list/get results)",
                    "title": "Row",
                    "type": "integer",
                },
                "status": {
                    "description": "A value from the status dropdown",
                    "title": "Status",
                    "type": "string",
                },
                "response": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "What the company replied; appended to the response column",
                    "title": "Response",
                },
                "note": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Appended to the notes column",
                    "title": "Note",
                },
                "on": {
                    "anyOf": [{"format": "date", "type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "When the reply came (the e-mail's date); default today. "
                    "Goes into the reply date on the first reply",
                    "title": "On",
                },
                "expected_version": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "`version` from your last read; the write is "
                    "refused if the file changed since",
                    "title": "Expected Version",
                },
                "dry_run": {
                    "default": False,
                    "description": "Only show what would change, plus the confirm token; "
                    "write nothing",
                    "title": "Dry Run",
                    "type": "boolean",
                },
                "confirm": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Token from the dry run the user approved. Not needed "
                    "when the client shows the server's confirmation dialog",
                    "title": "Confirm",
                },
            },
            "required": ["row", "status"],
            "type": "object",
            "title": "set_statusArguments",
        },
        server="jobtracker",
    ),
    ToolDefinition(
        "edit_application",
        "Correct fields of one row by hand: a wrong or missing date, a typo in the company\nor role, the furthest stage, the link, a custom column. Dates are checked (a submit\nor reply date cannot be in the future, a reply cannot come before the submit) and\nwritten as dates. The status is changed with set_status, a sent follow-up recorded\nwith log_followup, a moved one with reschedule_followup: they keep the related\ncolumns in step. The preview shows the old and new value of each cell.\n\nThe tool writes only with the user's yes. The client may ask in its own confirmation dialog. Otherwise call with dry_run=true, show the preview to the user, and after they agree in a new message repeat the same call with confirm=<token>. The write is refused if the tracker changed since expected_version. A backup is taken first, and undo_last_write reverts the write.",
        {
            "properties": {
                "row": {
                    "description": "Sheet row number of the application (see list/get results)",
                    "title": "Row",
                    "type": "integer",
                },
                "fields": {
                    "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    "description": "Field name (see describe_tracker) -> new value; null "
                    "clears the cell. Dates as YYYY-MM-DD",
                    "maxProperties": 20,
                    "minProperties": 1,
                    "title": "Fields",
                    "type": "object",
                },
                "reason": {
                    "description": 'Why, in a few words ("from the rejection e-mail of '
                    '02.10"); goes to the notes with what changed',
                    "title": "Reason",
                    "type": "string",
                },
                "expected_version": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "`version` from your last read; the write is "
                    "refused if the file changed since",
                    "title": "Expected Version",
                },
                "dry_run": {
                    "default": False,
                    "description": "Only show what would change, plus the confirm token; "
                    "write nothing",
                    "title": "Dry Run",
                    "type": "boolean",
                },
                "confirm": {
                    "anyOf": [{"type": "string"}, {"type": "null"}],
                    "default": None,
                    "description": "Token from the dry run the user approved. Not needed "
                    "when the client shows the server's confirmation dialog",
                    "title": "Confirm",
                },
            },
            "required": ["row", "fields", "reason"],
            "type": "object",
            "title": "edit_applicationArguments",
        },
        server="jobtracker",
    ),
]

FLASHCARDS = [
    ToolDefinition(
        "list_decks",
        "List all decks in the collection with their names and IDs",
        {
            "type": "object",
            "properties": {
                "collection_path": {
                    "type": "string",
                    "description": "Path to collection file (optional)",
                }
            },
            "required": [],
        },
        server="flashcards",
    ),
    ToolDefinition(
        "create_deck",
        "Create a new deck in the collection",
        {
            "type": "object",
            "properties": {
                "deck_name": {"type": "string", "description": "Name of the deck to create"},
                "collection_path": {
                    "type": "string",
                    "description": "Path to collection file (optional)",
                },
            },
            "required": ["deck_name"],
        },
        server="flashcards",
    ),
    ToolDefinition(
        "create_note",
        "Create a new note (flashcard) in Anki. A note generates one or more cards based on the note type template.",
        {
            "type": "object",
            "properties": {
                "deck_name": {
                    "type": "string",
                    "description": "Name of the deck where the note should be added",
                },
                "note_type_name": {
                    "type": "string",
                    "description": "Name of the note type (e.g., 'Basic', 'Cloze')",
                },
                "fields": {
                    "type": "object",
                    "description": "Field name to value mapping (e.g., {'Front': "
                    "'Question', 'Back': 'Answer'})",
                    "additionalProperties": {"type": "string"},
                },
                "tags": {
                    "type": "array",
                    "description": "Optional list of tags",
                    "items": {"type": "string"},
                    "default": [],
                },
                "collection_path": {
                    "type": "string",
                    "description": "Path to collection file (optional)",
                },
            },
            "required": ["deck_name", "note_type_name", "fields"],
        },
        server="flashcards",
    ),
    ToolDefinition(
        "search_notes",
        "Search for notes using Anki search syntax. Examples: 'deck:MyDeck', 'tag:important', 'front:*python*'",
        {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Anki search query"},
                "limit": {
                    "type": "integer",
                    "description": "Maximum number of results (optional)",
                    "default": 100,
                },
                "collection_path": {
                    "type": "string",
                    "description": "Path to collection file (optional)",
                },
            },
            "required": ["query"],
        },
        server="flashcards",
    ),
    ToolDefinition(
        "get_note",
        "Get detailed information about a specific note by ID",
        {
            "type": "object",
            "properties": {
                "note_id": {"type": "integer", "description": "ID of the note to retrieve"},
                "collection_path": {
                    "type": "string",
                    "description": "Path to collection file (optional)",
                },
            },
            "required": ["note_id"],
        },
        server="flashcards",
    ),
    ToolDefinition(
        "update_note",
        "Update an existing note's fields and/or tags",
        {
            "type": "object",
            "properties": {
                "note_id": {"type": "integer", "description": "ID of the note to update"},
                "fields": {
                    "type": "object",
                    "description": "Field name to value mapping for fields to update",
                    "additionalProperties": {"type": "string"},
                },
                "tags": {
                    "type": "array",
                    "description": "New list of tags (replaces existing tags)",
                    "items": {"type": "string"},
                },
                "collection_path": {
                    "type": "string",
                    "description": "Path to collection file (optional)",
                },
            },
            "required": ["note_id"],
        },
        server="flashcards",
    ),
]

TOOLS = [*JOBTRACKER, *FLASHCARDS]
