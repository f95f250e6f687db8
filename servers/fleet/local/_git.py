"""An agent's workspace on this machine: a git worktree on its own branch, or a copied folder.

- A git source gets ``git worktree add -b fleet/<name> <path> HEAD``; removing it removes the
  worktree and the branch.
- A plain folder is copied and the copy made a git repository with one commit, so that both
  kinds answer the same questions (what changed, which branch).
- Before a workspace is removed, everything done in it since it was made (commits, uncommitted
  changes and untracked files that are not ignored) is saved as one binary patch against the
  commit it started from, through a scratch index: the workspace's own index is not touched.

The server commits with its own identity (``fleet <fleet@localhost>``), never the user's.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import anyio
import anyio.to_thread

from servers._common.process import OUTPUT_LIMIT, run_command
from servers.fleet._checkpoint import IDENTITY
from servers.fleet._process import child_env

__all__ = [
    "GitError",
    "Workspace",
    "branch_exists",
    "is_git_repo",
    "lost_repository",
    "make_workspace",
    "remove_workspace",
    "restore_worktree",
    "run_git",
    "save_work",
    "staged_everything",
]

GIT_TIMEOUT_SECONDS = 60.0


class GitError(Exception):
    """A git command failed; the message is git's own first line of complaint."""


@dataclass(frozen=True)
class Workspace:
    path: Path
    branch: str | None  # None for a copied folder
    base_commit: str


