"""Reviewing and landing a local agent's work, with git: its diff, what only its worktree holds,
the merge back into its base branch, and the pull request.

- **Diff**: everything since the commit it started from, commits and uncommitted changes alike
  (through a scratch index, :func:`~servers.fleet.local._git.staged_everything`), file by file.
- **Work at risk**: the commits of its branch and of its worktree's HEAD that no other branch,
  remote-tracking branch or tag holds, and the files changed and not committed; a branch or
  worktree removed by hand leaves the other to be read.
- **Merge** into the base branch (the branch the agent started from, or the project's
  ``base_branch``), as the project's ``merge`` says: ``fast-forward`` (refused when the base moved
  on), ``rebase`` (the agent's commits replayed on the base, in a scratch worktree; its branch
  follows) or ``merge`` (a merge commit). The result is computed without touching any working
  tree (``git merge-tree``); a conflict refuses with the files named and nothing changed. Then
  the base branch moves: by ``git merge --ff-only`` in the worktree that has it checked out (so
  that checkout follows; its uncommitted changes in other files stay), else by a compare-and-swap
  of the ref.
- **Pull request**: the branch pushed to the base branch's remote (else ``origin``) and ``gh pr
  create`` run in the project's repository.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Literal, cast

import anyio

from servers._common.process import Completed, run_command
from servers.fleet._checkpoint import IDENTITY
from servers.fleet._process import child_env
from servers.fleet.backend import Merged
from servers.fleet.errors import ConflictError, InvalidInputError, ServiceUnavailableError
from servers.fleet.local._git import GIT_TIMEOUT_SECONDS, GitError, run_git, staged_everything
from servers.fleet.models import Commit, DiffFile, MergeStrategy, WorkAtRisk

__all__ = [
    "PATCH_LIMIT",
    "Landing",
    "at_risk",
    "diff_files",
    "has_branch",
    "log_commits",
    "uncommitted",
]

PATCH_LIMIT = 100_000  # characters of one file's patch shown; the rest is cut
GH_TIMEOUT_SECONDS = 120.0
_SEP = "\x1f"
_STATUS: dict[str, str] = {
    "A": "added",
    "M": "modified",
    "D": "deleted",
    "R": "renamed",
    "C": "copied",
    "T": "type-changed",
}


async def _raw(*args: str, cwd: Path, env: dict[str, str] | None = None) -> Completed:
    """git's whole answer, whatever its exit status (merge-tree says "conflict" with 1)."""
    return await run_command(
        ["git", *IDENTITY, *args],
        cwd=cwd,
        timeout=GIT_TIMEOUT_SECONDS,
        env=child_env({"GIT_TERMINAL_PROMPT": "0", "GIT_EDITOR": "true", **(env or {})}),
    )


async def log_commits(cwd: Path, rev: str, *exclude: str) -> list[Commit]:
    """The commits of ``rev`` that none of ``exclude`` has (git's ``--not`` arguments), oldest
    first."""
    return await _log(cwd, [rev], list(exclude))


async def _log(cwd: Path, revs: list[str], exclude: list[str]) -> list[Commit]:
    out = await run_git(
        "log", "--reverse", f"--format=%h{_SEP}%s{_SEP}%cI", *revs, "--not", *exclude, cwd=cwd
    )
    commits = []
    for line in out.splitlines():
        short, subject, when = line.split(_SEP, 2)
        commits.append(Commit(id=short, subject=subject, created_at=datetime.fromisoformat(when)))
    return commits


async def uncommitted(path: Path) -> list[str]:
    """The files of the work tree at ``path`` changed, added or deleted and not committed."""
    out = await run_git("status", "--porcelain", "-z", "--untracked-files=all", cwd=path)
    tokens = out.split("\0")
    files: list[str] = []
    i = 0
    while i < len(tokens):
        entry = tokens[i]
        i += 1
        if len(entry) < 4:
            continue
        files.append(entry[3:])
        if entry[0] in "RC":
            i += 1  # the name it had
    return files


async def at_risk(source: Path, path: Path, branch: str, base_commit: str) -> WorkAtRisk:
    """What only this agent holds: the commits of its ``branch`` and of its worktree's HEAD
    (either may be gone, removed by hand) that no other branch, remote branch or tag has, and
    the worktree's uncommitted files. With no worktree, the branch is read in ``source``."""
    worktree = (path / ".git").exists()
    cwd = path if worktree else source
    if not worktree and (not source.is_dir() or not await has_branch(source, branch)):
        return WorkAtRisk(commits=[], files=[])
    heads = ["HEAD"] if worktree else []
    if await has_branch(cwd, branch):
        heads.append(f"refs/heads/{branch}")
    others = [f"--exclude={branch}", "--branches", "--remotes", "--tags", base_commit]
    commits = await _log(cwd, heads, others) if heads else []
    return WorkAtRisk(commits=commits, files=await uncommitted(path) if worktree else [])


