"""A SQLite database the offline router's tests share, copied from the server's `tools/list`
(`mcp-server-sqlite` 2025.4.25, the reference server, met in user trial 25): every tool but the
listings takes one SQL statement, `query`, the statement each runs named in its description
("Execute a SELECT query", "CREATE TABLE SQL statement")."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["TOOLS"]

TOOLS = [
    ToolDefinition(
        "read_query",
        "Execute a SELECT query on the SQLite database",
        {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "SELECT SQL query to execute",
                },
            },
            "required": [
                "query",
            ],
        },
        server="sqlite",
    ),
    ToolDefinition(
        "write_query",
        ("Execute an INSERT, UPDATE, or DELETE query on the SQLite database"),
        {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "SQL query to execute",
                },
            },
            "required": [
                "query",
            ],
        },
        server="sqlite",
    ),
    ToolDefinition(
        "create_table",
        "Create a new table in the SQLite database",
        {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": "CREATE TABLE SQL statement",
                },
            },
            "required": [
                "query",
            ],
        },
        server="sqlite",
    ),
    ToolDefinition(
        "list_tables",
        "List all tables in the SQLite database",
        {
            "type": "object",
            "properties": {},
        },
        server="sqlite",
    ),
    ToolDefinition(
        "describe_table",
        "Get the schema information for a specific table",
        {
            "type": "object",
            "properties": {
                "table_name": {
                    "type": "string",
                    "description": "Name of the table to describe",
                },
            },
            "required": [
                "table_name",
            ],
        },
        server="sqlite",
    ),
    ToolDefinition(
        "append_insight",
        "Add a business insight to the memo",
        {
            "type": "object",
            "properties": {
                "insight": {
                    "type": "string",
                    "description": "Business insight discovered from data analysis",
                },
            },
            "required": [
                "insight",
            ],
        },
        server="sqlite",
    ),
]