async def run_git(*args: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    """git's standard output for ``args`` in ``cwd``; GitError with git's complaint otherwise."""
    done = await run_command(
        ["git", *IDENTITY, *args],
        cwd=cwd,
        timeout=GIT_TIMEOUT_SECONDS,
        env=child_env({"GIT_TERMINAL_PROMPT": "0", **(env or {})}),
    )
    if done.exit_code != 0:
        reason = next((ln.strip() for ln in done.stderr.splitlines() if ln.strip()), "")
        if done.timed_out:
            reason = f"timed out after {GIT_TIMEOUT_SECONDS:g} s"
        raise GitError(f"git {args[0]} failed: {reason or f'exit status {done.exit_code}'}")
    if done.truncated:  # what is cut off would be read as the whole answer
        raise GitError(f"git {args[0]} failed: its output is longer than {OUTPUT_LIMIT} bytes")
    return done.stdout


def is_git_repo(path: Path) -> Path | None:
    """The top folder of the git work tree ``path`` is in, or None."""
    try:
        done = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_SECONDS,
            env=child_env({"GIT_TERMINAL_PROMPT": "0"}),
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return Path(done.stdout.strip()) if done.returncode == 0 else None


async def make_workspace(source: Path, path: Path, branch: str) -> Workspace:
    """A worktree of ``source`` at ``path`` on a new ``branch`` (or a copy of a plain folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if await anyio.to_thread.run_sync(is_git_repo, source) is not None:
        await run_git("worktree", "add", "--quiet", "-b", branch, str(path), "HEAD", cwd=source)
        base = (await run_git("rev-parse", "HEAD", cwd=path)).strip()
        return Workspace(path, branch, base)
    await anyio.to_thread.run_sync(_copy, source, path)
    await run_git("init", "--quiet", "--initial-branch", branch, cwd=path)
    await run_git("add", "--all", cwd=path)
    await run_git("commit", "--quiet", "--allow-empty", "-m", f"fleet: copy of {source}", cwd=path)
    base = (await run_git("rev-parse", "HEAD", cwd=path)).strip()
    return Workspace(path, None, base)


def _copy(source: Path, path: Path) -> None:
    shutil.copytree(source, path, symlinks=True)


@asynccontextmanager
async def staged_everything(path: Path) -> AsyncIterator[dict[str, str]]:
    """An environment whose git index (a scratch copy) has every change of the work tree at
    ``path`` staged: changed, new (not ignored) and deleted files. The work tree's own index is
    not touched."""
    with tempfile.TemporaryDirectory(prefix="fleet-index-") as scratch:
        index = Path(scratch) / "index"
        own_index = Path((await run_git("rev-parse", "--git-path", "index", cwd=path)).strip())
        if not own_index.is_absolute():
            own_index = path / own_index
        if own_index.is_file():  # a copy keeps its stat data: only changed files are hashed
            await anyio.to_thread.run_sync(shutil.copyfile, own_index, index)
        env = {"GIT_INDEX_FILE": str(index)}
        await run_git("add", "--all", cwd=path, env=env)
        yield env


async def save_work(workspace: Workspace, patch_file: Path, source: Path) -> int:
    """Save what changed in the workspace since its base commit; the number of files changed.
    A worktree removed by hand leaves its branch: what the branch holds is saved from
    ``source``'s repository.

    Nothing is written when nothing changed (0).
    """
    if not (workspace.path / ".git").exists():
        return await _save_branch(workspace, patch_file, source)
    async with staged_everything(workspace.path) as env:
        names = await run_git(
            "diff", "--cached", "--name-only", workspace.base_commit, cwd=workspace.path, env=env
        )
        changed = len([n for n in names.splitlines() if n.strip()])
        if not changed:
            return 0
        # git writes the patch itself: however large, it never passes through a pipe's limit.
        patch_file.parent.mkdir(parents=True, exist_ok=True)
        await run_git(
            "diff",
            "--cached",
            "--binary",
            f"--output={patch_file.absolute()}",
            workspace.base_commit,
            cwd=workspace.path,
            env=env,
        )
    return changed


async def _save_branch(workspace: Workspace, patch_file: Path, source: Path) -> int:
    """Save what the workspace's branch holds since its base commit (its worktree is gone)."""
    ref = f"refs/heads/{workspace.branch}"
    if workspace.branch is None or not source.is_dir():
        return 0
    if not (await run_git("for-each-ref", ref, cwd=source)).strip():
        return 0
    names = await run_git("diff", "--name-only", workspace.base_commit, ref, cwd=source)
    changed = len([n for n in names.splitlines() if n.strip()])
    if changed:
        patch_file.parent.mkdir(parents=True, exist_ok=True)
        out = f"--output={patch_file.absolute()}"
        await run_git("diff", "--binary", out, workspace.base_commit, ref, cwd=source)
    return changed


async def remove_workspace(source: Path, workspace: Workspace) -> None:
    """Remove the worktree (or copy) and its branch; what is already gone is not an error."""
    if workspace.branch is not None:
        if workspace.path.exists():
            try:
                await run_git(
                    "worktree", "remove", "--force", "--force", str(workspace.path), cwd=source
                )
            except GitError:
                await anyio.to_thread.run_sync(_rmtree, workspace.path)
        await run_git("worktree", "prune", cwd=source)
        branches = await run_git("branch", "--list", workspace.branch, cwd=source)
        if branches.strip():
            await run_git("branch", "-D", workspace.branch, cwd=source)
    else:
        await anyio.to_thread.run_sync(_rmtree, workspace.path)


def _rmtree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


async def restore_worktree(source: Path, path: Path, branch: str) -> None:
    """Make again at ``path`` the worktree of ``branch``, removed by hand (the branch is kept)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    await run_git("worktree", "prune", cwd=source)
    await run_git("worktree", "add", "--quiet", str(path), branch, cwd=source)


def lost_repository(worktree: Path) -> str | None:
    """The git folder a worktree's ``.git`` file names when that folder is gone (its repository
    was moved or deleted): what ``git worktree repair`` fixes. None otherwise."""
    try:
        text = (worktree / ".git").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:  # no worktree, or a .git folder: its own repository
        return None
    if not text.startswith("gitdir:"):
        return None
    gitdir = Path(text.removeprefix("gitdir:").strip())
    if not gitdir.is_absolute():
        gitdir = worktree / gitdir
    return None if gitdir.exists() else str(gitdir)


async def branch_exists(source: Path, branch: str) -> bool:
    if await anyio.to_thread.run_sync(is_git_repo, source) is None:
        return False
    return bool((await run_git("branch", "--list", branch, cwd=source)).strip())


async def checked_out_at(source: Path, branch: str) -> str | None:
    """The worktree of ``source``'s repository where ``branch`` is checked out, or None."""
    listed = await run_git("worktree", "list", "--porcelain", cwd=source)
    path = None
    for line in listed.splitlines():
        if line.startswith("worktree "):
            path = line.removeprefix("worktree ")
        elif line == f"branch refs/heads/{branch}":
            return path
    return None
