"""The four todo tools, field for field as the contract writes them, through a real MCP client."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import datetime, timedelta
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server import Server

from tests._http_server import http_server
from tests.servers.todo.conftest import call, call_error, contract_schemas, stdio_params

pytestmark = pytest.mark.processes

TODO_ID = re.compile(r"^todo_[a-z0-9]{10}$")


async def test_tools_match_the_contract_schemas(server: Server[Any]) -> None:
    async with Client(server) as client:
        await _test_tools_match_the_contract_schemas(client)


# What our schemas add to the contract's, each enforced and published so that clients see it:
# unknown fields are refused; list_todos.limit's minimum; what a tag and a title may be
# (something besides spaces); the forms
# due_date_filter takes; and, in due_date's description, how a missing offset or a date alone
# is read.
TAG_ITEMS = {"minLength": 1, "maxLength": 100, "pattern": r"[^ \t\n\r\f\v]"}
TITLE = {"pattern": r"[^ \t\n\r\f\v]"}
ADDITIONS: dict[str, dict[str, dict[str, Any]]] = {
    "create_todo": {"tags": {"items": TAG_ITEMS}, "title": TITLE},
    "list_todos": {
        "limit": {"minimum": 1},
        "tags": {"items": TAG_ITEMS},
        "due_date_filter": {
            "pattern": "^(today|tomorrow|this_week|overdue|[0-9]{4}-[0-9]{2}-[0-9]{2})$"
        },
    },
    "update_todo": {"tags": {"items": TAG_ITEMS}, "title": TITLE},
}
# Properties our schemas add, whole: update_todo's precondition (README, the todo server's
# contract), optional, so a call written to the contract alone means what it meant.
# list_todos' offset (README): the page after the first, optional too.
ADDED_PROPERTIES = {
    "update_todo": {"if_unchanged_since": {"format": "date-time"}},
    "list_todos": {"offset": {"type": "integer", "minimum": 0, "default": 0}},
}
DUE_DATE_NOTE = " (no offset: local time; a date alone: that day, 00:00 local)"


def _without_additions(tool: str, schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` minus our documented additions, each checked to be there."""
    schema = json.loads(json.dumps(schema))
    assert schema.pop("additionalProperties") is False
    for name, shape in ADDED_PROPERTIES.get(tool, {}).items():
        added = schema["properties"].pop(name)
        assert shape.items() <= added.items() and name not in schema.get("required", []), added
    for name, added in ADDITIONS.get(tool, {}).items():
        prop = schema["properties"][name]
        for key, value in added.items():
            if isinstance(value, dict):
                for inner, inner_value in value.items():
                    assert prop[key].pop(inner) == inner_value, (tool, name, key, inner)
            else:
                assert prop.pop(key) == value, (tool, name, key)
    if "due_date" in schema["properties"]:
        due = schema["properties"]["due_date"]
        assert due["description"].endswith(DUE_DATE_NOTE)
        due["description"] = due["description"].removesuffix(DUE_DATE_NOTE)
    return schema