async def has_branch(cwd: Path, branch: str) -> bool:
    """Whether the repository of ``cwd`` has ``branch``; GitError when ``cwd`` is in none."""
    done = await _raw("show-ref", "--verify", "--quiet", f"refs/heads/{branch}", cwd=cwd)
    if done.exit_code not in (0, 1):
        reason = next((ln.strip() for ln in done.stderr.splitlines() if ln.strip()), "")
        raise GitError(f"git show-ref failed: {reason or f'exit status {done.exit_code}'}")
    return done.exit_code == 0


async def diff_files(path: Path, base_commit: str) -> list[DiffFile]:
    """Every file changed in the work tree at ``path`` since ``base_commit``, committed or not."""
    async with staged_everything(path) as env:
        names = await run_git(
            "diff", "--cached", "-M", "--name-status", "-z", base_commit, cwd=path, env=env
        )
        counts = await run_git(
            "diff", "--cached", "-M", "--numstat", "-z", base_commit, cwd=path, env=env
        )
        with tempfile.TemporaryDirectory(prefix="fleet-diff-") as scratch:
            out = Path(scratch) / "diff"
            await run_git(
                "diff", "--cached", "-M", f"--output={out}", base_commit, cwd=path, env=env
            )
            text = await anyio.to_thread.run_sync(
                lambda: out.read_text(encoding="utf-8", errors="replace")
            )
    entries = _name_status(names)
    stats = _numstat(counts)
    patches = _split_patches(text)
    files = []
    for index, (status, old_path, new_path) in enumerate(entries):
        added, deleted = stats[index] if index < len(stats) else (None, None)
        patch = patches[index] if index < len(patches) else ""
        files.append(
            DiffFile(
                path=new_path,
                old_path=old_path,
                status=cast(
                    Literal["added", "modified", "deleted", "renamed", "copied", "type-changed"],
                    _STATUS.get(status[:1], "modified"),
                ),
                insertions=added or 0,
                deletions=deleted or 0,
                binary=added is None,
                patch=patch[:PATCH_LIMIT],
                truncated=len(patch) > PATCH_LIMIT,
            )
        )
    return files


def _name_status(out: str) -> list[tuple[str, str | None, str]]:
    tokens = out.split("\0")
    entries: list[tuple[str, str | None, str]] = []
    i = 0
    while i < len(tokens) and tokens[i]:
        status = tokens[i]
        if status[:1] in "RC":
            entries.append((status, tokens[i + 1], tokens[i + 2]))
            i += 3
        else:
            entries.append((status, None, tokens[i + 1]))
            i += 2
    return entries


def _numstat(out: str) -> list[tuple[int | None, int | None]]:
    tokens = out.split("\0")
    stats: list[tuple[int | None, int | None]] = []
    i = 0
    while i < len(tokens) and tokens[i]:
        added, deleted, name = tokens[i].split("\t", 2)
        i += 1 if name else 3  # a rename: its two names follow
        stats.append(
            (int(added), int(deleted)) if added != "-" else (None, None)  # "-": binary
        )
    return stats


def _split_patches(text: str) -> list[str]:
    patches: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("diff --git ") or not patches:
            patches.append("")
        patches[-1] += line
    return [p for p in patches if p.startswith("diff --git ")]


# --- landing ---------------------------------------------------------------------------------


