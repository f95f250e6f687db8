"""A local agent's status, and whether it needs its user, read from its records.

    starting  its workspace is being made (by a server process that is still alive)
    queued    its task waits for a free slot (the project's max_busy_agents are busy)
    idle      no task, or the last one ended, was interrupted, or predates a restart
    busy      a task is launching or running
    failed    the last task ended badly on its own, or the server making or deleting the agent
              died half-way (until the next task, a restart or a delete)
    stopped   the last task's supervisor vanished without recording an end (restart to clear)
    deleting  being deleted (by a server process that is still alive)

Attention (``needs_user_attention`` and its reason) is raised by the latest task when it
finished (its work is there to review), failed, or its newest output line reads as a question to
the user ("waiting for input", "[y/N]", "Press Enter", ...): the agent waits for someone. It
clears when the next task starts or the agent is restarted. A task the user cancelled or stopped
raises none; one the fleet stopped (past its budget) does, with the reason. A task whose
checkpoint commit failed (its work left uncommitted: a lock, a repository moved) raises it
whatever its ending, with git's reason, first. An agent whose workspace was removed by hand
needs its user too, saying so, whatever its last task did (restart makes a worktree again from
its branch). A task taken out of the queue before it started never ran: the agent's status and
attention are those of the task before it (the store's latest task is the latest that was not
dropped), and its history says it was ``cancelled`` (``task_status``: what became of each task).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from servers._common import shorten
from servers.fleet._supervisor import is_alive, process_start
from servers.fleet.local import _runs
from servers.fleet.local._store import AgentRow, TaskRow
from servers.fleet.models import AgentStatus, TaskStatus

__all__ = ["WAITING_FOR_INPUT", "Condition", "condition", "owner_identity", "task_status"]

# What an agent prints when it waits for its user: a line matching one of these, as its newest
# output line while it runs. (A task's stdin is /dev/null: it will not get an answer, but the
# user learns it asked.)
WAITING_FOR_INPUT = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\bwait(?:s|ing)? for (?:your |the user'?s? |user )?(?:input|answer|reply|confirmation)",
        r"\[(?:y/n|yes/no)\]",
        r"\((?:y/n|yes/no)\)",
        r"\bpress (?:enter|return|any key)\b",
        r"\b(?:do you want|would you like|shall i|should i) (?:me )?to\b.*\?\s*$",
        r"\b(?:approve|allow|confirm)\b.*\?\s*$",
        r"\?\s*\[[^\]]*\]\s*:?\s*$",
    )
)


@dataclass(frozen=True)
class Condition:
    """An agent's status, and why its user should look at it now (None: no need)."""

    status: AgentStatus
    attention: str | None = None


@cache
def owner_identity() -> str:
    """This process as a record names it: ``pid:start`` (start: boot id and start time)."""
    pid = os.getpid()
    return f"{pid}:{process_start(pid)}"


def _owner_alive(owner: str | None) -> bool:
    if not owner:
        return True  # an older record: nobody to check
    pid, _, start = owner.partition(":")
    return pid.isdigit() and is_alive(int(pid), start)


def _owner_pid(owner: str | None) -> str:
    return (owner or "").partition(":")[0] or "?"


def condition(agent: AgentRow, task: TaskRow | None, now: datetime) -> Condition:
    """The status of ``agent``, whose latest task is ``task``, at ``now``."""
    found = _condition(agent, task, now)
    if found.status in ("idle", "failed", "stopped") and _workspace_gone(agent):
        again = f"restart it to make it again from its branch {agent.branch}, or "
        again = again if agent.branch else ""
        return Condition(
            found.status,
            f"its workspace {agent.workspace} is gone (removed by hand?): {again}delete it",
        )
    return found


def _workspace_gone(agent: AgentRow) -> bool:
    """Whether the workspace of a made agent was removed (by hand: the fleet never does)."""
    made = agent.phase == "ready" and bool(agent.base_commit)
    return made and not (Path(agent.workspace) / ".git").exists()


def _condition(agent: AgentRow, task: TaskRow | None, now: datetime) -> Condition:
    if agent.phase in ("creating", "deleting"):
        if _owner_alive(agent.owner):
            return Condition("starting" if agent.phase == "creating" else "deleting")
        doing = "creating" if agent.phase == "creating" else "deleting"
        fix = "delete it, or restart it to finish it" if doing == "creating" else "delete it again"
        return Condition(
            "failed",
            f"failed: the fleet server {doing} it (pid {_owner_pid(agent.owner)}) stopped "
            f"half-way; {fix}",
        )
    if task is None or (agent.reset_at is not None and task.created_at <= agent.reset_at):
        return Condition("idle")
    if task.state == "queued":
        return Condition("queued")
    if task.state == "dropped":
        return Condition("idle")
    run_dir = Path(task.run_dir)
    run = _runs.read_run(run_dir, task.launched_at, now)
    if run.phase in ("launching", "running"):
        return Condition("busy", _waiting(run_dir))
    if run.checkpoint_error is not None:  # its work is only in the worktree: say so first
        return Condition("failed" if run.failed else "idle", _uncommitted(run, agent.workspace))
    if run.phase == "lost":
        return Condition(
            "stopped",
            "stopped: its task's supervisor ended without recording how the task ended; restart it",
        )
    if run.failed:
        return Condition("failed", f"failed: {run.ending}")
    if run.reason is not None:
        return Condition("idle", f"{'stopped' if run.stopped else 'over budget'}: {run.reason}")
    if run.interrupted or run.stopped:
        return Condition("idle")
    return Condition("idle", f"finished: {run.ending}")


def task_status(task: TaskRow, now: datetime) -> TaskStatus:
    """What became of ``task`` (its own, whatever the agent did since)."""
    if task.state == "queued":
        return "queued"
    if task.state == "dropped":
        return "cancelled"
    run = _runs.read_run(Path(task.run_dir), task.launched_at, now)
    if run.phase in ("launching", "running"):
        return "running"
    if run.phase == "lost":
        return "lost"
    if run.failed:
        return "failed"
    if run.interrupted:
        return "interrupted"
    if run.stopped:
        return "stopped"
    return "finished"


def _uncommitted(run: _runs.RunState, worktree: str) -> str:
    """The attention of a task whose checkpoint commit failed: why, and what to do."""
    error = run.checkpoint_error or ""
    fix = (
        f" (was the repository moved? run `git worktree repair {worktree}` in it)"
        if "not a git repository" in error
        else ""
    )
    return (
        f"checkpoint failed: the task {run.ending}, but what it left could not be committed on "
        f"its branch: {error}; the work is uncommitted in its worktree{fix}"
    )


def _waiting(run_dir: Path) -> str | None:
    line = _runs.last_line(run_dir)
    if line is None or not any(p.search(line.message) for p in WAITING_FOR_INPUT):
        return None
    return f"waiting for input: {shorten(line.message.strip())}"