async def _test_tools_match_the_contract_schemas(client: Client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    contract = contract_schemas()
    assert list(tools) == ["create_todo", "list_todos", "update_todo", "delete_todo"]
    for name, spec in contract.items():
        tool = tools[name]
        assert tool.description == spec["description"]
        assert _without_additions(name, dict(tool.input_schema)) == spec["parameters"], name
    assert tools["delete_todo"].annotations.destructive_hint is True
    assert tools["list_todos"].annotations.read_only_hint is True


async def test_create_list_update_delete_round_trip(server: Server[Any]) -> None:
    async with Client(server) as client:
        await _test_create_list_update_delete_round_trip(client)


async def _test_create_list_update_delete_round_trip(client: Client) -> None:
    created = await call(
        client,
        "create_todo",
        {"title": "buy eggs", "due_date": "2025-12-22T15:00:00+01:00", "tags": ["shop"]},
    )
    assert set(created) == {"success", "todo_id", "message"}
    assert created["success"] is True and created["message"] == "Todo created successfully"
    assert TODO_ID.match(created["todo_id"])
    todo_id = created["todo_id"]

    listed = await call(client, "list_todos", {})
    assert listed["count"] == 1 and set(listed) == {"success", "todos", "count"}
    (todo,) = listed["todos"]
    assert set(todo) == {
        "todo_id", "title", "description", "due_date", "priority", "status", "tags",
        "created_at", "updated_at",
    }  # fmt: skip
    assert todo["todo_id"] == todo_id and todo["title"] == "buy eggs"
    assert todo["description"] is None and todo["priority"] == "medium"
    assert todo["status"] == "pending" and todo["tags"] == ["shop"]
    assert datetime.fromisoformat(todo["due_date"]) == datetime.fromisoformat(
        "2025-12-22T14:00:00+00:00"
    )
    for stamp in ("due_date", "created_at", "updated_at"):
        assert datetime.fromisoformat(todo[stamp]).tzinfo is not None, stamp

    updated = await call(
        client, "update_todo", {"todo_id": todo_id, "status": "completed", "priority": "high"}
    )
    assert updated == {
        "success": True,
        "todo_id": todo_id,
        "message": "Todo updated successfully",
        "updated_fields": ["priority", "status"],
    }
    assert (await call(client, "list_todos", {}))["count"] == 0  # pending is the default
    done = (await call(client, "list_todos", {"status": "completed"}))["todos"]
    assert [t["priority"] for t in done] == ["high"]
    assert done[0]["updated_at"] > done[0]["created_at"]

    deleted = await call(client, "delete_todo", {"todo_id": todo_id, "confirmation": True})
    assert deleted == {"success": True, "todo_id": todo_id, "message": "Todo deleted successfully"}
    assert (await call(client, "list_todos", {"status": "all"}))["count"] == 0
    gone = await call_error(client, "delete_todo", {"todo_id": todo_id, "confirmation": True})
    assert gone == {
        "success": False,
        "error_type": "todo_not_found",
        "message": f"Todo with ID '{todo_id}' does not exist",
        "recoverable": False,
    }


async def test_list_filters_and_order(server: Server[Any]) -> None:
    async with Client(server) as client:
        await _test_list_filters_and_order(client)


async def _test_list_filters_and_order(client: Client) -> None:
    now = datetime.now().astimezone()
    specs = [
        ("no date", None, "low", ["home"]),
        ("later", now + timedelta(days=20), "high", ["work", "urgent"]),
        ("soon", now + timedelta(hours=1), "high", ["work"]),
        ("past", now - timedelta(days=30), "medium", []),
    ]
    for title, due, priority, tags in specs:
        args = {"title": title, "priority": priority, "tags": tags}
        if due is not None:
            args["due_date"] = due.isoformat()
        await call(client, "create_todo", args)

    async def titles(**filters: object) -> list[str]:
        body = await call(client, "list_todos", {"status": "all", **filters})
        assert body["count"] == len(body["todos"])
        return [t["title"] for t in body["todos"]]

    # Due date first (none last), then creation time.
    assert await titles() == ["past", "soon", "later", "no date"]
    assert await titles(priority="high") == ["soon", "later"]
    assert await titles(tags=["work"]) == ["soon", "later"]
    assert await titles(tags=["work", "urgent"]) == ["later"]  # AND logic
    assert await titles(tags=["work", "home"]) == []
    assert await titles(limit=2) == ["past", "soon"]
    # Pages past the first (README): a full page says where the next one starts, the last
    # says nothing more (the contract's three fields alone), in the list's order throughout.
    first = await call(client, "list_todos", {"status": "all", "limit": 2})
    assert first["next_offset"] == 2 and first["count"] == 2
    second = await call(client, "list_todos", {"status": "all", "limit": 2, "offset": 2})
    assert [t["title"] for t in second["todos"]] == ["later", "no date"]
    assert set(second) == {"success", "todos", "count"} and second["count"] == 2
    middle = await call(client, "list_todos", {"status": "all", "limit": 1, "offset": 2})
    assert [t["title"] for t in middle["todos"]] == ["later"] and middle["next_offset"] == 3
    assert await titles(offset=4) == []
    assert await titles(priority="high", limit=1, offset=1) == ["later"]
    day = (now + timedelta(days=20)).date().isoformat()
    assert await titles(due_date_filter=day) == ["later"]
    if (now + timedelta(hours=1)).date() == now.date():
        assert await titles(due_date_filter="today") == ["soon"]


async def test_stdio_subprocess_serves_the_same_tools(sqlite_url: str) -> None:
    with anyio.fail_after(30):
        async with Client(stdio_params(sqlite_url)) as c:
            created = await call(c, "create_todo", {"title": "over stdio"})
            listed = await call(c, "list_todos", {})
            assert [t["todo_id"] for t in listed["todos"]] == [created["todo_id"]]
            error = await call_error(c, "create_todo", {"title": ""})
            assert error["error_type"] == "invalid_arguments"


async def test_streamable_http_transport(sqlite_url: str) -> None:
    async with http_server("servers.todo", sqlite_url) as url, Client(url) as c:
        created = await call(c, "create_todo", {"title": "over http", "priority": "low"})
        listed = await call(c, "list_todos", {"priority": "low"})
        assert listed["todos"][0]["todo_id"] == created["todo_id"]


def test_bad_database_url_is_a_clear_startup_error(tmp_path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "servers.todo", "--database-url", "mysql://u:hunter2@h/db"],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 2
    assert "unsupported database URL scheme 'mysql'" in result.stderr
    assert "hunter2" not in result.stderr


@pytest.mark.parametrize("transport", ["stdoi"])
def test_unknown_transport_is_refused(transport: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "servers.todo", "--transport", transport],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert result.returncode == 2
    assert "invalid choice: 'stdoi'" in result.stderr
