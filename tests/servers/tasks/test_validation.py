"""Bad input for every rule: the contract's words and codes, one error body, nothing written."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.server import Server

from tests.servers.tasks.conftest import call, call_error

VALID = "['need to be done', 'in-progress', 'complete']"
TASK = "{task}"  # replaced by the id of an existing task
MISSING = "550e8400-e29b-41d4-a716-446655440000"

CASES: list[tuple[str, dict[str, Any], str, str]] = [
    # tool, arguments, code, message
    ("list_tasks", {"status": "invalid-status"}, "INVALID_STATUS",
     f"Invalid status: invalid-status. Valid values: {VALID}"),
    ("list_tasks", {"status": "In-Progress"}, "INVALID_STATUS",
     f"Invalid status: In-Progress. Valid values: {VALID}"),
    ("list_tasks", {"status": 3}, "INVALID_STATUS", f"Invalid status: 3. Valid values: {VALID}"),
    ("list_tasks", {"limit": 150}, "INVALID_LIMIT", "Limit must be between 1 and 100, got 150"),
    ("list_tasks", {"limit": 0}, "INVALID_LIMIT", "Limit must be between 1 and 100, got 0"),
    ("list_tasks", {"limit": -5}, "INVALID_LIMIT", "Limit must be between 1 and 100, got -5"),
    ("list_tasks", {"limit": 101}, "INVALID_LIMIT", "Limit must be between 1 and 100, got 101"),
    ("list_tasks", {"limit": "many"}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: limit: must be an integer"),
    ("list_tasks", {"limit": 5.5}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: limit: must be an integer"),
    ("list_tasks", {"limit": True}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: limit: must be an integer"),
    ("list_tasks", {"full_details": "maybe"}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: full_details: must be a boolean"),
    ("list_tasks", {"branch": ""}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: branch: must be at least 1 character long"),
    ("list_tasks", {"branch": "b" * 256}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: branch: must be at most 255 characters long"),
    ("list_tasks", {"branch": ["main"]}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: branch: must be a string"),
    ("list_tasks", {"colour": "red"}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: colour: is not a known field "
     "(known fields: status, branch, limit, full_details, offset)"),
    ("list_tasks", {"status": "done", "limit": 0}, "INVALID_ARGUMENT",
     f"Invalid status: done. Valid values: {VALID}; Limit must be between 1 and 100, got 0"),
    ("list_tasks", {"limit": 0, "x": 1}, "INVALID_ARGUMENT",
     "Limit must be between 1 and 100, got 0; Invalid arguments for list_tasks: "
     "x: is not a known field (known fields: status, branch, limit, full_details, offset)"),
    ("get_task", {}, "INVALID_ARGUMENT", "Invalid arguments for get_task: task_id: is required"),
    ("get_task", {"task_id": "42"}, "INVALID_ARGUMENT",
     "Invalid arguments for get_task: task_id: must be a UUID"),
    ("get_task", {"task_id": 42}, "INVALID_ARGUMENT",
     "Invalid arguments for get_task: task_id: must be a UUID"),
    ("get_task", {"task_id": TASK, "full": True}, "INVALID_ARGUMENT",
     "Invalid arguments for get_task: full: is not a known field (known fields: task_id)"),
    ("create_task", {}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: title: is required"),
    ("create_task", {"title": ""}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: title: must be at least 1 character long"),
    ("create_task", {"title": "   "}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: title: must not be blank"),
    ("update_task", {"task_id": TASK, "title": "\t\n"}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: title: must not be blank"),
    ("create_task", {"title": "t" * 201}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: title: must be at most 200 characters long"),
    ("create_task", {"title": "t", "description": 7}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: description: must be a string"),
    ("create_task", {"title": "t", "notes": {"a": 1}}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: notes: must be a string"),
    ("create_task", {"title": "t", "planning_references": "specs/a.md"}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: planning_references: must be an array"),
    ("create_task", {"title": "t", "planning_references": ["a.md", ""]}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: planning_references.1: must be at least 1 character long"),
    ("create_task", {"title": "t", "planning_references": ["p" * 501]}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: planning_references.0: must be at most 500 "
     "characters long"),
    *[
        ("create_task", {"title": "t", "planning_references": ["specs/a.md", bad]},
         "INVALID_ARGUMENT",
         "Invalid arguments for create_task: planning_references.1: must be a relative path "
         "inside the project (specs/001/plan.md): no leading /, ~ or drive letter, and no "
         "'..' part")
        for bad in ("/etc/passwd", "../../x", "specs/../../x", "~/plan.md", "C:\\plan.md")
    ],
    ("create_task", {"title": "t", "status": "complete"}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: status: is not a known field "
     "(known fields: title, description, notes, planning_references)"),
    ("update_task", {"title": "t"}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: task_id: is required"),
    ("update_task", {"task_id": "not-a-uuid", "title": "t"}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: task_id: must be a UUID"),
    ("update_task", {"task_id": TASK}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: give at least one of: "
     "title, description, notes, status, branch, commit"),
    ("update_task", {"task_id": TASK, "status": "done"}, "INVALID_STATUS",
     f"Invalid status: done. Valid values: {VALID}"),
    ("update_task", {"task_id": TASK, "title": ""}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: title: must be at least 1 character long"),
    ("update_task", {"task_id": TASK, "title": "t" * 201}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: title: must be at most 200 characters long"),
    ("update_task", {"task_id": TASK, "branch": ""}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: branch: must be at least 1 character long"),
    ("update_task", {"task_id": TASK, "branch": "b" * 256}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: branch: must be at most 255 characters long"),
    *[
        ("update_task", {"task_id": TASK, "branch": bad}, "INVALID_ARGUMENT",
         "Invalid arguments for update_task: branch: must be a git branch name: no spaces or "
         "control characters")
        for bad in ("  ", "my branch", "a\tb", "x\u0001y")
    ],
    *[
        ("update_task", {"task_id": TASK, "commit": bad}, "INVALID_ARGUMENT",
         "Invalid arguments for update_task: commit: must be a full git commit hash: "
         "40 lowercase hexadecimal characters")
        for bad in ("A1B2C3D4E5F6789012345678901234567890ABCD", "a1b2c3d", "g" * 40, "a" * 41)
    ],
    ("update_task", {"task_id": TASK, "commit": 123}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: commit: must be a string"),
    ("update_task", {"task_id": TASK, "branches": ["x"]}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: branches: is not a known field (known fields: "
     "task_id, title, description, notes, status, branch, commit)"),
    # Strict JSON types and canonical ids, exactly as the schema publishes them.
    ("list_tasks", {"limit": "5"}, "INVALID_ARGUMENT",
     "Invalid arguments for list_tasks: limit: must be an integer"),
    *[
        ("list_tasks", {"full_details": bad}, "INVALID_ARGUMENT",
         "Invalid arguments for list_tasks: full_details: must be a boolean")
        for bad in ("off", 1, -0.0, "true")
    ],
    *[
        ("get_task", {"task_id": bad}, "INVALID_ARGUMENT",
         "Invalid arguments for get_task: task_id: must be a UUID")
        for bad in (
            "{550e8400-e29b-41d4-a716-446655440000}",
            "550e8400e29b41d4a716446655440000",
            "urn:uuid:550e8400-e29b-41d4-a716-446655440000",
            " 550e8400-e29b-41d4-a716-446655440000",
        )
    ],
    ("list_tasks", {"status": "s" * 1000}, "INVALID_STATUS",
     f"Invalid status: {'s' * 80}… (1000 characters). Valid values: {VALID}"),
    ("list_tasks", {"limit": 10**40}, "INVALID_LIMIT",
     f"Limit must be between 1 and 100, got {str(10**40)[:80]}"),
    ("create_task", {"title": "a\x00b"}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: title: must not contain NUL characters or lone "
     "surrogates"),
    ("create_task", {"title": "t", "notes": "\udfff"}, "INVALID_ARGUMENT",
     "Invalid arguments for create_task: notes: must not contain NUL characters or lone "
     "surrogates"),
    # A good change beside a bad one: the whole call fails and nothing is written.
    ("update_task", {"task_id": TASK, "title": "changed", "commit": "nope"}, "INVALID_ARGUMENT",
     "Invalid arguments for update_task: commit: must be a full git commit hash: "
     "40 lowercase hexadecimal characters"),
]  # fmt: skip


def _fill(arguments: dict[str, Any], task_id: str) -> dict[str, Any]:
    return {k: task_id if v == TASK else v for k, v in arguments.items()}


async def test_every_rule_is_enforced_with_its_message_and_nothing_is_written(
    server: Server[Any],
) -> None:
    async with Client(server) as client:
        task = await call(client, "create_task", {"title": "keep me", "description": "as is"})
        failures = []
        for tool, arguments, code, message in CASES:
            body = await call_error(client, tool, _fill(arguments, task["id"]))
            if body != {"error": message, "code": code}:
                failures.append((tool, arguments, body))
        assert failures == []
        after = await call(client, "list_tasks", {"full_details": True})
    assert after == {"tasks": [task], "total_count": 1}


async def test_unknown_tools_get_the_contract_body(server: Server[Any]) -> None:
    async with Client(server) as client:
        body = await call_error(client, "delete_task", {"task_id": MISSING})
    assert body == {
        "error": "Unknown tool 'delete_task'. "
        "Known tools: list_tasks, get_task, create_task, update_task",
        "code": "UNKNOWN_TOOL",
    }


async def test_an_uppercase_uuid_is_the_same_task(server: Server[Any]) -> None:
    async with Client(server) as client:
        task = await call(client, "create_task", {"title": "t"})
        again = await call(client, "get_task", {"task_id": task["id"].upper()})
    assert again["id"] == task["id"]


@pytest.mark.parametrize("tool", ["list_tasks", "get_task", "create_task", "update_task"])
async def test_errors_never_echo_a_traceback(server: Server[Any], tool: str) -> None:
    async with Client(server) as client:
        body = await call_error(client, tool, {"unexpected": "x" * 10})
    assert "Traceback" not in body["error"] and body["code"] == "INVALID_ARGUMENT"
