"""Every fleet tool on the local backend, through a real MCP client session: real git worktrees,
real detached supervisors, the test agent (agent.py) as the role's command."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.server import Server

from servers.fleet.errors import describe_work
from servers.fleet.models import Commit, WorkAtRisk
from tests._processes import live_processes
from tests.servers.fleet.conftest import (
    AGENT,
    call,
    call_error,
    git,
    wait_log,
    wait_status,
    worktree_of,
)

pytestmark = pytest.mark.processes

TOOLS = [
    "list_agents",
    "show_agent",
    "list_agent_projects",
    "list_agent_roles",
    "create_agent",
    "delete_agent",
    "restart_agent",
    "start_agent_task",
    "cancel_agent_task",
    "show_agent_task_history",
    "show_agent_log",
    "show_agent_diff",
    "merge_agent_work",
    "send_agent_feedback",
]


async def test_the_contracts_tools_and_three_more_with_their_hints_and_name_rule(
    server: Server[Any],
) -> None:
    async with Client(server) as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
    assert list(tools) == TOOLS
    destructive = {n for n, t in tools.items() if t.annotations and t.annotations.destructive_hint}
    assert destructive == {"delete_agent", "restart_agent", "cancel_agent_task", "merge_agent_work"}
    name = tools["show_agent"].input_schema["properties"]["agent_name"]
    assert (name["pattern"], name["maxLength"]) == ("^[A-Za-z0-9-]{1,32}$", 32)
    assert all(t.output_schema for t in tools.values())


async def test_projects_and_roles_come_from_the_fleet_file(server: Server[Any], repo: Path) -> None:
    async with Client(server) as c:
        projects = await call(c, "list_agent_projects", {})
        roles = await call(c, "list_agent_roles", {"project": "setup"})  # any case
        missing = await call_error(c, "list_agent_roles", {"project": "Nope"}, "NOT_FOUND")
    (project,) = projects["projects"]
    assert (project["name"], project["description"], projects["total_count"]) == (
        "Setup",
        "This repository",
        1,
    )
    assert roles["project"] == "Setup" and roles["total_count"] == 2
    assert [r["name"] for r in roles["roles"]] == ["coder", "reviewer"]
    assert {r["project_id"] for r in roles["roles"]} == {project["id"]}
    assert missing["message"] == "Project 'Nope' not found; known projects: Setup"


async def test_create_makes_a_worktree_on_its_own_branch_and_runs_the_task(
    server: Server[Any], repo: Path
) -> None:
    async with Client(server) as c:
        created = await call(
            c, "create_agent", {"name": "Docs-Bot", "project": "Setup", "task": "lines=2 touch=x"}
        )
        agent = created["agent"]
        assert created["message"] == "Agent 'Docs-Bot' created successfully"
        assert (agent["name"], agent["project"], agent["role"]) == ("Docs-Bot", "Setup", "coder")
        assert agent["status"] in ("busy", "idle") and agent["last_task"] == "lines=2 touch=x"
        assert (agent["metadata"], agent["metadata_count"]) == ({}, 0)
        done = await wait_status(c, "docs-bot", "idle")  # names in any case
        logs = await call(c, "show_agent_log", {"agent_name": "DOCS-BOT", "page_size": 100})
    path = worktree_of(repo, "Docs-Bot")
    assert git(Path(path), "branch", "--show-current") == "fleet/Docs-Bot"
    assert (Path(path) / "x").read_text() == "work\n"  # the task ran in its worktree
    assert done["workspace_id"] == agent["workspace_id"]
    messages = [e["message"] for e in logs["logs"]]
    assert messages[0] == "exited with status 0" and messages[2] == "done"
    # The task's end is a checkpoint commit of what it left, on the agent's branch.
    commit = git(Path(path), "log", "-1", "--format=%h %an %s")
    assert messages[1] == f"checkpoint: 1 file committed as {commit.split()[0]}"
    assert commit.split(" ", 1)[1] == "fleet fleet: checkpoint after 'lines=2 touch=x'"
    assert git(Path(path), "status", "--porcelain") == ""
    assert "env task: lines=2 touch=x" in [e["message"] for e in logs["logs"]]


async def test_create_refusals(server: Server[Any]) -> None:
    async with Client(server) as c:
        bad_name = await call_error(
            c,
            "create_agent",
            {"name": "no spaces!", "project": "Setup", "task": "x"},
            "INVALID_INPUT",
        )
        long_name = await call_error(
            c,
            "create_agent",
            {"name": "a" * 33, "project": "Setup", "task": "x"},
            "INVALID_INPUT",
        )
        blank = await call_error(
            c, "create_agent", {"name": "a", "project": "Setup", "task": "  "}, "INVALID_INPUT"
        )
        role = await call_error(
            c,
            "create_agent",
            {"name": "a", "project": "Setup", "task": "x", "role": "boss"},
            "NOT_FOUND",
        )
        project = await call_error(
            c, "create_agent", {"name": "a", "project": "Other", "task": "x"}, "NOT_FOUND"
        )
        await call(c, "create_agent", {"name": "Twin", "project": "Setup", "task": "lines=0"})
        taken = await call_error(
            c, "create_agent", {"name": "tWIN", "project": "Setup", "task": "x"}, "CONFLICT"
        )
        again = await call_error(
            c, "create_agent", {"name": "Twin", "project": "Setup", "task": "x"}, "CONFLICT"
        )
        listed = await call(c, "list_agents", {})
    assert bad_name["message"] == (
        "Invalid arguments for create_agent: name: must be 1 to 32 letters, digits and hyphens"
    )
    assert bad_name["details"] == {
        "fields": {"name": "must be 1 to 32 letters, digits and hyphens"}
    }
    assert "name: must be at most 32 characters long" in long_name["message"]
    assert blank["message"] == "Invalid arguments for create_agent: task: must not be blank"
    assert role["message"] == "Role 'boss' not found in project 'Setup'; its roles: coder, reviewer"
    assert project["message"].startswith("Project 'Other' not found")
    assert taken["message"] == (
        "An agent named 'Twin' already exists; delete it first (delete_agent) or choose "
        "another name"
    )
    assert again["message"] == taken["message"]  # the same name exactly: the same advice
    assert [a["name"] for a in listed["agents"]] == ["Twin"]  # nothing half-made is left


async def test_a_branch_left_without_an_agent_is_named_and_not_taken_over(
    server: Server[Any], repo: Path
) -> None:
    git(repo, "branch", "fleet/old")
    async with Client(server) as c:
        refused = await call_error(
            c, "create_agent", {"name": "old", "project": "Setup", "task": "x"}, "CONFLICT"
        )
        listed = await call(c, "list_agents", {})
    assert refused["message"] == (
        f"Branch 'fleet/old' already exists in {repo} but belongs to no agent (left from an "
        "earlier one, or made by hand) and may hold work: merge it or delete it "
        "(git branch -D fleet/old), or choose another name"
    )
    assert listed["agents"] == [] and git(repo, "branch", "--list", "fleet/old")


async def test_a_branch_checked_out_in_another_worktree_is_said_so_never_to_delete(
    server: Server[Any], repo: Path, tmp_path: Path
) -> None:
    """Another fleet's live agent on the same repository (a trial: "belongs to no agent ...
    git branch -D", which would throw its work away): where it is checked out, no delete."""
    elsewhere = tmp_path / "other-fleet" / "w1"
    git(repo, "worktree", "add", "-b", "fleet/w1", str(elsewhere))
    async with Client(server) as c:
        refused = await call_error(
            c, "create_agent", {"name": "w1", "project": "Setup", "task": "x"}, "CONFLICT"
        )
    assert refused["message"] == (
        f"Branch 'fleet/w1' already exists in {repo} and is checked out in {elsewhere} (an "
        "agent of another fleet on this repository, or a worktree made by hand): choose "
        "another name"
    )
    assert "branch -D" not in refused["message"]


