"""The Coder backend through a real MCP client session, against the loopback Coder fake."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from mcp import Client

from servers.fleet.coder.backend import CoderSettings, workspace_status
from servers.fleet.coder.models import WorkspaceRemote
from servers.fleet.config import FleetSettings
from servers.fleet.tools import create_server
from tests.servers.fleet._fake_coder import METADATA_TOKEN, TOKEN, FakeCoder
from tests.servers.fleet.conftest import call, call_error


@pytest.fixture
def coder() -> Iterator[FakeCoder]:
    with FakeCoder().running() as fake:
        yield fake


def coder_server(
    fake: FakeCoder,
    *,
    token: str = TOKEN,
    timeout: float = 10.0,
    watch: float = 0.0,
    **settings: Any,
):
    """The fleet server on the fake Coder; its watcher off unless ``watch`` (the tests count
    the requests each call makes)."""
    return create_server(
        FleetSettings(
            backend="coder",
            coder_url=fake.url,
            coder_token=token,
            coder_timeout=timeout,
            watch_interval=watch,
            coder=CoderSettings(metadata_token=METADATA_TOKEN, **settings),
        )
    )


def metadata(branch: str, pr: int | None) -> dict[str, Any]:
    return {
        "metadata": {
            "git_branch": {
                "value": branch,
                "error": None,
                "schema": {"description": "Branch", "include_in_list": False},
            },
            "pr": {
                "value": pr,
                "error": None if pr else "no pull request",
                "schema": {"description": "PR number", "include_in_list": True},
            },
        },
        "metadata_count": 2,
    }


async def test_projects_are_templates_with_an_ai_prompt_and_roles_their_presets(
    coder: FakeCoder,
) -> None:
    async with Client(coder_server(coder)) as c:
        projects = await call(c, "list_agent_projects", {})
        roles = await call(c, "list_agent_roles", {"project": "setup"})
        missing = await call_error(c, "list_agent_roles", {"project": "Plain"}, "NOT_FOUND")
    assert [p["name"] for p in projects["projects"]] == ["Setup"]
    assert [(r["name"], r["project_id"]) for r in roles["roles"]] == [
        ("coder", projects["projects"][0]["id"]),
        ("reviewer", projects["projects"][0]["id"]),
    ]
    assert missing["message"] == "Project 'Plain' not found; known projects: Setup"


async def test_two_agents_side_by_side_on_coder(coder: FakeCoder) -> None:
    """The same scenario as on the local backend: two agents, tasks at once, cancel one, read
    history, logs and metadata, delete both."""
    coder.metadata["left"] = metadata("feature/left", 42)
    coder.metadata["right"] = metadata("feature/right", None)
    async with Client(coder_server(coder)) as c:
        left = await call(
            c, "create_agent", {"name": "left", "project": "Setup", "task": "Fix the login bug"}
        )
        await call(
            c,
            "create_agent",
            {"name": "right", "project": "Setup", "role": "reviewer", "task": "Review the API"},
        )
        both = await call(c, "list_agents", {"status_filter": "busy"})
        taken = await call_error(
            c, "create_agent", {"name": "LEFT", "project": "Setup", "task": "x"}, "CONFLICT"
        )
        busy = await call_error(
            c, "start_agent_task", {"agent_name": "left", "task_description": "more"}, "CONFLICT"
        )
        cancelled = await call(c, "cancel_agent_task", {"agent_name": "left"})
        shown = (await call(c, "show_agent", {"agent_name": "left"}))["agent"]
        not_busy = await call_error(c, "cancel_agent_task", {"agent_name": "left"}, "INVALID_INPUT")
        started = await call(
            c, "start_agent_task", {"agent_name": "left", "task_description": "Add tests"}
        )
        coder.finish_task("left", state="failure", message="Tests fail on CI")
        failed = (await call(c, "show_agent", {"agent_name": "left"}))["agent"]
        history = await call(c, "show_agent_task_history", {"agent_name": "left"})
        logs = await call(c, "show_agent_log", {"agent_name": "left", "page_size": 10})
        deleted = [await call(c, "delete_agent", {"agent_name": n}) for n in ("left", "right")]
        remaining = await call(c, "list_agents", {})
    agent = left["agent"]
    assert (agent["status"], agent["role"], agent["project"]) == ("busy", "coder", "Setup")
    assert agent["last_task"] == "Fix the login bug"
    by_name = {a["name"]: a for a in both["agents"]}
    assert set(by_name) == {"left", "right"} and by_name["right"]["role"] == "reviewer"
    assert by_name["left"]["metadata"] == {"pr": 42} and by_name["left"]["metadata_count"] == 2
    assert by_name["right"]["metadata"] == {"pr": None}
    assert taken["message"] == (
        "An agent named 'left' already exists; delete it first (delete_agent) or choose "
        "another name"
    )
    assert busy["message"] == "Agent 'left' is busy with a task; cancel it or wait until it ends"
    assert cancelled["interrupt_sent"] is True
    assert coder.agentapi == [{"workspace": "left", "type": "raw", "content": "\u0003"}]
    assert shown["status"] == "idle"
    assert shown["metadata"]["git_branch"]["value"] == "feature/left"
    assert not_busy["message"] == "Agent 'left' has no running task to cancel (status: idle)"
    assert started["task"]["message"] == "Add tests"
    assert failed["status"] == "failed"
    assert [(t["message"], t["needs_user_attention"]) for t in history["tasks"]] == [
        ("Tests fail on CI", True),
        ("Add tests", False),
        ("Interrupted by user", False),
        ("Fix the login bug", False),
    ]
    assert [e["message"] for e in logs["logs"]] == [
        "Tests fail on CI",
        "Add tests",
        "Fix the login bug",
    ]
    assert all(d["message"] == f"Agent '{d['agent_name']}' deleted successfully" for d in deleted)
    assert remaining == {"agents": [], "total_count": 0, "queue": []}


async def test_a_call_on_one_agent_looks_it_up_once(coder: FakeCoder) -> None:
    """Each per-agent tool finds the workspace once, and reads no role presets to do it."""
    async with Client(coder_server(coder)) as c:
        await call(c, "create_agent", {"name": "once", "project": "Setup", "task": "Work"})
        coder.finish_task("once")
        seen: dict[str, list[tuple[str, str]]] = {}
        for tool, arguments in [
            ("show_agent_task_history", {}),
            ("show_agent_log", {}),
            ("start_agent_task", {"task_description": "More"}),
            ("cancel_agent_task", {}),
            ("delete_agent", {}),
        ]:
            before = len(coder.requests)
            result = await call(c, tool, {"agent_name": "ONCE", **arguments})
            assert result["agent_name"] == "once"
            seen[tool] = coder.requests[before:]
    for tool, requests in seen.items():
        lookups = [p for m, p in requests if m == "GET" and p == "/api/v2/workspaces"]
        assert len(lookups) == 1, (tool, requests)
        assert not [p for _, p in requests if p.endswith("/presets")], (tool, requests)


async def test_restart_stops_then_starts_the_workspace(coder: FakeCoder) -> None:
    coder.stop_polls = 2
    async with Client(coder_server(coder)) as c:
        await call(c, "create_agent", {"name": "again", "project": "Setup", "task": "Work"})
        restarted = await call(c, "restart_agent", {"agent_name": "again"})
    assert (restarted["status"], restarted["message"]) == (
        "idle",
        "Agent 'again' restart initiated",
    )
    transitions = [p for m, p in coder.requests if m == "POST" and p.endswith("/builds")]
    assert len(transitions) == 2
    assert sum(1 for m, p in coder.requests if p.startswith("/api/v2/workspacebuilds/")) == 3


async def test_the_interrupt_key_can_be_esc(coder: FakeCoder) -> None:
    async with Client(coder_server(coder, interrupt_key="\u001b")) as c:
        await call(c, "create_agent", {"name": "esc", "project": "Setup", "task": "Work"})
        await call(c, "cancel_agent_task", {"agent_name": "esc"})
    assert coder.agentapi[-1]["content"] == "\u001b"


async def test_coder_failures_become_the_contracts_codes(coder: FakeCoder) -> None:
    async with Client(coder_server(coder, token="wrong-token")) as c:
        refused = await call_error(c, "list_agents", {}, "SERVICE_UNAVAILABLE")
    assert refused["message"] == (
        "Coder refused the session token (401 Unauthorized): check CODER_SESSION_TOKEN"
    )
    assert "wrong-token" not in str(refused) and TOKEN not in str(refused)
    async with Client(coder_server(coder)) as c:
        unknown = await call_error(c, "show_agent", {"agent_name": "ghost"}, "NOT_FOUND")
        await call(c, "create_agent", {"name": "one", "project": "Setup", "task": "Work"})
        coder.fail("/builds", 404, method="POST")
        gone = await call_error(c, "delete_agent", {"agent_name": "one"}, "NOT_FOUND")
        coder.fail("/members/me/workspaces", 409)
        raced = await call_error(
            c, "create_agent", {"name": "two", "project": "Setup", "task": "x"}, "CONFLICT"
        )
        coder.fail("/api/v2/workspaces", 503, times=1)
        down = await call_error(c, "list_agents", {}, "SERVICE_UNAVAILABLE")
        coder.fail("/apps/ccw/message", 502)
        proxy = await call_error(
            c, "cancel_agent_task", {"agent_name": "one"}, "SERVICE_UNAVAILABLE"
        )
    assert unknown["message"] == "Agent 'ghost' not found"
    assert gone["message"].startswith("Coder: Injected failure 404.")
    assert raced["message"] == (
        "An agent named 'two' already exists; delete it first (delete_agent) or choose another name"
    )
    assert down["message"] == (
        "Coder is unavailable (503 Service Unavailable): Injected failure 503."
    )
    assert proxy["message"].startswith("AgentAPI is unavailable (502 Bad Gateway)")


async def test_a_coder_that_does_not_answer_in_time(coder: FakeCoder) -> None:
    coder.slow("/api/v2/workspaces", 5)
    async with Client(coder_server(coder, timeout=0.3)) as c:
        late = await call_error(c, "list_agents", {}, "SERVICE_UNAVAILABLE")
    assert late["message"] == "Coder did not answer within 0.3 s (GET /api/v2/workspaces)"


async def test_an_unreachable_coder(coder: FakeCoder) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    server = create_server(FleetSettings(backend="coder", coder_url=dead, coder_token=TOKEN))
    async with Client(server) as c:
        error = await call_error(c, "list_agent_projects", {}, "SERVICE_UNAVAILABLE")
    assert error["message"] == f"Cannot reach Coder at {dead}: ConnectError"


def _workspace(build: str, agent: tuple[str, str] | None, app_state: str | None) -> WorkspaceRemote:
    now = datetime.now(UTC)
    agents = [] if agent is None else [{"status": agent[0], "lifecycle_state": agent[1]}]
    return WorkspaceRemote.model_validate(
        {
            "id": "w",
            "name": "w",
            "created_at": now,
            "updated_at": now,
            "latest_build": {"id": "b", "status": build, "resources": [{"agents": agents}]},
            "latest_app_status": {"state": app_state} if app_state else None,
        }
    )


@pytest.mark.parametrize(
    ("build", "agent", "app_state", "status"),
    [
        ("pending", None, None, "starting"),
        ("starting", None, None, "starting"),
        ("running", ("connecting", "created"), None, "starting"),
        ("running", ("connected", "starting"), "working", "starting"),
        ("running", None, None, "starting"),
        ("running", ("connected", "ready"), "working", "busy"),
        ("running", ("connected", "ready"), "idle", "idle"),
        ("running", ("connected", "ready"), "complete", "idle"),
        ("running", ("connected", "ready"), "failure", "failed"),
        ("running", ("connected", "ready"), None, "idle"),
        ("stopping", None, None, "stopping"),
        ("canceling", None, None, "stopping"),
        ("stopped", None, None, "stopped"),
        ("canceled", None, None, "stopped"),
        ("failed", None, None, "failed"),
        ("deleting", None, None, "deleting"),
        ("deleted", None, None, "deleting"),
    ],
)
def test_status_follows_the_build_the_agents_and_the_task_app(
    build: str, agent: tuple[str, str] | None, app_state: str | None, status: str
) -> None:
    assert workspace_status(_workspace(build, agent, app_state)) == status
