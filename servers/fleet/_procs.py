"""Every process of one task, wherever it went, and how to end them all.

A task's processes are found three ways, because each alone can be escaped:

- its **process group** (the supervisor starts the task as a group leader): a ``setsid`` leaves it;
- an **environment marker**, ``FLEET_RUN=<the run's folder>``, set in the task's environment and
  inherited by every descendant, whatever group or session it moves to and whether or not the
  supervisor is still alive (only a program that wipes its own environment drops it);
- the supervisor's **children**: it is a child subreaper (``PR_SET_CHILD_SUBREAPER``), so an
  orphaned descendant, marker or not, is re-parented to it while it lives.

:func:`kill_all` freezes what it finds (SIGSTOP, so nothing forks meanwhile), looks again until
nothing new shows up, then kills them all (SIGKILL). Signals go through a pidfd opened before the
process is checked, where the platform has them, so a recycled pid is never signalled. Standard
library only: the supervisor imports this module.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["MARKER_VAR", "become_subreaper", "children_of", "kill_all", "marked", "marker"]

MARKER_VAR = "FLEET_RUN"
_PR_SET_CHILD_SUBREAPER = 36
_MAX_ROUNDS = 100


def marker(run_dir: Path) -> str:
    """The marker value of the run in ``run_dir``."""
    return str(run_dir.absolute())


def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux); False elsewhere."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _pids() -> Iterable[int]:
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    return (int(n) for n in names if n.isdigit())


def _carries(pid: int, needle: bytes) -> bool:
    try:
        environ = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:  # gone, or not ours to read
        return False
    return needle in b"\0" + environ


def marked(value: str) -> list[int]:
    """Pids of the live processes whose environment holds ``FLEET_RUN=value``."""
    needle = f"\0{MARKER_VAR}={value}\0".encode()
    me = os.getpid()
    return [pid for pid in _pids() if pid != me and _carries(pid, needle)]


def _parent(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return None if fields[0] in ("Z", "X") else int(fields[1])


def children_of(parent: int) -> list[int]:
    """Pids of the live (not zombie) children of ``parent``."""
    return [pid for pid in _pids() if _parent(pid) == parent]


class _Handle:
    """A process pinned by a pidfd where there is one, so a signal never reaches a new process
    that took over the pid."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        opener = getattr(os, "pidfd_open", None)
        self.fd: int | None = None
        if opener is not None:
            with contextlib.suppress(OSError):
                self.fd = opener(pid)

    def signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            if self.fd is not None and hasattr(signal, "pidfd_send_signal"):
                signal.pidfd_send_signal(self.fd, sig)
            else:
                os.kill(self.pid, sig)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def kill_all(find: Callable[[], Iterable[int]], *, spare: Iterable[int] = ()) -> int:
    """Freeze every process ``find`` names (looking again until no new one appears), then kill
    them all; how many were killed. ``find`` must check its own criterion afresh each call."""
    spared = {os.getpid(), *spare}
    held: dict[int, _Handle] = {}
    try:
        for _ in range(_MAX_ROUNDS):
            new = [pid for pid in find() if pid not in spared and pid not in held]
            if not new:
                break
            handles = [_Handle(pid) for pid in new]
            still = set(find())  # what ended (and maybe gave its pid away) before being pinned
            for handle in handles:
                if handle.pid in still:
                    handle.signal(signal.SIGSTOP)
                    held[handle.pid] = handle
                else:
                    handle.close()
        for handle in held.values():
            handle.signal(signal.SIGKILL)
        return len(held)
    finally:
        for handle in held.values():
            handle.close()
