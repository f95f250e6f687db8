"""Reviewing and landing an agent's work on the local backend, through a real MCP client
session: its diff, the merge back (fast-forward, rebase, merge commit; a conflict refused with
its files named and nothing changed), the pull request (a fake ``gh`` on PATH, a local bare
remote), and feedback sent back as its next task."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server import Server

from servers.fleet.tools import create_server
from tests.servers.fleet.conftest import (
    agent_role,
    call,
    call_error,
    fleet_settings,
    git,
    wait_status,
    worktree_of,
    write_fleet,
)

pytestmark = pytest.mark.processes


def fleet_server(tmp_path: Path, repo: Path, url: str, **project: Any) -> Server[Any]:
    fleet = write_fleet(
        tmp_path / "review.yaml",
        {"Setup": {"source": str(repo), "roles": {"coder": agent_role()}, **project}},
    )
    return create_server(fleet_settings(tmp_path, fleet, url))


async def make(c: Client, name: str, task: str) -> dict[str, Any]:
    await call(c, "create_agent", {"name": name, "project": "Setup", "task": task})
    return await wait_status(c, name, "idle")


async def test_the_diff_shows_commits_uncommitted_files_and_patches_in_pages(
    server: Server[Any], repo: Path
) -> None:
    async with Client(server) as c:
        await make(c, "d", "write=app.py=print(1)")
        worktree = worktree_of(repo, "d")
        (worktree / "README.md").write_text("# a project\nmore\n")
        (worktree / "Taskfile.yml").unlink()
        whole = await call(c, "show_agent_diff", {"agent_name": "d"})
        first = await call(c, "show_agent_diff", {"agent_name": "d", "page_size": 1})
        third = await call(c, "show_agent_diff", {"agent_name": "d", "page": 3, "page_size": 1})
    checkpoint = git(worktree, "log", "-1", "--format=%h")
    assert [(c["id"], c["subject"]) for c in whole["commits"]] == [
        (checkpoint, "fleet: checkpoint after 'write=app.py=print(1)'")
    ]
    assert whole["branch"] == "fleet/d" and whole["base_commit"] == git(repo, "rev-parse", "main")
    assert sorted(whole["uncommitted_files"]) == ["README.md", "Taskfile.yml"]
    files = {f["path"]: f for f in whole["files"]}
    assert {p: f["status"] for p, f in files.items()} == {
        "README.md": "modified",
        "Taskfile.yml": "deleted",
        "app.py": "added",
    }
    assert (files["app.py"]["insertions"], files["app.py"]["deletions"]) == (1, 0)
    assert "+print(1)" in files["app.py"]["patch"] and "@@ -0,0 +1 @@" in files["app.py"]["patch"]
    assert "+more" in files["README.md"]["patch"] and not files["README.md"]["binary"]
    assert whole["stat"] == {
        "files_changed": 3,
        "insertions": 2,
        "deletions": files["Taskfile.yml"]["deletions"],
    }
    assert (first["total_count"], len(first["files"]), first["has_next_page"]) == (3, 1, True)
    assert third["has_next_page"] is False and third["has_previous_page"] is True
    assert [f["path"] for f in (first["files"] + third["files"])] == [
        whole["files"][0]["path"],
        whole["files"][2]["path"],
    ]


async def test_merge_lands_one_agent_and_refuses_the_conflicting_one_naming_the_file(
    server: Server[Any], repo: Path
) -> None:
    async with Client(server) as c:
        await make(c, "left", "write=same.txt=left")
        await make(c, "right", "write=same.txt=right")
        left_diff = await call(c, "show_agent_diff", {"agent_name": "left"})
        merged = await call(c, "merge_agent_work", {"agent_name": "left"})
        main_after_left = git(repo, "rev-parse", "main")
        left_tip = git(repo, "rev-parse", "fleet/left")
        right_tip = git(repo, "rev-parse", "fleet/right")
        refused = await call_error(c, "merge_agent_work", {"agent_name": "right"}, "CONFLICT")
        again = await call(c, "merge_agent_work", {"agent_name": "left"})
        deleted = await call(c, "delete_agent", {"agent_name": "left"})  # merged: nothing lost
    assert left_diff["files"][0]["path"] == "same.txt"
    assert merged["message"] == "Merged 1 commit(s) of agent 'left' into 'main' (merge)"
    assert (merged["base_branch"], merged["strategy"], merged["commits"]) == ("main", "merge", 1)
    assert merged["merged_commit"] == main_after_left
    # A merge commit, and the checkout of main (the repository itself) followed it.
    parents = git(repo, "log", "-1", "--format=%P", "main").split()
    assert parents[1] == left_tip
    assert (repo / "same.txt").read_text() == "left\n" and git(repo, "status", "--porcelain") == ""
    assert refused["message"] == (
        "Agent 'right' does not merge cleanly into 'main': 1 file(s) conflict (same.txt); "
        "nothing was changed. Give it a task to bring its branch up to date with the base "
        "branch, then merge again"
    )
    assert refused["details"]["conflicts"] == ["same.txt"]
    assert git(repo, "rev-parse", "main") == main_after_left  # nothing changed
    assert git(repo, "rev-parse", "fleet/right") == right_tip
    assert git(repo, "status", "--porcelain") == ""
    assert again["commits"] == 0 and again["message"].startswith("Nothing to merge")
    assert deleted["work"] is None and deleted["message"] == "Agent 'left' deleted successfully"


async def test_fast_forward_and_rebase_as_the_fleet_file_says(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    async with Client(fleet_server(tmp_path, repo, sqlite_url, merge="fast-forward")) as c:
        await make(c, "ff", "write=one.txt=1")
        await make(c, "late", "write=two.txt=2")
        forwarded = await call(c, "merge_agent_work", {"agent_name": "ff"})
        behind = await call_error(c, "merge_agent_work", {"agent_name": "late"}, "CONFLICT")
    assert forwarded["strategy"] == "fast-forward"
    assert git(repo, "rev-parse", "main") == git(repo, "rev-parse", "fleet/ff")
    assert behind["message"].startswith(
        "Cannot fast-forward 'main' to agent 'late': 'main' has 1 commit(s) its branch has not"
    )
    async with Client(fleet_server(tmp_path, repo, sqlite_url, merge="rebase")) as c:
        rebased = await call(c, "merge_agent_work", {"agent_name": "late"})
    # The agent's commit replayed on main: a straight line, its branch and worktree along.
    assert rebased["strategy"] == "rebase" and rebased["commits"] == 1
    assert git(repo, "log", "--format=%P", "-1", "main") == git(repo, "rev-parse", "fleet/ff")
    assert git(repo, "rev-parse", "fleet/late") == git(repo, "rev-parse", "main")
    late = worktree_of(repo, "late")
    assert git(late, "status", "--porcelain") == "" and (late / "one.txt").exists()
    assert (repo / "two.txt").read_text() == "2\n"


FAKE_GH = """#!{python}
import json, sys
with open({log!r}, "a") as f:
    f.write(json.dumps(sys.argv[1:]) + "\\n")