async def test_every_agent_tool_says_not_found_for_an_unknown_name(server: Server[Any]) -> None:
    async with Client(server) as c:
        for tool in [
            "show_agent",
            "delete_agent",
            "restart_agent",
            "cancel_agent_task",
            "show_agent_task_history",
            "show_agent_log",
        ]:
            error = await call_error(c, tool, {"agent_name": "ghost"}, "NOT_FOUND")
            assert error["message"] == "Agent 'ghost' not found"
        error = await call_error(
            c, "start_agent_task", {"agent_name": "ghost", "task_description": "x"}, "NOT_FOUND"
        )
        for tool in ["show_agent", "delete_agent", "start_agent_task", "show_agent_log"]:
            bad = await call_error(
                c,
                tool,
                {"agent_name": "bad_name", "task_description": "x"}
                if tool == "start_agent_task"
                else {"agent_name": "bad_name"},
                "INVALID_INPUT",
            )
            assert "agent_name: must be 1 to 32 letters, digits and hyphens" in bad["message"]


async def test_an_unknown_tool_gets_the_contract_body_with_its_name_shortened(
    server: Server[Any],
) -> None:
    async with Client(server) as c:
        known = await call_error(c, "list_agent", {}, "INVALID_INPUT")
        long_name = await call_error(c, "t" * 10_000, {}, "INVALID_INPUT")
    assert known["message"] == "Unknown tool 'list_agent'. Known tools: " + ", ".join(TOOLS)
    assert known["details"] == {"known_tools": TOOLS}
    assert len(long_name["message"]) < 400 and "(10000 characters)" in long_name["message"]


