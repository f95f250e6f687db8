"""An agent's workspace changed by hand behind the fleet's back: its worktree removed (`git
worktree remove`, or `rm -rf` and `git worktree prune`), its branch deleted, its repository
moved. The work is never lost, and every refusal says what happened and what to do. Real git,
real supervisors, the test agent (agent.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server import Server

from tests._processes import live_processes
from tests.servers.fleet.conftest import (
    call,
    call_error,
    git,
    wait_log,
    wait_status,
    worktree_of,
)

pytestmark = pytest.mark.processes


async def _agent_with_a_commit(c: Client, repo: Path, name: str) -> tuple[Path, str]:
    """An idle agent whose task left one checkpoint commit: its worktree and that commit."""
    await call(c, "create_agent", {"name": name, "project": "Setup", "task": "touch=work.txt"})
    await wait_status(c, name, "idle")
    worktree = worktree_of(repo, name)
    return worktree, git(worktree, "log", "-1", "--format=%h")


@pytest.mark.parametrize("how", ["git worktree remove", "rm -rf and git worktree prune"])
async def test_a_worktree_removed_by_hand_leaves_its_branch_whose_commits_delete_keeps(
    server: Server[Any], repo: Path, how: str
) -> None:
    """The branch holds the agent's commits: delete refuses without force, names them and
    what happened; with force they are kept in a patch that applies."""
    async with Client(server) as c:
        worktree, commit = await _agent_with_a_commit(c, repo, "wt")
        if how == "git worktree remove":
            git(repo, "worktree", "remove", "--force", str(worktree))
        else:
            shutil.rmtree(worktree)
            git(repo, "worktree", "prune")
        assert git(repo, "log", "-1", "--format=%h", "fleet/wt") == commit
        dry = await call(c, "delete_agent", {"agent_name": "wt", "dry_run": True})
        refused = await call_error(c, "delete_agent", {"agent_name": "wt"}, "CONFLICT")
        kept = git(repo, "branch", "--list", "fleet/wt")
        deleted = await call(c, "delete_agent", {"agent_name": "wt", "force": True})
    said = f"1 commit(s) on no other branch ({commit} fleet: checkpoint after 'touch=work.txt')"
    gone = (
        f"its worktree {worktree} is gone, removed by hand?; its branch fleet/wt holds its commits"
    )
    assert dry["message"] == (
        f"Agent 'wt' would be deleted; it would lose {said} (refused without force) ({gone})"
    )
    assert [c["id"] for c in dry["work"]["commits"]] == [commit] and dry["work"]["known"]
    prefix = "Agent 'wt' holds work that is on no other branch: "
    assert refused["message"].startswith(prefix + said)
    assert f"({gone})" in refused["message"] and refused["details"]["commits"] == [commit]
    assert kept.strip() == "fleet/wt"
    assert deleted["patch"] and "fleet/wt" not in git(repo, "branch", "--list")
    patch = Path(deleted["patch"])
    assert "work.txt" in patch.read_text()
    subprocess.run(["git", "apply", "--check", str(patch)], cwd=repo, check=True)


async def test_a_branch_deleted_by_hand_leaves_the_worktrees_head_which_delete_reads(
    server: Server[Any], repo: Path
) -> None:
    """Its worktree detached and its branch deleted: the worktree's HEAD holds the commits;
    the dry run says so, delete refuses, force keeps them in a patch."""
    async with Client(server) as c:
        worktree, commit = await _agent_with_a_commit(c, repo, "h1")
        git(worktree, "checkout", "--quiet", "--detach")
        git(repo, "branch", "-D", "fleet/h1")
        (worktree / "more.txt").write_text("more\n")
        merge = await call_error(c, "merge_agent_work", {"agent_name": "h1"}, "INVALID_INPUT")
        dry = await call(c, "delete_agent", {"agent_name": "h1", "dry_run": True})
        refused = await call_error(c, "delete_agent", {"agent_name": "h1"}, "CONFLICT")
        deleted = await call(c, "delete_agent", {"agent_name": "h1", "force": True})
    gone = (
        "(its branch fleet/h1 is gone, deleted by hand?; its worktree's HEAD holds its commits: "
        f"git -C {worktree} switch -c fleet/h1 makes the branch again)"
    )
    assert merge["message"] == (
        "Cannot merge agent 'h1': its repository has no refs/heads/fleet/h1 (deleted by hand?; "
        f"its worktree's HEAD holds its work: git -C {worktree} switch -c fleet/h1 makes the "
        "branch again)"
    )
    # The merge committed what the worktree held first (its checkpoint), on the worktree's HEAD.
    assert dry["message"].endswith(gone) and dry["work"]["files"] == []
    assert dry["work"]["commits"][0]["id"] == commit
    assert len(dry["work"]["commits"]) == 2
    assert gone in refused["message"]
    text = Path(deleted["patch"]).read_text()
    assert "work.txt" in text and "more.txt" in text
    assert not worktree.exists()


async def test_a_moved_repository_is_said_with_its_fix(
    tmp_path: Path, repo: Path, fleet_file: Path, sqlite_url: str
) -> None:
    """The project's folder moved: a new agent is refused naming the source in the fleet
    file's words; after the server follows the move, the worktree's lost link is said with
    `git worktree repair`, which makes it work again with nothing lost."""
    from servers.fleet.tools import create_server
    from tests.servers.fleet.conftest import agent_role, fleet_settings, write_fleet

    async with Client(create_server(fleet_settings(tmp_path, fleet_file, sqlite_url))) as c:
        worktree, _ = await _agent_with_a_commit(c, repo, "mv1")
        (worktree / "pending.txt").write_text("not committed\n")
        moved = repo.with_name("setup-moved")
        repo.rename(moved)
        refused = await call_error(
            c, "create_agent", {"name": "new", "project": "Setup", "task": "x"}, "INVALID_INPUT"
        )
    assert refused["message"] == (
        f"Cannot make agents in project 'Setup': projects.Setup.source: {repo} is not a folder "
        f"(moved or deleted?); correct it in the fleet file {fleet_file} and restart the server"
    )
    followed = write_fleet(
        tmp_path / "fleet2.yaml",
        {"Setup": {"source": str(moved), "roles": {"coder": agent_role()}}},
    )
    async with Client(create_server(fleet_settings(tmp_path, followed, sqlite_url))) as c:
        diff = await call_error(c, "show_agent_diff", {"agent_name": "mv1"}, "INVALID_INPUT")
        task = {"agent_name": "mv1", "task_description": "touch=after-move.txt"}
        await call(c, "start_agent_task", task)
        after_task = await wait_status(c, "mv1", "idle")
        delete = await call_error(
            c, "delete_agent", {"agent_name": "mv1", "force": True}, "INVALID_INPUT"
        )
        git(moved, "worktree", "repair", str(worktree))
        repaired = await call(c, "show_agent_diff", {"agent_name": "mv1"})
    fix = f"run `git worktree repair {worktree}` in the repository where it is now, then try again"
    assert diff["message"].startswith("Cannot read the diff of 'mv1': its worktree ")
    assert diff["message"].endswith(fix) and "was the repository moved?" in diff["message"]
    assert delete["message"].startswith("Cannot tell what the worktree of 'mv1' holds: ")
    assert delete["message"].endswith(fix)
    assert after_task["attention_reason"].startswith("checkpoint failed: the task exited with ")
    assert after_task["attention_reason"].endswith(
        f"; the work is uncommitted in its worktree (was the repository moved? run `git worktree "
        f"repair {worktree}` in it)"
    )
    assert repaired["uncommitted_files"] == ["after-move.txt", "pending.txt"]


async def test_a_task_whose_checkpoint_failed_needs_its_user_and_says_why(
    server: Server[Any], repo: Path
) -> None:
    """A task that exited 0 but whose checkpoint commit failed is no clean 'finished': its
    work is only in the worktree, and the attention says so with git's reason."""
    async with Client(server) as c:
        worktree, _ = await _agent_with_a_commit(c, repo, "ck")
        lock = Path(git(worktree, "rev-parse", "--absolute-git-dir")) / "index.lock"
        lock.write_text("")
        task = {"agent_name": "ck", "task_description": "touch=later.txt"}
        await call(c, "start_agent_task", task)
        agent = await wait_status(c, "ck", "idle")
    assert agent["needs_user_attention"] is True
    reason = agent["attention_reason"]
    assert reason.startswith(
        "checkpoint failed: the task exited with status 0, but what it left could not be "
        f"committed on its branch: fatal: Unable to create '{lock}': File exists."
    )
    assert reason.endswith("; the work is uncommitted in its worktree")
    assert (worktree / "later.txt").exists()