print("Creating pull request for fleet/pr into main")
print("https://github.com/example/setup/pull/7")
"""


async def test_open_pull_request_pushes_the_branch_and_runs_gh(
    server: Server[Any], repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "--quiet", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    gh_log = tmp_path / "gh.log"
    gh = bin_dir / "gh"
    gh.write_text(FAKE_GH.format(python=sys.executable, log=str(gh_log)))
    gh.chmod(gh.stat().st_mode | stat.S_IXUSR)
    async with Client(server) as c:
        await make(c, "pr", "write=feature.txt=done")
        monkeypatch.setenv("PATH", "/usr/bin:/bin")  # git, and no gh
        no_gh = await call_error(
            c, "merge_agent_work", {"agent_name": "pr", "open_pull_request": True}, "INVALID_INPUT"
        )
        monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
        opened = await call(c, "merge_agent_work", {"agent_name": "pr", "open_pull_request": True})
    assert no_gh["message"].startswith("open_pull_request needs the GitHub CLI (gh) on PATH")
    assert opened["pull_request_url"] == "https://github.com/example/setup/pull/7"
    assert opened["message"] == (
        "Pull request opened for agent 'pr' into 'main': https://github.com/example/setup/pull/7"
    )
    assert opened["strategy"] is None and opened["commits"] == 1
    pushed = git(tmp_path, "--git-dir", str(remote), "rev-parse", "refs/heads/fleet/pr")
    assert pushed == git(repo, "rev-parse", "fleet/pr")
    (argv,) = [json.loads(line) for line in gh_log.read_text().splitlines()]
    assert argv[:6] == ["pr", "create", "--base", "main", "--head", "fleet/pr"]
    assert argv[6:8] == ["--title", "pr: write=feature.txt=done"]
    assert git(repo, "rev-parse", "main") != pushed  # nothing merged here


async def test_a_pull_request_needs_a_remote(
    server: Server[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gh").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "gh").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    async with Client(server) as c:
        await make(c, "lonely", "write=x.txt=x")
        refused = await call_error(
            c,
            "merge_agent_work",
            {"agent_name": "lonely", "open_pull_request": True},
            "INVALID_INPUT",
        )
    assert refused["message"] == (
        "open_pull_request needs a remote to push 'fleet/lonely' to: 'main' has none and there "
        "is no 'origin' (git remote add origin URL)"
    )


async def test_feedback_on_lines_of_the_diff_is_the_agents_next_task(
    server: Server[Any],
) -> None:
    async with Client(server) as c:
        await make(c, "fb", "write=app.py=print(1)")
        sent = await call(
            c,
            "send_agent_feedback",
            {
                "agent_name": "fb",
                "message": "Nice start.",
                "comments": [{"path": "app.py", "line": 1, "comment": "Print 2 instead."}],
            },
        )
        history = await call(c, "show_agent_task_history", {"agent_name": "fb"})
        bad = await call_error(
            c,
            "send_agent_feedback",
            {
                "agent_name": "fb",
                "comments": [
                    {"path": "nope.py", "line": 1, "comment": "x"},
                    {"path": "app.py", "line": 9, "comment": "y"},
                ],
            },
            "INVALID_INPUT",
        )
        empty = await call_error(c, "send_agent_feedback", {"agent_name": "fb"}, "INVALID_INPUT")
    assert sent["comments_sent"] == 1 and sent["queued"] is False
    assert sent["message"] == "Feedback (1 comment(s)) sent to agent 'fb' as its next task"
    task = history["tasks"][0]["message"]
    assert task == sent["task"]["message"]
    assert task.endswith("Nice start.\n\napp.py, line 1:\n    > print(1)\nPrint 2 instead.")
    assert bad["details"]["fields"] == {
        "comments[0].path": "'nope.py' is not a file of its diff (its files: app.py)",
        "comments[1].line": "line 9 of app.py is not in its diff (lines 1)",
    }
    assert "give comments or a message" in empty["message"]
    assert empty["details"]["fields"] == {"arguments": "give comments or a message"}


async def test_a_checkout_with_changes_in_the_way_refuses_and_nothing_moves(
    tmp_path: Path, repo: Path, sqlite_url: str
) -> None:
    async with Client(fleet_server(tmp_path, repo, sqlite_url, merge="rebase")) as c:
        await make(c, "first", "write=one.txt=1")
        await make(c, "second", "write=notes.txt=agent")
        await call(c, "merge_agent_work", {"agent_name": "first"})  # main moves on
        (repo / "notes.txt").write_text("mine, not committed\n")  # in the way of "second"
        main, second = git(repo, "rev-parse", "main"), git(repo, "rev-parse", "fleet/second")
        refused = await call_error(c, "merge_agent_work", {"agent_name": "second"}, "CONFLICT")
    assert refused["message"].startswith(f"Cannot move 'main' where it is checked out ({repo}): ")
    assert "would be overwritten by merge: notes.txt; commit or stash" in refused["message"]
    assert refused["message"].endswith("then merge again. 'main' was not changed")
    assert refused["details"]["files"] == ["notes.txt"]  # the files in the way, by name
    assert git(repo, "rev-parse", "main") == main
    assert git(repo, "rev-parse", "fleet/second") == second  # its commits not replayed either
    assert (repo / "notes.txt").read_text() == "mine, not committed\n"