async def test_tasks_history_and_logs(server: Server[Any]) -> None:
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "w", "project": "Setup", "task": "lines=1"})
        await wait_status(c, "w", "idle")
        started = await call(
            c, "start_agent_task", {"agent_name": "w", "task_description": "lines=0 block"}
        )
        assert started["message"] == "Task assigned to agent 'w'"
        assert started["task"]["message"] == "lines=0 block"
        await wait_log(c, "w", "waiting")
        busy = await call_error(
            c, "start_agent_task", {"agent_name": "w", "task_description": "more"}, "CONFLICT"
        )
        cancelled = await call(c, "cancel_agent_task", {"agent_name": "w"})
        idle = await wait_status(c, "w", "idle")
        not_busy = await call_error(c, "cancel_agent_task", {"agent_name": "w"}, "INVALID_INPUT")
        await call(
            c, "start_agent_task", {"agent_name": "w", "task_description": "lines=0 warn fail"}
        )
        failed = await wait_status(c, "w", "failed")
        history = await call(c, "show_agent_task_history", {"agent_name": "w"})
        page2 = await call(
            c, "show_agent_task_history", {"agent_name": "w", "page": 2, "page_size": 2}
        )
        beyond = await call(c, "show_agent_task_history", {"agent_name": "w", "page": 9})
        latest = await call(c, "show_agent_log", {"agent_name": "w"})
        second = await call(c, "show_agent_log", {"agent_name": "w", "page": 2, "page_size": 3})
        everything = await call(c, "show_agent_log", {"agent_name": "w", "page_size": 100})
        too_big = await call_error(
            c, "show_agent_log", {"agent_name": "w", "page_size": 101}, "INVALID_INPUT"
        )
        await call(c, "start_agent_task", {"agent_name": "w", "task_description": "lines=0"})
        recovered = await wait_status(c, "w", "idle")
    assert busy["message"] == "Agent 'w' is busy with a task; cancel it or wait until it ends"
    assert cancelled == {
        "agent_name": "w",
        "message": "Interrupt signal sent to agent 'w'",
        "interrupt_sent": True,
    }
    assert idle["last_task"] == "lines=0 block"
    assert not_busy["message"] == "Agent 'w' has no running task to cancel (status: idle)"
    assert failed["last_task"] == "lines=0 warn fail"
    assert [t["message"] for t in history["tasks"]] == [
        "lines=0 warn fail",
        "lines=0 block",
        "lines=1",
    ]
    assert [t["needs_user_attention"] for t in history["tasks"]] == [True, False, False]
    assert all(t["uri"] is None for t in history["tasks"])
    assert (history["total_count"], history["has_next_page"], history["has_previous_page"]) == (
        3,
        False,
        False,
    )
    assert [t["message"] for t in page2["tasks"]] == ["lines=1"]
    assert (page2["has_next_page"], page2["has_previous_page"]) == (False, True)
    assert beyond["tasks"] == [] and beyond["total_count"] == 3
    assert latest["page_size"] == 1 and latest["has_next_page"] is True
    assert [(e["level"], e["message"]) for e in latest["logs"]] == [
        ("ERROR", "exited with status 3")
    ]
    assert second["logs"] == everything["logs"][3:6]  # pages cut one newest-first list
    levels = {e["message"]: e["level"] for e in everything["logs"]}
    assert levels["giving up"] == levels["a warning"] == "WARN"  # standard error
    assert levels["env task: lines=0 warn fail"] == levels["secrets: none"] == "INFO"
    messages = [e["message"] for e in everything["logs"]]
    assert everything["total_count"] == len(messages)
    assert messages.index("exited with status 130") < messages.index("interrupt sent (SIGINT)")
    assert messages[-1] == "working on: lines=1"  # the oldest line of the oldest task
    stamps = [e["timestamp"] for e in everything["logs"]]
    assert stamps == sorted(stamps, reverse=True)
    assert "page_size: must be at most 100" in too_big["message"]
    assert recovered["status"] == "idle"