class Landing:
    """Landing one agent's branch in its project's repository."""

    def __init__(
        self, source: Path, worktree: Path, branch: str, base_branch: str, agent_name: str
    ) -> None:
        self.source = source
        self.worktree = worktree
        self.branch = branch
        self.base = base_branch
        self.name = agent_name

    async def _rev(self, ref: str) -> str:
        try:
            return (await run_git("rev-parse", "--verify", "--quiet", ref, cwd=self.source)).strip()
        except GitError as exc:
            branch = ref.removeprefix("refs/heads/")
            fix = (
                f" (deleted by hand?; its worktree's HEAD holds its work: git -C {self.worktree} "
                f"switch -c {branch} makes the branch again)"
                if branch == self.branch and (self.worktree / ".git").exists()
                else ""
            )
            raise InvalidInputError(
                f"Cannot merge agent '{self.name}': its repository has no {ref}{fix}",
                agent_name=self.name,
            ) from exc

    async def _is_ancestor(self, older: str, newer: str) -> bool:
        done = await _raw("merge-base", "--is-ancestor", older, newer, cwd=self.source)
        return done.exit_code == 0

    async def merge(self, strategy: MergeStrategy) -> Merged:
        base_tip = await self._rev(f"refs/heads/{self.base}")
        tip = await self._rev(f"refs/heads/{self.branch}")
        if await self._is_ancestor(tip, base_tip):
            return Merged(self.name, self.base, strategy, base_tip, 0)
        count = len(await log_commits(self.source, tip, base_tip))
        fast_forward = await self._is_ancestor(base_tip, tip)
        if strategy == "fast-forward" and not fast_forward:
            behind = len(await log_commits(self.source, base_tip, tip))
            raise ConflictError(
                f"Cannot fast-forward '{self.base}' to agent '{self.name}': '{self.base}' has "
                f"{behind} commit(s) its branch has not; set merge: rebase or merge for the "
                "project in the fleet file, or rebase the agent's work",
                agent_name=self.name,
                base_branch=self.base,
            )
        rebased = strategy == "rebase" and not fast_forward
        if strategy == "merge":
            new = await self._merge_commit(base_tip, tip)
        elif rebased:
            new = await self._rebased(base_tip, tip)
        else:
            new = tip
        await self._move_base(base_tip, new)
        if rebased:  # the agent's branch (and its clean worktree) follow its replayed commits
            await run_git("reset", "--quiet", "--keep", new, cwd=self.worktree)
        return Merged(self.name, self.base, strategy, new, count)

    def _conflict(self, files: list[str]) -> ConflictError:
        return ConflictError(
            f"Agent '{self.name}' does not merge cleanly into '{self.base}': "
            f"{len(files)} file(s) conflict ({', '.join(files)}); nothing was changed. Give it "
            "a task to bring its branch up to date with the base branch, then merge again",
            agent_name=self.name,
            base_branch=self.base,
            conflicts=files,
        )

    async def _merge_commit(self, base_tip: str, tip: str) -> str:
        done = await _raw(
            "merge-tree", "--write-tree", "--name-only", "--no-messages", base_tip, tip,
            cwd=self.source,
        )  # fmt: skip
        lines = [ln for ln in done.stdout.splitlines() if ln.strip()]
        if done.exit_code == 1:
            raise self._conflict(lines[1:])
        if done.exit_code != 0 or not lines:
            raise GitError(f"git merge-tree failed: {done.stderr.strip()[:200]}")
        subjects = "\n".join(
            f"- {c.subject}" for c in await log_commits(self.source, tip, base_tip)
        )
        message = f"Merge fleet agent '{self.name}' ({self.branch}) into {self.base}\n\n{subjects}"
        out = await run_git(
            "commit-tree", lines[0], "-p", base_tip, "-p", tip, "-m", message, cwd=self.source
        )
        return out.strip()

    async def _rebased(self, base_tip: str, tip: str) -> str:
        """The agent's commits replayed on ``base_tip``, in a scratch worktree (no branch and no
        working tree of anyone's is touched)."""
        scratch = Path(tempfile.mkdtemp(prefix="fleet-rebase-")) / "tree"
        try:
            await run_git("worktree", "add", "--detach", "--quiet", str(scratch), tip,
                          cwd=self.source)  # fmt: skip
            done = await _raw("rebase", "--quiet", base_tip, cwd=scratch)
            if done.exit_code != 0:
                conflicted = await _raw("diff", "--name-only", "--diff-filter=U", cwd=scratch)
                await _raw("rebase", "--abort", cwd=scratch)
                files = [ln for ln in conflicted.stdout.splitlines() if ln.strip()]
                raise self._conflict(files or ["(git did not name them)"])
            new = (await run_git("rev-parse", "HEAD", cwd=scratch)).strip()
        finally:
            await _raw("worktree", "remove", "--force", str(scratch), cwd=self.source)
            await anyio.to_thread.run_sync(shutil.rmtree, scratch.parent, True)
        return new

    async def _checked_out_at(self) -> Path | None:
        """The worktree that has the base branch checked out, if one has."""
        listing = await run_git("worktree", "list", "--porcelain", cwd=self.source)
        for entry in listing.split("\n\n"):
            fields = dict(ln.split(" ", 1) for ln in entry.splitlines() if " " in ln)
            if fields.get("branch") == f"refs/heads/{self.base}" and "bare" not in entry:
                return Path(fields["worktree"])
        return None

    async def _move_base(self, old: str, new: str) -> None:
        checkout = await self._checked_out_at()
        if checkout is None:
            await run_git("update-ref", f"refs/heads/{self.base}", new, old, cwd=self.source)
            return
        done = await _raw("merge", "--ff-only", "--quiet", new, cwd=checkout)
        if done.exit_code != 0:
            # git's first line says why, the files in the way follow it a line each, indented
            said = done.stderr.splitlines()
            reason = next((ln.strip() for ln in said if ln.strip()), "").removeprefix("error: ")
            files = [ln.strip() for ln in said if ln.startswith("\t") and ln.strip()]
            if files:
                reason = f"{reason.rstrip(':')}: {', '.join(files)}"
            raise ConflictError(
                f"Cannot move '{self.base}' where it is checked out ({checkout}): {reason}"
                f"; commit or stash the changes there, then merge again. '{self.base}' was not "
                "changed",
                agent_name=self.name,
                base_branch=self.base,
                files=files,
            )

    async def open_pull_request(self, title: str, body: str) -> Merged:
        path = child_env().get("PATH", os.defpath)
        gh = shutil.which("gh", path=path)
        if gh is None:
            raise InvalidInputError(
                "open_pull_request needs the GitHub CLI (gh) on PATH; install it and sign in "
                "(gh auth login), or merge here instead",
                agent_name=self.name,
            )
        remote = await self._remote()
        tip = await self._rev(f"refs/heads/{self.branch}")
        base_tip = await self._rev(f"refs/heads/{self.base}")
        count = len(await log_commits(self.source, tip, base_tip))
        pushed = await _raw(
            "push", "--quiet", remote, f"refs/heads/{self.branch}:refs/heads/{self.branch}",
            cwd=self.source,
        )  # fmt: skip
        if pushed.exit_code != 0:
            raise ServiceUnavailableError(
                f"Cannot push '{self.branch}' to '{remote}': {_first(pushed.stderr)}",
                agent_name=self.name,
            )
        argv = [gh, "pr", "create", "--base", self.base, "--head", self.branch]
        done = await run_command(
            [*argv, "--title", title, "--body", body],
            cwd=self.source,
            timeout=GH_TIMEOUT_SECONDS,
            env=child_env({"GH_PROMPT_DISABLED": "1"}),
        )
        if done.exit_code != 0:
            raise ServiceUnavailableError(
                f"gh pr create failed for '{self.branch}' (it is pushed to '{remote}'): "
                f"{_first(done.stderr) or _first(done.stdout) or 'no reason given'}",
                agent_name=self.name,
            )
        url = next((ln.strip() for ln in reversed(done.stdout.splitlines()) if ln.strip()), None)
        return Merged(self.name, self.base, None, None, count, url)

    async def _remote(self) -> str:
        configured = await _raw("config", f"branch.{self.base}.remote", cwd=self.source)
        remotes = (await run_git("remote", cwd=self.source)).split()
        for remote in (configured.stdout.strip(), "origin"):
            if remote and remote in remotes:
                return remote
        raise InvalidInputError(
            f"open_pull_request needs a remote to push '{self.branch}' to: "
            f"'{self.base}' has none and there is no 'origin' (git remote add origin URL)",
            agent_name=self.name,
        )


def _first(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip()), "")[:300]


# --- a workspace on its own (the fleet server inside a Coder workspace) ----------------------


async def workspace_base(path: Path) -> tuple[str | None, str]:
    """The branch checked out at ``path`` and where its work started: the merge base with its
    upstream, else with ``origin/HEAD``, else its own head (then only uncommitted changes
    show)."""
    branch = (await _raw("symbolic-ref", "--quiet", "--short", "HEAD", cwd=path)).stdout.strip()
    for other in ("@{upstream}", "refs/remotes/origin/HEAD"):
        done = await _raw("merge-base", "HEAD", other, cwd=path)
        if done.exit_code == 0 and done.stdout.strip():
            return branch or None, done.stdout.strip()
    return branch or None, (await run_git("rev-parse", "HEAD", cwd=path)).strip()


async def workspace_work(path: Path) -> WorkAtRisk:
    """What only the work tree at ``path`` holds: commits of its head on no other branch,
    remote branch or tag, and its uncommitted files."""
    branch, _ = await workspace_base(path)
    others = [f"--exclude={branch}"] if branch else []
    commits = await log_commits(path, "HEAD", *others, "--branches", "--remotes", "--tags")
    return WorkAtRisk(commits=commits, files=await uncommitted(path))
