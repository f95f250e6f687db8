"""Workspace metadata through show_agent and list_agents, and over HTTP (GET /metadata)."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp import Client

from servers.fleet.tools import create_server
from tests._http_server import http_process
from tests.servers.fleet.conftest import (
    AGENT,
    agent_role,
    call,
    fleet_settings,
    make_repo,
    wait_status,
    worktree_of,
    write_fleet,
)

pytestmark = pytest.mark.processes

PARTIAL = """
version: '3'
tasks:
  git_branch:
    desc: Current git branch
    meta: {include_in_list: false}
    cmds: [git branch --show-current]
  pr_number:
    desc: PR number (if available)
    meta: {include_in_list: true}
    cmds: ["echo 'no pull requests found' >&2; exit 1"]
  slow:
    desc: Waits like a network call
    meta: {include_in_list: true}
    cmds: [sleep 30]
  runs:
    desc: How many times this field was read
    meta: {include_in_list: true}
    cmds: ["echo x >> .runs; wc -l < .runs"]
"""


async def test_full_partial_and_no_metadata(tmp_path: Path, sqlite_url: str) -> None:
    partial = make_repo(tmp_path / "partial", PARTIAL)
    bare = make_repo(tmp_path / "bare", taskfile=None)
    fleet = write_fleet(
        tmp_path / "fleet.yaml",
        {
            "Partial": {"source": str(partial), "roles": {"coder": agent_role()}},
            "Bare": {"source": str(bare), "roles": {"coder": agent_role()}},
        },
    )
    settings = fleet_settings(tmp_path, fleet, sqlite_url, metadata_timeout=1.0)
    async with Client(create_server(settings)) as c:
        await call(c, "create_agent", {"name": "p", "project": "Partial", "task": "lines=0"})
        await call(c, "create_agent", {"name": "b", "project": "Bare", "task": "lines=0"})
        await wait_status(c, "p", "idle")
        with anyio.fail_after(10):
            shown = (await call(c, "show_agent", {"agent_name": "p"}))["agent"]
        listed = await call(c, "list_agents", {})  # right after a show: served from the cache
        shown_again = (await call(c, "show_agent", {"agent_name": "p"}))["agent"]
        bare_agent = (await call(c, "show_agent", {"agent_name": "b"}))["agent"]
    fields = shown["metadata"]
    assert shown["metadata_count"] == 4
    assert fields["git_branch"]["value"] == "fleet/p"
    assert fields["pr_number"] == {
        "value": None,
        "error": "task 'pr_number' failed (exit status 1): no pull requests found",
        "schema": {"description": "PR number (if available)", "include_in_list": True},
    }
    assert fields["slow"]["value"] is None
    assert fields["slow"]["error"] == "task 'slow' timed out after 1 s"
    runs = fields["runs"]["value"]
    assert isinstance(runs, int) and runs >= 1
    by_name = {a["name"]: a for a in listed["agents"]}
    assert by_name["p"]["metadata"] == {"pr_number": None, "slow": None, "runs": runs}
    assert by_name["p"]["metadata_count"] == 4  # all fields, not only the listed ones
    assert shown_again["metadata"]["runs"]["value"] == runs + 1  # a show collects afresh
    assert (by_name["b"]["metadata"], by_name["b"]["metadata_count"]) == ({}, 0)
    assert (bare_agent["metadata"], bare_agent["metadata_count"]) == ({}, 0)


async def test_http_mode_serves_health_and_the_workspaces_metadata_behind_the_token(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    token_file = tmp_path / "token"
    token_file.write_text("s3cret-token-0123456789\n")
    (repo / "Taskfile.yml").write_text(
        textwrap.dedent("""
        version: '3'
        tasks:
          answer:
            desc: The answer
            meta: {include_in_list: true}
            cmds: [echo 42]
        """)
    )
    async with http_process(
        "servers.fleet",
        "--fleet-config",
        str(fleet_file),
        "--database-url",
        sqlite_url,
        "--token-file",
        str(token_file),
        "--workspace",
        str(repo),
        env={"XDG_DATA_HOME": str(tmp_path / "data")},
    ) as server:
        base = server.url.removesuffix("/mcp")
        auth = {"Authorization": "Bearer s3cret-token-0123456789"}
        async with httpx2.AsyncClient(timeout=20) as http:
            health = await http.get(f"{base}/health")
            refused = await http.get(f"{base}/metadata")
            wrong = await http.get(f"{base}/metadata", headers={"Authorization": "Bearer nope"})
            metadata = await http.get(f"{base}/metadata", headers=auth)
            mcp_refused = await http.post(server.url, json={})
        async with httpx2.AsyncClient(headers=auth, timeout=20) as http:
            from mcp.client.streamable_http import streamable_http_client

            async with Client(streamable_http_client(server.url, http_client=http)) as c:
                projects = await call(c, "list_agent_projects", {})
    assert health.status_code == 200 and health.json()["status"] == "ok"
    assert refused.status_code == 401 and wrong.status_code == 401
    assert "s3cret" not in refused.text
    assert metadata.status_code == 200
    assert metadata.json() == {
        "metadata": {
            "answer": {
                "value": 42,
                "error": None,
                "schema": {"description": "The answer", "include_in_list": True},
            }
        },
        "metadata_count": 1,
    }
    assert mcp_refused.status_code == 401  # the MCP endpoint asks for the same token
    assert projects["projects"][0]["name"] == "Setup"
    assert "s3cret" not in server.stderr


SECRETS_TASKFILE = """
version: '3'
tasks:
  pg: {meta: {include_in_list: true}, cmds: ['echo "pg=$PGPASSWORD"']}
  aws: {meta: {include_in_list: true}, cmds: ['echo "aws=$AWS_SECRET_ACCESS_KEY"']}
  anthropic: {meta: {include_in_list: true}, cmds: ['echo "anthropic=$ANTHROPIC_API_KEY"']}
  bearer: {meta: {include_in_list: true}, cmds: ['echo "bearer=$MCP_SERVER_TOKEN"']}
  pat: {meta: {include_in_list: true}, cmds: ['echo "pat=$GITHUB_PAT"']}
  home: {meta: {include_in_list: true}, cmds: ['echo "home=$HOME"']}