SECRETS = {
    "PGPASSWORD": "test-secret-pg",
    "GITHUB_PAT": "test-secret-pat",
    "AWS_SECRET_ACCESS_KEY": "test-secret-aws",
    "MY_DSN": "test-secret-postgres://u:p@h/db",
    "MY_API_KEY": "test-secret-mine",
    "ANTHROPIC_API_KEY": "test-secret-anthropic",
    "OPENAI_API_KEY": "test-secret-openai",
    "MCP_SERVER_TOKEN": "test-secret-bearer",
    "AGENTS_DATABASE_URL": "test-secret-postgresql://me:hunter2@db/x",
    "my_database_url": "test-secret-postgresql://me:hunter2@db/y",
}


async def test_a_task_gets_no_secret_but_its_clis_keys_and_those_its_fleet_file_passes(
    tmp_path: Path, repo: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The servers' one policy, as the agents gateway's CLIs have it: other tools' secrets
    (a database password, a GitHub token, cloud keys, a DSN) never reach an agent; its own CLI's
    keys do (a role running `claude` gets ANTHROPIC_API_KEY, not OPENAI_API_KEY), and so do the
    names its fleet file passes (the project's and the role's pass_env). The fleet's own
    secrets and database URLs never do, and a fleet file cannot pass them."""
    from servers.fleet.local.fleetfile import FleetConfigError, load_fleet
    from servers.fleet.tools import create_server
    from tests.servers.fleet.conftest import agent_role, fleet_settings, write_fleet

    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    claude = bin_dir / "claude"  # a fake `claude` CLI: the test agent under that name
    claude.write_text(f'#!/bin/sh\nexec {sys.executable} {AGENT} "$@"\n')
    claude.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    coder = {**agent_role(), "pass_env": ["MY_API_KEY"]}
    fleet_file = write_fleet(
        tmp_path / "fleet-env.yaml",
        {
            "Setup": {
                "source": str(repo),
                "pass_env": ["GITHUB_PAT"],
                "roles": {"coder": coder, "claude": {"command": ["claude", "{task}"]}},
            }
        },
    )
    server = create_server(fleet_settings(tmp_path, fleet_file, sqlite_url))
    seen: dict[str, list[str]] = {}
    async with Client(server) as c:
        for name, role in (("plain", "coder"), ("cc", "claude")):
            task = {"name": name, "project": "Setup", "role": role, "task": "lines=0 keys"}
            await call(c, "create_agent", task)
            await wait_status(c, name, "idle")
            logs = await call(c, "show_agent_log", {"agent_name": name, "page_size": 100})
            messages = [e["message"] for e in logs["logs"]]
            assert "secrets: none" in messages
            (keys,) = [m for m in messages if m.startswith("keys: ")]
            seen[name] = keys.removeprefix("keys: ").split(", ")
    assert seen == {
        "plain": ["GITHUB_PAT", "MY_API_KEY"],
        "cc": ["ANTHROPIC_API_KEY", "GITHUB_PAT"],
    }
    refused = write_fleet(
        tmp_path / "fleet-bad.yaml",
        {
            "Setup": {
                "source": str(repo),
                "pass_env": ["AGENTS_DATABASE_URL"],
                "roles": {"c": coder},
            }
        },
    )
    with pytest.raises(FleetConfigError) as caught:
        load_fleet(str(refused), cwd=tmp_path, env={})
    assert str(caught.value) == (
        f"fleet file {refused}: projects.Setup.pass_env.0: AGENTS_DATABASE_URL is never passed "
        "to agents (a database URL)"
    )


async def test_a_task_starts_in_the_requests_trace(server: Server[Any]) -> None:
    """The request's `traceparent` (from its `_meta`) reaches the task as `TRACEPARENT`, so a
    coding agent that emits OpenTelemetry joins the caller's trace."""
    traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    arguments = {"name": "traced", "project": "Setup", "task": "lines=0 trace"}
    async with Client(server) as c:
        made = await c.call_tool("create_agent", arguments, meta={"traceparent": traceparent})
        assert not made.is_error, made.content
        await wait_status(c, "traced", "idle")
        logs = await call(c, "show_agent_log", {"agent_name": "traced", "page_size": 100})
    assert f"traceparent: {traceparent}" in [e["message"] for e in logs["logs"]]


async def test_restart_stops_a_task_that_ignores_interrupts(
    server: Server[Any], tmp_path: Path
) -> None:
    marker = f"stubborn-{tmp_path.name}"
    async with Client(server) as c:
        await call(
            c,
            "create_agent",
            {"name": "mule", "project": "Setup", "task": f"lines=0 block stubborn {marker}"},
        )
        await wait_log(c, "mule", "waiting")
        await call(c, "cancel_agent_task", {"agent_name": "mule"})
        await wait_log(c, "mule", "ignoring interrupt")
        still = await call(c, "show_agent", {"agent_name": "mule"})
        restarted = await call(c, "restart_agent", {"agent_name": "mule"})
        history = await call(c, "show_agent_task_history", {"agent_name": "mule"})
    assert still["agent"]["status"] == "busy"
    assert (restarted["status"], restarted["message"]) == ("idle", "Agent 'mule' restart initiated")
    assert restarted["workspace_id"] == still["agent"]["workspace_id"]
    assert history["tasks"][0]["needs_user_attention"] is False
    assert live_processes(marker) == []


async def test_delete_refuses_to_lose_work_unless_forced_then_keeps_it_in_a_patch(
    server: Server[Any], repo: Path, tmp_path: Path
) -> None:
    marker = f"deleted-{tmp_path.name}"
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "gone", "project": "Setup", "task": "touch=new.txt"})
        agent = await wait_status(c, "gone", "idle")
        worktree = worktree_of(repo, "gone")
        checkpoint = git(worktree, "log", "-1", "--format=%h")
        (worktree / "README.md").write_text("# changed\n")
        await call(
            c, "start_agent_task", {"agent_name": "gone", "task_description": f"block {marker}"}
        )
        await wait_log(c, "gone", "waiting")
        refused = await call_error(c, "delete_agent", {"agent_name": "gone"}, "CONFLICT")
        dry = await call(c, "delete_agent", {"agent_name": "gone", "dry_run": True})
        still = await call(c, "show_agent", {"agent_name": "gone"})
        deleted = await call(c, "delete_agent", {"agent_name": "GONE", "force": True})
        after = await call_error(c, "show_agent", {"agent_name": "gone"}, "NOT_FOUND")
        listed = await call(c, "list_agents", {})
    assert refused["message"] == (
        "Agent 'gone' holds work that is on no other branch: 1 commit(s) on no other branch "
        f"({checkpoint} fleet: checkpoint after 'touch=new.txt') and 1 uncommitted file(s) "
        "(README.md). Merge it first (merge_agent_work), or delete with force: true (the work "
        "is then kept only in a patch file)"
    )
    assert refused["details"] == {
        "agent_name": "gone",
        "commits": [checkpoint],
        "files": ["README.md"],
    }
    assert dry["dry_run"] is True and dry["message"].startswith(
        "Agent 'gone' would be deleted; it would lose 1 commit(s) on no other branch"
    )
    assert dry["work"]["files"] == ["README.md"] and still["agent"]["status"] == "busy"
    assert deleted["agent_name"] == "gone" and deleted["workspace_id"] == agent["workspace_id"]
    prefix = (
        "Agent 'gone' deleted successfully; its work (2 files changed since it started) is kept in "
    )
    assert deleted["message"].startswith(prefix)
    patch = Path(deleted["message"][len(prefix) :])
    assert deleted["patch"] == str(patch) and deleted["dry_run"] is False
    # What it lost counts the checkpoint of the task it stopped (README.md, committed then).
    assert deleted["work"]["commits"][0]["id"] == checkpoint
    assert len(deleted["work"]["commits"]) == 2 and deleted["work"]["files"] == []
    text = patch.read_text()
    assert "+# changed" in text and "new.txt" in text and "+work" in text
    assert not worktree.exists()
    assert "fleet/gone" not in git(repo, "branch", "--list")
    assert after["message"] == "Agent 'gone' not found" and listed["agents"] == []
    assert live_processes(marker) == []
    # The patch applies to the repository the agent started from.
    subprocess.run(["git", "apply", "--check", str(patch)], cwd=repo, check=True)


