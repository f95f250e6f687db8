"""Processes as /proc shows them, for tests that check nothing is left behind (Linux only)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

__all__ = ["alive", "descendants", "is_alive", "live_processes"]


def _state_and_parent(pid: int | str) -> tuple[str, int] | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def is_alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie does not)."""
    found = _state_and_parent(pid)
    return found is not None and found[0] not in ("Z", "X")


def alive(pids: Iterable[int]) -> set[int]:
    """The ones of `pids` that still run."""
    return {pid for pid in pids if is_alive(pid)}


def descendants(pid: int) -> set[int]:
    """Every running process below `pid`, however deep."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _state_and_parent(entry.name)):
            state, parent = found
            if state not in ("Z", "X"):
                children.setdefault(parent, []).append(int(entry.name))
    found_all: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found_all.add(child)
            todo.append(child)
    return found_all


def live_processes(needle: str) -> list[int]:
    """Pids of running (not zombie) processes whose command line contains ``needle``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if needle in cmdline and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found
