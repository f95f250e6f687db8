"""Safari bookmarks the offline router's tests share (`safari-bookmarks-mcp` 0.6.2, met in
user trial 23): no tool has a description, and every place is a `path` array of folder titles
from the top (`BookmarksBar`, `com.apple.ReadingList`)."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "ADD_BOOKMARK",
    "ADD_FOLDER",
    "EDIT_ITEM",
    "EMPTY_FOLDER",
    "LIST_BOOKMARKS",
    "MOVE_ITEM",
    "REMOVE_ITEM",
    "SEARCH_BOOKMARKS",
    "SNAPSHOT",
    "TOOLS",
]

LIST_BOOKMARKS = ToolDefinition(
    "list_bookmarks",
    "",
    {
        "properties": {
            "path": {
                "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                "default": None,
                "title": "Path",
            },
            "recursive": {"default": False, "title": "Recursive", "type": "boolean"},
        },
        "title": "list_bookmarksArguments",
        "type": "object",
    },
    server="bookmarks",
)

SNAPSHOT = ToolDefinition(
    "snapshot",
    "",
    {
        "properties": {
            "path": {
                "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                "default": None,
                "title": "Path",
            },
            "recursive": {"default": True, "title": "Recursive", "type": "boolean"},
        },
        "title": "snapshotArguments",
        "type": "object",
    },
    server="bookmarks",
)

SEARCH_BOOKMARKS = ToolDefinition(
    "search_bookmarks",
    "",
    {
        "properties": {
            "query": {"title": "Query", "type": "string"},
            "path": {
                "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                "default": None,
                "title": "Path",
            },
        },
        "required": ["query"],
        "title": "search_bookmarksArguments",
        "type": "object",
    },
    server="bookmarks",
)

ADD_BOOKMARK = ToolDefinition(
    "add_bookmark",
    "",
    {
        "properties": {
            "path": {
                "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                "title": "Path",
            },
            "title": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Title"},
            "url": {"title": "Url", "type": "string"},
            "id": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Id"},
            "dry_run": {"default": False, "title": "Dry Run", "type": "boolean"},
        },
        "required": ["path", "title", "url"],
        "title": "add_bookmarkArguments",
        "type": "object",
    },
    server="bookmarks",
)

ADD_FOLDER = ToolDefinition(
    "add_folder",
    "",
    {
        "properties": {
            "path": {
                "anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                "title": "Path",
            },
            "title": {"title": "Title", "type": "string"},
            "id": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Id"},
            "dry_run": {"default": False, "title": "Dry Run", "type": "boolean"},
        },
        "required": ["path", "title"],
        "title": "add_folderArguments",
        "type": "object",
    },
    server="bookmarks",
)

MOVE_ITEM = ToolDefinition(
    "move_item",
    "",
    {
        "properties": {
            "path": {"items": {"type": "string"}, "title": "Path", "type": "array"},
            "to": {"items": {"type": "string"}, "title": "To", "type": "array"},
            "dry_run": {"default": False, "title": "Dry Run", "type": "boolean"},
        },
        "required": ["path", "to"],
        "title": "move_itemArguments",
        "type": "object",
    },
    server="bookmarks",
)

REMOVE_ITEM = ToolDefinition(
    "remove_item",
    "",
    {
        "properties": {
            "path": {"items": {"type": "string"}, "title": "Path", "type": "array"},
            "dry_run": {"default": False, "title": "Dry Run", "type": "boolean"},
        },
        "required": ["path"],
        "title": "remove_itemArguments",
        "type": "object",
    },
    server="bookmarks",
    destructive=True,
)

EDIT_ITEM = ToolDefinition(
    "edit_item",
    "",
    {
        "properties": {
            "path": {"items": {"type": "string"}, "title": "Path", "type": "array"},
            "title": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Title",
            },
            "url": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Url",
            },
            "dry_run": {"default": False, "title": "Dry Run", "type": "boolean"},
        },
        "required": ["path"],
        "title": "edit_itemArguments",
        "type": "object",
    },
    server="bookmarks",
)

EMPTY_FOLDER = ToolDefinition(
    "empty_folder",
    "",
    {
        "properties": {
            "path": {"items": {"type": "string"}, "title": "Path", "type": "array"},
            "dry_run": {"default": False, "title": "Dry Run", "type": "boolean"},
        },
        "required": ["path"],
        "title": "empty_folderArguments",
        "type": "object",
    },
    server="bookmarks",
)

TOOLS = [
    LIST_BOOKMARKS,
    SNAPSHOT,
    SEARCH_BOOKMARKS,
    ADD_BOOKMARK,
    ADD_FOLDER,
    MOVE_ITEM,
    REMOVE_ITEM,
    EDIT_ITEM,
    EMPTY_FOLDER,
]