async def test_a_copied_plain_folder_works_too(tmp_path: Path, sqlite_url: str) -> None:
    from servers.fleet.tools import create_server
    from tests.servers.fleet.conftest import agent_role, fleet_settings, write_fleet

    plain = tmp_path / "notes"
    plain.mkdir()
    (plain / "todo.txt").write_text("one\n")
    fleet = write_fleet(
        tmp_path / "plain.yaml",
        {"Notes": {"source": str(plain), "roles": {"writer": agent_role()}}},
    )
    server = create_server(fleet_settings(tmp_path, fleet, sqlite_url))
    async with Client(server) as c:
        no_default = await call_error(
            c, "create_agent", {"name": "n", "project": "Notes", "task": "x"}, "INVALID_INPUT"
        )
        await call(
            c,
            "create_agent",
            {"name": "n", "project": "Notes", "task": "touch=new.txt", "role": "writer"},
        )
        await wait_status(c, "n", "idle")
        deleted = await call(c, "delete_agent", {"agent_name": "n", "force": True})
    assert no_default["message"] == (
        "role: project 'Notes' has no default role; give one of: writer"
    )
    assert "(1 file changed since it started)" in deleted["message"]
    assert (plain / "todo.txt").read_text() == "one\n" and not (plain / "new.txt").exists()
    assert list((tmp_path / "home" / "worktrees").iterdir()) == []


