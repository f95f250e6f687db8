"""The checkpoint commit that ends every task: what the agent left in its worktree (changed,
new and deleted files; ignored ones stay out) committed on its branch, so that nothing it did
lives only in a working tree.

The supervisor makes it when the task ends (whatever way), the server when it stops a task
whose supervisor is gone. The commit has the fleet's own identity (``fleet
<fleet@localhost>``, never the user's), skips the repository's hooks (a task's end is not the
place for a linter to refuse), and is not made when nothing changed. Standard library only: the
supervisor imports this module.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["IDENTITY", "Checkpoint", "checkpoint", "checkpoint_message"]

IDENTITY = [
    *("-c", "user.name=fleet", "-c", "user.email=fleet@localhost"),
    *("-c", "commit.gpgsign=false"),
]
TIMEOUT_SECONDS = 60.0
_SUBJECT_LENGTH = 60


@dataclass(frozen=True)
class Checkpoint:
    """What the checkpoint did: the commit (short id) and how many files it holds, or why none
    was made (``error``; no commit and no error: nothing had changed)."""

    commit: str | None = None
    files: int = 0
    error: str | None = None
    skipped: bool = False  # not a workspace: no .git at its top

    def describe(self) -> str:
        if self.error is not None:
            return f"checkpoint failed: {self.error}"
        if self.commit is None:
            return "checkpoint: nothing changed"
        files = "1 file" if self.files == 1 else f"{self.files} files"
        return f"checkpoint: {files} committed as {self.commit}"


def checkpoint_message(task: str, ending: str) -> str:
    """The commit message for the checkpoint of ``task``, which ended as ``ending``."""
    first = next((ln.strip() for ln in task.splitlines() if ln.strip()), "")
    if len(first) > _SUBJECT_LENGTH:
        first = first[: _SUBJECT_LENGTH - 3] + "..."
    return f"fleet: checkpoint after '{first}'\n\nThe task {ending}.\n\nTask:\n{task[:4000]}\n"


def _git(worktree: Path, env: Mapping[str, str] | None, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", *IDENTITY, *args],
        cwd=worktree,
        env={**(os.environ if env is None else env), "GIT_TERMINAL_PROMPT": "0"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
    )


def checkpoint(worktree: Path, message: str, env: Mapping[str, str] | None = None) -> Checkpoint:
    """Commit everything changed in ``worktree`` (never raises: a failure is ``error``); a
    folder that is not the top of a git work tree is skipped."""
    if not (worktree / ".git").exists():
        return Checkpoint(skipped=True)
    try:
        status = _git(worktree, env, "status", "--porcelain", "--untracked-files=all")
        if status.returncode != 0:
            return Checkpoint(error=_reason(status))
        files = len([ln for ln in status.stdout.splitlines() if ln.strip()])
        if files == 0:
            return Checkpoint()
        for args in (("add", "--all"), ("commit", "--quiet", "--no-verify", "-m", message)):
            done = _git(worktree, env, *args)
            if done.returncode != 0:
                return Checkpoint(error=_reason(done))
        head = _git(worktree, env, "rev-parse", "--short", "HEAD")
        return Checkpoint(commit=head.stdout.strip() or None, files=files)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Checkpoint(error=f"git could not run ({type(exc).__name__})")


def _reason(done: subprocess.CompletedProcess) -> str:
    text = (done.stderr or done.stdout or "").strip()
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return first[:200] or f"git exited with status {done.returncode}"
