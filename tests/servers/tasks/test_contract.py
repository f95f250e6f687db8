"""list_tasks, get_task, create_task and update_task as the contract writes them, through a real
MCP client, on SQLite and PostgreSQL (the contract's own test_scenarios are marked as such)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import jsonschema
import pytest
from mcp import Client
from mcp.server import Server
from sqlmodel import Session, select

from servers._common.sql import Database
from servers.tasks.service import TaskService
from servers.tasks.sql_repository import SqlTaskRepository
from servers.tasks.tables import TaskBranchRecord, TaskCommitRecord, TaskRecord
from servers.tasks.tools import build_tasks_server
from tests.servers.tasks.conftest import FULL_FIELDS, SUMMARY_FIELDS, call, call_error

pytestmark = pytest.mark.processes

STATUSES = ["need to be done", "in-progress", "complete"]
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
COMMIT_A = "a1b2c3d4e5f6789012345678901234567890abcd"
COMMIT_B = "0f9e8d7c6b5a49382716ffeeddccbbaa99887766"


def ticking_clock(start: datetime | None = None) -> Callable[[], datetime]:
    """A clock a minute further on at each reading, so orders never tie."""
    start = start or datetime(2025, 10, 10, 10, 0, tzinfo=UTC)
    minutes = itertools.count()
    return lambda: start + timedelta(minutes=next(minutes))


async def make_task(client: Client, title: str, **fields: Any) -> dict[str, Any]:
    return await call(client, "create_task", {"title": title, **fields})


async def test_tools_are_listed_with_the_contract_schemas(server: Server[Any]) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert list(tools) == ["list_tasks", "get_task", "create_task", "update_task"]
    listing = tools["list_tasks"].input_schema
    assert listing["required"] == [] and listing["additionalProperties"] is False
    props = listing["properties"]
    # the contract's four, then where a page starts (optional, beyond the contract: README)
    assert list(props) == ["status", "branch", "limit", "full_details", "offset"]
    assert (props["offset"]["type"], props["offset"]["minimum"]) == ("integer", 0)
    assert props["status"]["type"] == "string" and props["status"]["enum"] == STATUSES
    assert props["branch"]["type"] == "string"
    assert (props["limit"]["type"], props["limit"]["minimum"], props["limit"]["maximum"]) == (
        "integer",
        1,
        100,
    )
    assert props["limit"]["default"] == 50
    assert props["full_details"]["type"] == "boolean" and props["full_details"]["default"] is False
    assert tools["list_tasks"].annotations.read_only_hint is True
    update = tools["update_task"].input_schema
    assert update["required"] == ["task_id"]
    assert update["properties"]["status"]["enum"] == STATUSES
    assert update["properties"]["commit"]["pattern"] == "^[0-9a-f]{40}$"
    assert tools["get_task"].input_schema["properties"]["task_id"]["format"] == "uuid"
    create = tools["create_task"].input_schema
    assert create["required"] == ["title"]
    assert (
        create["properties"]["title"]["minLength"],
        create["properties"]["title"]["maxLength"],
    ) == (
        1,
        200,
    )
    full = tools["get_task"].output_schema
    assert full["required"] == FULL_FIELDS
    assert full["properties"]["description"]["type"] == ["string", "null"]


async def test_a_listing_of_either_kind_matches_the_first_shape_its_schema_offers(
    server: Server[Any],
) -> None:
    """A validating client (the Python SDK's jsonschema) tries the anyOf's alternatives in order
    and records every error of a failed one: the default listing, summaries, comes first, and a
    full listing matches it too (a summary's fields are a full task's first five)."""
    async with Client(server) as client:
        await make_task(client, "one", description="d", planning_references=["specs/a.md"])
        tools = {t.name: t for t in (await client.list_tools()).tools}
        bodies = [
            await call(client, "list_tasks", {}),
            await call(client, "list_tasks", {"full_details": True}),
        ]
    schema = tools["list_tasks"].output_schema
    assert schema is not None
    first = {**schema, "properties": {**schema["properties"]}}
    first["properties"]["tasks"] = schema["properties"]["tasks"]["anyOf"][0]
    assert first["properties"]["tasks"]["items"]["required"] == SUMMARY_FIELDS
    for body in bodies:
        jsonschema.validate(body, first)


# --- the contract's test_scenarios ----------------------------------------------------------


async def test_list_tasks_full_details_schema(server: Server[Any]) -> None:
    async with Client(server) as client:
        for n in range(5):
            await make_task(
                client,
                f"Task {n}",
                description=f"Description of task {n}",
                notes=f"Notes for task {n}",
                planning_references=[f"specs/00{n}/spec.md", f"specs/00{n}/plan.md"],
            )
        body = await call(client, "list_tasks", {"full_details": True})
    assert list(body) == ["tasks", "total_count"]
    assert isinstance(body["tasks"], list) and isinstance(body["total_count"], int)
    assert body["total_count"] == len(body["tasks"]) == 5
    for task in body["tasks"]:
        assert list(task) == FULL_FIELDS
        assert UUID_RE.match(task["id"]) and task["status"] in STATUSES
        assert ISO_UTC.match(task["created_at"]) and ISO_UTC.match(task["updated_at"])


async def test_list_tasks_full_details_backward_compat(
    server: Server[Any], database: Database
) -> None:
    async with Client(server) as client:
        created = await make_task(
            client,
            "Implement user authentication",
            description="Add JWT-based authentication with refresh tokens and RBAC",
            notes="Consider OAuth2 integration for social login.",
            planning_references=["specs/001-auth/spec.md", "specs/001-auth/plan.md"],
        )
        await call(client, "update_task", {"task_id": created["id"], "branch": "001-user-auth"})
        await call(client, "update_task", {"task_id": created["id"], "commit": COMMIT_A})
        body = await call(client, "list_tasks", {"full_details": True, "limit": 1})
    (task,) = body["tasks"]
    with Session(database.engine) as session:
        record = session.get(TaskRecord, created["id"])
        branches = session.exec(select(TaskBranchRecord.name)).all()
        commits = session.exec(select(TaskCommitRecord.sha)).all()
    assert record is not None
    assert task["description"] == record.description
    assert task["notes"] == record.notes
    assert task["planning_references"] == record.planning_references
    assert task["branches"] == list(branches) == ["001-user-auth"]
    assert task["commits"] == list(commits) == [COMMIT_A]


async def test_list_tasks_full_details_null_handling(server: Server[Any]) -> None:
    async with Client(server) as client:
        await make_task(client, "Bare task")
        body = await call(client, "list_tasks", {"full_details": True, "limit": 1})
    (task,) = body["tasks"]
    assert task["description"] is None and task["notes"] is None
    assert task["planning_references"] == [] and task["branches"] == [] and task["commits"] == []


# --- list_tasks -----------------------------------------------------------------------------


async def test_summary_is_the_default_with_exactly_five_fields(server: Server[Any]) -> None:
    async with Client(server) as client:
        created = await make_task(client, "Write docs", description="long", notes="more")
        body = await call(client, "list_tasks", {})
        explicit = await call(client, "list_tasks", {"full_details": False})
    assert body == explicit
    assert body["total_count"] == 1
    (task,) = body["tasks"]
    assert list(task) == SUMMARY_FIELDS
    assert task == {k: created[k] for k in SUMMARY_FIELDS}


async def test_order_is_most_recently_updated_first(database: Database) -> None:
    server = build_tasks_server(TaskService(SqlTaskRepository(database), clock=ticking_clock()))
    async with Client(server) as client:
        ids = [(await make_task(client, f"t{n}"))["id"] for n in range(4)]
        await call(client, "update_task", {"task_id": ids[1], "status": "in-progress"})
        body = await call(client, "list_tasks", {})
        limited = await call(client, "list_tasks", {"limit": 2})
    assert [t["id"] for t in body["tasks"]] == [ids[1], ids[3], ids[2], ids[0]]
    assert [t["id"] for t in limited["tasks"]] == [ids[1], ids[3]]
    assert limited["total_count"] == 2
    updated = [t["updated_at"] for t in body["tasks"]]
    assert updated == sorted(updated, reverse=True)


async def test_filters_by_status_and_branch_before_the_limit(database: Database) -> None:
    server = build_tasks_server(TaskService(SqlTaskRepository(database), clock=ticking_clock()))
    async with Client(server) as client:
        ids = [(await make_task(client, f"t{n}"))["id"] for n in range(30)]
        # The three oldest tasks are on the branch; 27 newer ones would fill a small LIMIT.
        for task_id in ids[:3]:
            await call(client, "update_task", {"task_id": task_id, "branch": "004-as-an-ai"})
        for task_id in ids[3:]:
            await call(client, "update_task", {"task_id": task_id, "branch": "main"})
        await call(client, "update_task", {"task_id": ids[0], "status": "in-progress"})
        await call(client, "update_task", {"task_id": ids[5], "status": "in-progress"})

        on_branch = await call(client, "list_tasks", {"branch": "004-as-an-ai"})
        first_two = await call(client, "list_tasks", {"branch": "004-as-an-ai", "limit": 2})
        in_progress = await call(client, "list_tasks", {"status": "in-progress"})
        both = await call(client, "list_tasks", {"status": "in-progress", "branch": "004-as-an-ai"})
        none = await call(client, "list_tasks", {"branch": "no-such-branch"})
        complete = await call(client, "list_tasks", {"status": "complete"})
    assert [t["id"] for t in on_branch["tasks"]] == [ids[0], ids[2], ids[1]]
    assert [t["id"] for t in first_two["tasks"]] == [ids[0], ids[2]]
    assert [t["id"] for t in in_progress["tasks"]] == [ids[5], ids[0]]
    assert [t["id"] for t in both["tasks"]] == [ids[0]] and both["total_count"] == 1
    assert none == {"tasks": [], "total_count": 0} and complete["total_count"] == 0


async def test_limit_bounds_and_default(server: Server[Any]) -> None:
    async with Client(server) as client:
        for n in range(51):
            await make_task(client, f"t{n}")
        assert (await call(client, "list_tasks", {}))["total_count"] == 50
        assert (await call(client, "list_tasks", {"limit": 1}))["total_count"] == 1
        assert (await call(client, "list_tasks", {"limit": 100}))["total_count"] == 51
        # Pages past the first (README): a full page says where the next one starts, and the
        # last is the contract's two fields alone, in either mode.
        first = await call(client, "list_tasks", {"limit": 20})
        middle = await call(client, "list_tasks", {"limit": 20, "offset": 20})
        last = await call(client, "list_tasks", {"limit": 20, "offset": 40, "full_details": True})
        assert first["next_offset"] == 20 and middle["next_offset"] == 40
        assert list(last) == ["tasks", "total_count"] and last["total_count"] == 11
        ids = [t["id"] for page in (first, middle, last) for t in page["tasks"]]
        everything = await call(client, "list_tasks", {"limit": 100})
        assert ids == [t["id"] for t in everything["tasks"]]
        full = await call(client, "list_tasks", {"limit": 50, "full_details": True})
        assert full["next_offset"] == 50 and len(full["tasks"][0]) == 10
        # A null argument means "not given": the default applies.
        assert (await call(client, "list_tasks", {"limit": None, "status": None}))[
            "total_count"
        ] == 50


# --- get_task, create_task, update_task ------------------------------------------------------


async def test_create_then_get_returns_all_ten_fields(server: Server[Any]) -> None:
    async with Client(server) as client:
        created = await make_task(
            client,
            "Implement user authentication",
            description="Add JWT-based authentication",
            notes="",
            planning_references=["specs/001-auth/spec.md", "specs/001-auth/spec.md", "x.md"],
        )
        fetched = await call(client, "get_task", {"task_id": created["id"]})
        upper = await call(client, "get_task", {"task_id": created["id"].upper()})
    assert list(created) == FULL_FIELDS and fetched == created == upper
    assert created["status"] == "need to be done"
    assert created["created_at"] == created["updated_at"]
    assert created["notes"] is None  # an empty string is no notes
    assert created["planning_references"] == ["specs/001-auth/spec.md", "x.md"]
    assert (created["branches"], created["commits"]) == ([], [])


async def test_update_sets_fields_and_adds_branches_and_commits_once(database: Database) -> None:
    server = build_tasks_server(TaskService(SqlTaskRepository(database), clock=ticking_clock()))
    async with Client(server) as client:
        created = await make_task(client, "Old title", description="old", notes="n")
        task_id = created["id"]
        steps = [
            {"title": "New title", "status": "in-progress"},
            {"branch": "001-user-auth", "commit": COMMIT_A},
            {"branch": "001-user-auth", "commit": COMMIT_A},  # already there: nothing changes
            {"branch": "002-follow-up"},
            {"commit": COMMIT_B, "description": ""},
            {"commit": COMMIT_A, "status": "complete"},
        ]
        bodies = [await call(client, "update_task", {"task_id": task_id, **s}) for s in steps]
        fetched = await call(client, "get_task", {"task_id": task_id})
    final = bodies[-1]
    assert fetched == final and list(final) == FULL_FIELDS
    assert final["title"] == "New title" and final["status"] == "complete"
    assert final["description"] is None and final["notes"] == "n"
    assert final["branches"] == ["001-user-auth", "002-follow-up"]
    assert final["commits"] == [COMMIT_A, COMMIT_B]
    assert final["created_at"] == created["created_at"]
    # updated_at moves with each change, and stays when a call changes nothing.
    stamps = [created["updated_at"]] + [b["updated_at"] for b in bodies]
    assert stamps[3] == stamps[2]
    assert len(set(stamps)) == len(stamps) - 1 and stamps == sorted(stamps)


async def test_unknown_task_is_task_not_found(server: Server[Any]) -> None:
    missing = "550e8400-e29b-41d4-a716-446655440000"
    async with Client(server) as client:
        got = await call_error(client, "get_task", {"task_id": missing})
        updated = await call_error(client, "update_task", {"task_id": missing, "title": "x"})
    for body in (got, updated):
        assert body["code"] == "TASK_NOT_FOUND"
        assert body["error"] == (
            f"Task not found: {missing}. Use list_tasks to see the existing task ids."
        )