async def test_a_role_whose_program_is_missing_is_refused_before_anything_is_made(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    from servers.fleet.tools import create_server
    from tests.servers.fleet.conftest import fleet_settings, write_fleet

    fleet = write_fleet(
        tmp_path / "missing.yaml",
        {
            "Setup": {
                "source": str(repo),
                "roles": {"coder": {"command": ["no-such-agent-cli", "{task}"]}},
            }
        },
    )
    async with Client(create_server(fleet_settings(tmp_path, fleet, sqlite_url))) as c:
        error = await call_error(
            c, "create_agent", {"name": "a", "project": "Setup", "task": "x"}, "INVALID_INPUT"
        )
        listed = await call(c, "list_agents", {})
    assert error["message"] == (
        "Role 'coder' runs 'no-such-agent-cli', which is not on PATH; "
        "install it or pick another role"
    )
    assert listed["total_count"] == 0 and git(repo, "branch", "--list", "fleet/*") == ""


async def test_a_task_too_long_for_its_roles_command_line_is_refused_before_anything_is_made(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    """The schema takes up to 120000 bytes of task; a role that glues its system prompt to the
    task makes one argument longer than that, which is refused naming the role and the limit
    (the launch would fail with E2BIG), for a new agent and for a next task alike."""
    from servers.fleet.tools import create_server
    from tests.servers.fleet.conftest import AGENT, fleet_settings, write_fleet

    glued = {"command": [sys.executable, AGENT, "{system_prompt} {task}"]}
    fleet = write_fleet(
        tmp_path / "glued.yaml",
        {
            "Setup": {
                "source": str(repo),
                "roles": {
                    "coder": {**glued, "system_prompt": "s" * 110_000},
                    "plain": {"command": [sys.executable, AGENT, "{task}"]},
                },
                "default_role": "coder",
            }
        },
    )
    task = "lines=0 " + "t" * 30_000
    async with Client(create_server(fleet_settings(tmp_path, fleet, sqlite_url))) as c:
        made = await call_error(
            c, "create_agent", {"name": "a", "project": "Setup", "task": task}, "INVALID_INPUT"
        )
        listed = await call(c, "list_agents", {})
        await call(
            c, "create_agent", {"name": "b", "project": "Setup", "task": task, "role": "plain"}
        )
        await wait_status(c, "b", "idle")
        longer = "lines=0 " + "t" * 119_990
        started = await call_error(
            c, "start_agent_task", {"agent_name": "b", "task_description": longer}, "INVALID_INPUT"
        )
        history = await call(c, "show_agent_task_history", {"agent_name": "b"})
    assert made["message"] == (
        "The task takes 140009 bytes as role 'coder' runs it, and its command gets it as one "
        "command-line argument, which takes at most 120000: shorten it, or put the details in a "
        "file of the project and name it in the task"
    )
    assert made["details"] == {"role": "coder", "size": 140009, "limit": 120000}
    assert listed["total_count"] == 0 and git(repo, "branch", "--list", "fleet/a") == ""
    assert not (tmp_path / "home" / "worktrees").exists() or all(
        not p.name.startswith("a-") for p in (tmp_path / "home" / "worktrees").iterdir()
    )
    assert started["message"].startswith("The task takes 120009 bytes as role 'plain' runs it")
    assert history["total_count"] == 1  # the refused task was not recorded


async def test_list_filters_by_status_and_project(server: Server[Any]) -> None:
    async with Client(server) as c:
        await call(c, "create_agent", {"name": "a1", "project": "Setup", "task": "lines=0"})
        await call(c, "create_agent", {"name": "a2", "project": "Setup", "task": "lines=0 block"})
        await wait_status(c, "a1", "idle")
        await wait_log(c, "a2", "waiting")
        busy = await call(c, "list_agents", {"status_filter": "busy"})
        setup = await call(c, "list_agents", {"project_filter": "SETUP"})
        none = await call(c, "list_agents", {"project_filter": "Other"})
        bad = await call_error(c, "list_agents", {"status_filter": "sleeping"}, "INVALID_INPUT")
        with anyio.fail_after(20):
            await call(c, "delete_agent", {"agent_name": "a2"})
    assert [a["name"] for a in busy["agents"]] == ["a2"]
    assert [a["name"] for a in setup["agents"]] == ["a1", "a2"] and setup["total_count"] == 2
    assert none == {"agents": [], "total_count": 0, "queue": []}
    assert "status_filter: must be one of" in bad["message"]


async def test_create_reports_its_steps_to_a_caller_who_asks(server: Server[Any]) -> None:
    steps: list[tuple[float, float | None, str | None]] = []

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        steps.append((progress, total, message))

    with anyio.fail_after(30):
        async with Client(server) as c:
            created = await c.call_tool(
                "create_agent",
                {"name": "Steps", "project": "Setup", "task": "lines=1"},
                progress_callback=progressed,
            )
            await wait_status(c, "Steps", "idle")
    assert not created.is_error
    assert steps == [
        (1, 3, "making the workspace of 'Steps'"),
        (2, 3, "starting the task of 'Steps'"),
        (3, 3, "'Steps' is at work"),
    ]


def test_work_at_risk_shows_a_long_subject_cut_at_a_word_and_marked() -> None:
    at = datetime(2026, 11, 29, tzinfo=UTC)
    short = Commit(
        id="a83611c", subject="fleet: checkpoint after 'write some notes'", created_at=at
    )
    long = Commit(
        id="b94722d",
        subject="fleet: checkpoint after 'write the release notes for version two of the app'",
        created_at=at,
    )
    said = describe_work(WorkAtRisk(commits=[short, long], files=[]))
    assert said == (
        "2 commit(s) on no other branch (a83611c fleet: checkpoint after 'write some notes', "
        "b94722d fleet: checkpoint after 'write the release notes for…)"
    )