async def test_restart_makes_a_worktree_removed_by_hand_again_from_its_branch(
    server: Server[Any], repo: Path
) -> None:
    """A task on an agent with no worktree is refused saying what to do; restart makes the
    worktree again from the branch, with its commits, and the next task runs there."""
    async with Client(server) as c:
        worktree, commit = await _agent_with_a_commit(c, repo, "wt1")
        git(repo, "worktree", "remove", "--force", str(worktree))
        shown = await call(c, "show_agent", {"agent_name": "wt1"})
        task = {"agent_name": "wt1", "task_description": "touch=next.txt"}
        refused = await call_error(c, "start_agent_task", task, "INVALID_INPUT")
        dry = await call(c, "restart_agent", {"agent_name": "wt1", "dry_run": True})
        restarted = await call(c, "restart_agent", {"agent_name": "wt1"})
        back = git(worktree, "log", "-1", "--format=%h")
        await call(c, "start_agent_task", task)
        await wait_status(c, "wt1", "idle")
        ran_there = (worktree / "next.txt").exists()
        # Its branch gone too: nothing to make it from, and restart says so.
        git(repo, "worktree", "remove", "--force", str(worktree))
        git(repo, "branch", "-D", "fleet/wt1")
        cannot = await call_error(c, "restart_agent", {"agent_name": "wt1"}, "INVALID_INPUT")
    assert (shown["agent"]["needs_user_attention"], shown["agent"]["attention_reason"]) == (
        True,
        f"its workspace {worktree} is gone (removed by hand?): restart it to make it again from "
        "its branch fleet/wt1, or delete it",
    )
    assert refused["message"] == (
        f"Cannot start the task of 'wt1': its workspace {worktree} is gone (removed by hand?): "
        "restart_agent makes it again from its branch fleet/wt1, or delete_agent deletes the "
        "agent, keeping its work"
    )
    assert dry["message"] == (
        f"Agent 'wt1' would be restarted; nothing runs; its worktree {worktree} is gone: it would "
        "be made again from its branch fleet/wt1"
    )
    assert restarted["message"] == (
        "Agent 'wt1' restart initiated; its worktree, gone, was made again from its branch "
        "fleet/wt1"
    )
    assert back == commit and ran_there
    assert cannot["message"] == (
        f"Cannot restart agent 'wt1': its workspace {worktree} is gone (removed by hand?) and "
        "its branch fleet/wt1 is gone too, so there is nothing to make it again from; delete it "
        "(delete_agent)"
    )


async def test_restart_still_stops_a_task_whose_workspace_cannot_be_made_again(
    server: Server[Any], repo: Path, tmp_path: Path
) -> None:
    """Worktree and branch both gone while a task runs: restart stops the task (that is
    what restart is for) and says the workspace cannot be made again."""
    marker = f"orphan-{tmp_path.name}"
    async with Client(server) as c:
        task = {"name": "w2", "project": "Setup", "task": f"lines=0 block {marker}"}
        await call(c, "create_agent", task)
        await wait_log(c, "w2", "waiting")
        worktree = worktree_of(repo, "w2")
        shutil.rmtree(worktree)
        git(repo, "worktree", "prune")
        git(repo, "branch", "-D", "fleet/w2")
        restarted = await call(c, "restart_agent", {"agent_name": "w2"})
    assert restarted["message"] == (
        f"Agent 'w2' restart initiated; its workspace {worktree} is gone (removed by hand?) and "
        "its branch fleet/w2 is gone too, so there is nothing to make it again from; delete it "
        "(delete_agent)"
    )
    assert live_processes(marker) == []