"""


async def test_a_taskfile_the_agent_edits_shows_no_secret_in_its_metadata(
    tmp_path: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Taskfile is in the agent's worktree, which the agent can edit: a field that prints a
    secret of the server's environment (a database password, cloud keys, the key of the agent's
    own CLI, the fleet's bearer token) shows nothing in show_agent or list_agents. Only what the
    fleet file passes the agent (pass_env) shows, and the rest of the environment (HOME)."""
    secrets = {
        "PGPASSWORD": "test-secret-pg",
        "AWS_SECRET_ACCESS_KEY": "test-secret-aws",
        "ANTHROPIC_API_KEY": "test-secret-anthropic",
        "MCP_SERVER_TOKEN": "test-secret-bearer",
        "GITHUB_PAT": "test-secret-pat",
    }
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    claude = bin_dir / "claude"  # a fake `claude` CLI (its task gets ANTHROPIC_API_KEY)
    claude.write_text(f'#!/bin/sh\nexec {sys.executable} {AGENT} "$@"\n')
    claude.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    repo = make_repo(tmp_path / "repo", taskfile=None)
    fleet = write_fleet(
        tmp_path / "fleet.yaml",
        {
            "Setup": {
                "source": str(repo),
                "pass_env": ["GITHUB_PAT"],
                "roles": {"claude": {"command": ["claude", "{task}"]}},
            }
        },
    )
    async with Client(create_server(fleet_settings(tmp_path, fleet, sqlite_url))) as c:
        task = {"name": "cc", "project": "Setup", "role": "claude", "task": "lines=0"}
        await call(c, "create_agent", task)
        await wait_status(c, "cc", "idle")
        (worktree_of(repo, "cc") / "Taskfile.yml").write_text(textwrap.dedent(SECRETS_TASKFILE))
        with anyio.fail_after(20):
            shown = (await call(c, "show_agent", {"agent_name": "cc"}))["agent"]
            listed = (await call(c, "list_agents", {}))["agents"]
    values = {name: field["value"] for name, field in shown["metadata"].items()}
    assert values == {
        "pg": "pg=",
        "aws": "aws=",
        "anthropic": "anthropic=",
        "bearer": "bearer=",
        "pat": "pat=test-secret-pat",
        "home": f"home={os.environ['HOME']}",
    }
    assert listed[0]["metadata"] == values
