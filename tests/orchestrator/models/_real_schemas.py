"""Tool input schemas as real MCP servers sent them (test data), and one the Python SDK emits for a
tool taking nested pydantic models, read from a real in-process server.

- `EDIT_FILE`: the reference filesystem server's `edit_file` (modelcontextprotocol/servers,
  src/filesystem/index.ts: `z.object({path, edits: z.array(z.object({oldText, newText})),
  dryRun: z.boolean().default(false)})`), as zod-to-json-schema renders it in the TypeScript
  SDK: draft-07 `$schema`, `additionalProperties: false`, a `default`.
- `PUSH_FILES`: github/github-mcp-server's `push_files` before its "fix array schemas" commit
  (8d76a918, March 2025): mcp-go's `mcp.WithArray("files", ...)` without `mcp.Items`, an array
  without `items`, which OpenAI refuses.
- `CREATE_PULL_REQUEST_REVIEW`: the reference GitHub server's (modelcontextprotocol/servers,
  src/github/operations/pulls.ts) `comments: z.array(z.union([...position..., ...line...]))`:
  an `anyOf` of objects inside `items`.
- `python_sdk_schema()`: `schedule(event: Event, ...)` on an `MCPServer`, with a nested model, a
  recursive one (`Category.children`), an `Enum` (`$ref` to `$defs`) and an optional field
  (`anyOf` with `null`).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from mcp import Client
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field

EDIT_FILE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "path": {"type": "string"},
        "edits": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "oldText": {
                        "type": "string",
                        "description": "Text to search for - must match exactly",
                    },
                    "newText": {"type": "string", "description": "Text to replace with"},
                },
                "required": ["oldText", "newText"],
                "additionalProperties": False,
            },
        },
        "dryRun": {
            "type": "boolean",
            "default": False,
            "description": "Preview changes using git-style diff format",
        },
    },
    "required": ["path", "edits"],
    "additionalProperties": False,
    "$schema": "http://json-schema.org/draft-07/schema#",
}

PUSH_FILES: dict[str, Any] = {
    "type": "object",
    "properties": {
        "owner": {"type": "string", "description": "Repository owner"},
        "repo": {"type": "string", "description": "Repository name"},
        "branch": {"type": "string", "description": "Branch to push to"},
        "files": {
            "type": "array",
            "description": "Array of file objects to push, each object with path (string) "
            "and content (string)",
        },
        "message": {"type": "string", "description": "Commit message"},
    },
    "required": ["owner", "repo", "branch", "files", "message"],
}

_COMMENT_PATH = {
    "type": "string",
    "description": "The relative path to the file being commented on",
}
_COMMENT_BODY = {"type": "string", "description": "Text of the review comment"}
CREATE_PULL_REQUEST_REVIEW: dict[str, Any] = {
    "type": "object",
    "properties": {
        "owner": {"type": "string", "description": "Repository owner (username or organization)"},
        "repo": {"type": "string", "description": "Repository name"},
        "pull_number": {"type": "number", "description": "Pull request number"},
        "commit_id": {"type": "string", "description": "The SHA of the commit that needs a review"},
        "body": {"type": "string", "description": "The body text of the review"},
        "event": {
            "type": "string",
            "enum": ["APPROVE", "REQUEST_CHANGES", "COMMENT"],
            "description": "The review action to perform",
        },
        "comments": {
            "type": "array",
            "items": {
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {
                            "path": _COMMENT_PATH,
                            "position": {
                                "type": "number",
                                "description": "The position in the diff where you want to add "
                                "a review comment",
                            },
                            "body": _COMMENT_BODY,
                        },
                        "required": ["path", "position", "body"],
                        "additionalProperties": False,
                    },
                    {
                        "type": "object",
                        "properties": {
                            "path": _COMMENT_PATH,
                            "line": {
                                "type": "number",
                                "description": "The line number in the file where you want to "
                                "add a review comment",
                            },
                            "body": _COMMENT_BODY,
                        },
                        "required": ["path", "line", "body"],
                        "additionalProperties": False,
                    },
                ]
            },
            "description": "Comments to post as part of the review (specify either position or "
            "line, not both)",
        },
    },
    "required": ["owner", "repo", "pull_number", "body", "event"],
    "additionalProperties": False,
    "$schema": "http://json-schema.org/draft-07/schema#",
}


class Priority(Enum):
    low = "low"
    normal = "normal"
    urgent = "urgent"


class Place(BaseModel):
    city: str
    room: str | None = None


class Category(BaseModel):
    name: str
    children: list[Category] = []


class Event(BaseModel):
    title: str = Field(min_length=1, description="What it is")
    where: Place
    category: Category
    starts: str = Field(json_schema_extra={"format": "date-time"})


async def python_sdk_schema() -> dict[str, Any]:
    """`schedule`'s input schema, as a Python SDK server lists it."""
    server = MCPServer("calendar")

    @server.tool(description="Schedule an event")
    def schedule(
        event: Event,
        priority: Priority = Priority.normal,
        notes: str | None = None,
        attendees: int = Field(default=1, gt=0),
    ) -> str:
        return "ok"

    async with Client(server, mode="legacy") as client:
        (tool,) = (await client.list_tools()).tools
    return dict(tool.input_schema)
