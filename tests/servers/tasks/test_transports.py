"""``python -m servers.tasks`` as MCP clients launch it: stdio by default, streamable HTTP on
request, storage from --database-url, $TASKS_DATABASE_URL or the per-user data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests._http_server import http_server
from tests.servers.tasks.conftest import FULL_FIELDS, SUMMARY_FIELDS, call, call_error, stdio_params

pytestmark = pytest.mark.processes

COMMIT = "a1b2c3d4e5f6789012345678901234567890abcd"
VALID = "['need to be done', 'in-progress', 'complete']"


async def test_contract_scenarios_over_stdio(database_url: str) -> None:
    with anyio.fail_after(60):
        async with Client(stdio_params(database_url)) as c:
            tools = [t.name for t in (await c.list_tools()).tools]
            assert tools == ["list_tasks", "get_task", "create_task", "update_task"]
            bare = await call(c, "create_task", {"title": "Bare task"})
            full = await call(
                c,
                "create_task",
                {
                    "title": "Implement user authentication",
                    "description": "Add JWT-based authentication with refresh tokens",
                    "notes": "Consider OAuth2 integration for social login.",
                    "planning_references": ["specs/001-auth/spec.md", "specs/001-auth/plan.md"],
                },
            )
            await call(
                c,
                "update_task",
                {"task_id": full["id"], "branch": "001-user-auth", "commit": COMMIT},
            )
            listed = await call(c, "list_tasks", {"full_details": True})
            summary = await call(c, "list_tasks", {})
            newest = await call(c, "list_tasks", {"full_details": True, "limit": 1})
            status_error = await call_error(c, "list_tasks", {"status": "invalid-status"})
            limit_error = await call_error(c, "list_tasks", {"limit": 150})

    assert listed["total_count"] == 2 and all(list(t) == FULL_FIELDS for t in listed["tasks"])
    assert all(list(t) == SUMMARY_FIELDS for t in summary["tasks"])
    (task,) = newest["tasks"]
    assert task["id"] == full["id"]
    assert task["description"] == "Add JWT-based authentication with refresh tokens"
    assert task["planning_references"] == ["specs/001-auth/spec.md", "specs/001-auth/plan.md"]
    assert (task["branches"], task["commits"]) == (["001-user-auth"], [COMMIT])
    (null_task,) = [t for t in listed["tasks"] if t["id"] == bare["id"]]
    assert null_task["description"] is None and null_task["notes"] is None
    assert null_task["planning_references"] == null_task["branches"] == null_task["commits"] == []
    assert status_error == {
        "error": f"Invalid status: invalid-status. Valid values: {VALID}",
        "code": "INVALID_STATUS",
    }
    assert limit_error == {
        "error": "Limit must be between 1 and 100, got 150",
        "code": "INVALID_LIMIT",
    }


async def test_storage_defaults_to_the_user_data_folder_then_the_env_var(tmp_path: Path) -> None:
    data = tmp_path / "data"
    default = StdioServerParameters(
        command=sys.executable, args=["-m", "servers.tasks"], env={"XDG_DATA_HOME": str(data)}
    )
    env_db = tmp_path / "from-env.db"
    from_env = StdioServerParameters(
        command=sys.executable,
        args=["-m", "servers.tasks"],
        env={"XDG_DATA_HOME": str(data), "TASKS_DATABASE_URL": f"sqlite:///{env_db}"},
    )
    with anyio.fail_after(60):
        async with Client(default) as c:
            await call(c, "create_task", {"title": "in the default store"})
        async with Client(from_env) as c:
            assert (await call(c, "list_tasks", {}))["total_count"] == 0
        async with Client(default) as c:
            assert (await call(c, "list_tasks", {}))["total_count"] == 1
    assert (data / "mcp-orchestrator" / "tasks.db").is_file()
    assert env_db.is_file()


async def test_streamable_http_transport(sqlite_url: str) -> None:
    async with http_server("servers.tasks", sqlite_url) as url, Client(url) as c:
        created = await call(c, "create_task", {"title": "over http"})
        listed = await call(c, "list_tasks", {"status": "need to be done"})
        assert listed["tasks"][0]["id"] == created["id"]
        error = await call_error(c, "list_tasks", {"limit": 0})
        assert error["code"] == "INVALID_LIMIT"
