"""Camera-capture records the offline router's tests share (`sqlite-record-mcp` 1.0.2, met in user
trial 24): a device's serial, a model's name and version, a capture time and a status."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "CREATE_RECORD",
    "DELETE_RECORD",
    "GET_DATABASE_OVERVIEW",
    "GET_RECORD",
    "SEARCH_RECORDS",
    "TOOLS",
    "UPDATE_RECORD",
]

GET_DATABASE_OVERVIEW = ToolDefinition(
    "get_database_overview",
    ("Return record counts, status distribution, models, devices, and time range."),
    {"properties": {}, "title": "get_database_overviewArguments", "type": "object"},
    server="records",
)

SEARCH_RECORDS = ToolDefinition(
    "search_records",
    ("Search records with optional exact filters and an inclusive capture-time range."),
    {
        "properties": {
            "device_sn": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Device Sn",
            },
            "model_name": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Model Name",
            },
            "status": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Status",
            },
            "start_time": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Start Time",
            },
            "end_time": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "End Time",
            },
            "limit": {"default": 20, "title": "Limit", "type": "integer"},
        },
        "title": "search_recordsArguments",
        "type": "object",
    },
    server="records",
)

GET_RECORD = ToolDefinition(
    "get_record",
    "Return one record by its integer primary key.",
    {
        "properties": {"record_id": {"title": "Record Id", "type": "integer"}},
        "required": ["record_id"],
        "title": "get_recordArguments",
        "type": "object",
    },
    server="records",
)

CREATE_RECORD = ToolDefinition(
    "create_record",
    ("Create a record and return it. Production code should validate values and authorize writes."),
    {
        "properties": {
            "device_sn": {"title": "Device Sn", "type": "string"},
            "model_name": {"title": "Model Name", "type": "string"},
            "model_version": {"default": "", "title": "Model Version", "type": "string"},
            "capture_time": {"default": "", "title": "Capture Time", "type": "string"},
            "image_url": {"default": "", "title": "Image Url", "type": "string"},
            "status": {"default": "ignored", "title": "Status", "type": "string"},
            "error": {"default": "", "title": "Error", "type": "string"},
            "orig_path": {"default": "", "title": "Orig Path", "type": "string"},
            "draw_path": {"default": "", "title": "Draw Path", "type": "string"},
        },
        "required": ["device_sn", "model_name"],
        "title": "create_recordArguments",
        "type": "object",
    },
    server="records",
)

UPDATE_RECORD = ToolDefinition(
    "update_record",
    (
        "Update supplied fields. Production code should add authorization, "
        "validation, and concurrency checks."
    ),
    {
        "properties": {
            "record_id": {"title": "Record Id", "type": "integer"},
            "device_sn": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Device Sn",
            },
            "model_name": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Model Name",
            },
            "model_version": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Model Version",
            },
            "capture_time": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Capture Time",
            },
            "image_url": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Image Url",
            },
            "status": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Status",
            },
            "error": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Error",
            },
            "orig_path": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Orig Path",
            },
            "draw_path": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Draw Path",
            },
        },
        "required": ["record_id"],
        "title": "update_recordArguments",
        "type": "object",
    },
    server="records",
)

DELETE_RECORD = ToolDefinition(
    "delete_record",
    ("Permanently delete a record. Production code should prefer authorization and soft deletion."),
    {
        "properties": {"record_id": {"title": "Record Id", "type": "integer"}},
        "required": ["record_id"],
        "title": "delete_recordArguments",
        "type": "object",
    },
    server="records",
    destructive=True,
)

TOOLS = [
    GET_DATABASE_OVERVIEW,
    SEARCH_RECORDS,
    GET_RECORD,
    CREATE_RECORD,
    UPDATE_RECORD,
    DELETE_RECORD,
]
